// The game page: one shell for every game. It keeps the game in step with
// the server over the WebSocket, draws the board with the game's renderer,
// builds moves click by click from the legal moves, and holds the move list,
// replay slider, offers, result dialog and reconnect banner.
import { t, lang, gameName, has } from './i18n.js';
import { h, s, mount, icon } from './dom.js';
import { APIError, Conn, api, catalog, remember, tokensFor, mine, takeBoot } from './api.js';
import { tokensReady } from './account.js';
import { attachGuide } from './guide.js';
import { Premove } from './premove.js';
import { renderMoveList, rollerAt } from './movelist.js';
import { Follow, animateToggle } from './follow.js';
import { Gesture } from './gesture.js';
import { play as playSound, muted, setMuted } from './sound.js';
import { variantName, valueName, levelText, levelNote } from './lobby-text.js';

// A renderer exports draw(board, ctx) and, if it needs them: playerNames,
// playerInfo (beside a name: Mahboussé's pip count), swatch, label, info,
// markAt, hints, unordered (clicks in any order), drawsLast (it marks the
// last move itself, from ctx.lastMove), and for a
// move built step by step on the board (Mahboussé): drawsPrefix (the board
// is drawn again after each click, from ctx.prefix), options, click, back
// and selected (in place of this page's) and actions (its buttons). Draughts-like games add shortCaptures
// (a capture is clicked from its piece to its final square, shortCaptures
// below), flippable (the board turns round on demand: ctx.flip) and
// premove(board, seat) (the locations of seat's pieces: a premove starts
// on one of them).
//
// The served page loads the game's renderer into window.plateauRenderers
// (server/web.go) before main.js runs; other games are imported when needed.
const renderers = {};
async function renderer(id) {
  renderers[id] ??= window.plateauRenderers?.[id];
  if (!renderers[id]) {
    try { renderers[id] = await import(`./games/${id}.js`); } catch { renderers[id] = await import('./games/generic.js'); }
  }
  return renderers[id];
}

const moveKinds = new Set(['move', 'roll']);

// fmtClock shows a time left: m:ss, with tenths under 10 s.
function fmtClock(ms) {
  if (ms === null) return '';
  if (ms < 10000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s0 = Math.ceil(ms / 1000);
  return `${Math.floor(s0 / 60)}:${String(s0 % 60).padStart(2, '0')}`;
}
const HISTORY = 200;

// The engines and the room say why a game ended in English words
// (game.Outcome.Reason); the page shows each in its language. Every reason
// the server can give is here (e2e/reasons_test.go checks it).
const REASONS = {
  'try scored': 'try', 'threefold repetition': 'repetition', 'no legal move': 'nomove',
  'both mother checkers pinned': 'bothpinned', 'deadlock: neither player can ever move': 'deadlock',
  'all checkers borne off': 'borneoff', 'mother checker pinned': 'motherpinned', 'no pieces left': 'nopieces',
  '25 moves each with only kings moving and no capture': 'kings25', '20 moves each without a capture or a man move': 'quiet20',
  'the same move played a third time': 'samemove', 'ball placed on the Arrivée': 'arrivee', 'no player can move': 'noplayer',
  'turn limit reached': 'limit', blocked: 'blocked', 'box shut': 'shut', 'every player is blocked or has shut the box': 'allblocked',
  'draw agreed': 'agreed', time: 'time',
};
const REASON_PATTERNS = [
  [/^player (\d+) resigned$/, 'resigned', (m, page) => ({ p: page.playerName(+m[1]) })],
  [/^match won (\d+)-(\d+)$/, 'match', (m) => ({ a: m[1], b: m[2] })],
  [/^(\d+) moves each in a counted endgame$/, 'endgame', (m) => ({ n: m[1] })],
];

// Keyboard cursor and phone sizes.
const MIN_TAP = 40; // CSS px: the least side of a location on the board
const MIN_TEXT = 11; // CSS px: the least size of the board's text
const TOUCH_OR_NARROW = '(pointer: coarse), (max-width: 760px)'; // where MIN_TAP and MIN_TEXT apply (app.css's phone layout is 760px)

export class GamePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.history = new Map(); // version -> {view, event}
    this.moves = []; // {seq, player, notation, kind}
    this.prefix = [];
    this.replayAt = null;
    this.offers = {};
    this.notice = '';
    this.seats = [];
    this.version = 0;
    const q = new URLSearchParams(location.search);
    if (q.get('token')) { // remembered once the session is known (start)
      this.invite = { seat: q.get('seat') ?? '0', token: q.get('token') };
      history.replaceState(null, '', `/g/${encodeURIComponent(id)}`);
    }
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    this.cursor = null; // the keyboard cursor's location
    this.aim = null; // where arrow keys aim, relative to the board (kept along a row or column)
    this.lastFocus = null;
    root.addEventListener('focusin', (e) => { if (e.target.closest?.('#game')) this.lastFocus = e.target; });
    this.resize = () => { clearTimeout(this.rt); this.rt = setTimeout(() => this.render(), 150); };
    window.addEventListener('resize', this.resize);
    this.hints = new HintPanel(id, () => this.renderHints());
    this.review = null; // the computer review, loaded when the game is over (review.js)
    this.pre = new Premove();
    this.glide = new Follow(this); // other players' moves shown as they happened (follow.js)
    this.flipped = flipPref(id);
    this.outside = (e) => { if (!this.el.board.contains(e.target) && this.pre.cancel()) this.decorate(this.lastLocs(this.version)); };
    document.addEventListener('pointerdown', this.outside);
    this.build();
    this.start();
    attachGuide(this); // the hints of a guided first game (guide.js)
    window.plateauPage = this; // for debugging and the browser tests
  }

  async start() {
    // The replay keeps the views of the last HISTORY events: the first hello
    // asks for those only, so that a long game opens fast.
    // The page usually has the game's summary inline (takeBoot): the board is
    // drawn from it at once, while the WebSocket connects.
    // On a browser that was signed in, the seat tokens are read once the
    // session is known: signed out elsewhere, it forgets them first
    // (account.js), so that the next person on it does not play the last
    // one's seats.
    const b = takeBoot(this.id);
    const [cat, g] = await Promise.all([catalog().catch(() => []),
      b ? (b.missing ? new APIError(404, 'not_found') : b.game) : api(`/api/games/${encodeURIComponent(this.id)}`).catch((e) => e),
      tokensReady()]);
    if (this.invite) remember(this.id, null, this.invite.seat, this.invite.token);
    if (g instanceof Error && g.status === 404) {
      mount(this.root, h('p', { class: 'error', id: 'not-found' }, t('notFound'), ' ', h('a', { href: '/', 'data-nav': true }, t('lobby'))));
      return;
    }
    this.cat = cat;
    const from = g && !(g instanceof Error) && typeof g.version === 'number' ? Math.max(0, g.version - HISTORY) : 0;
    if (g && g.game) renderer(g.game).catch(() => {}); // start loading the renderer now
    if (g && g.view && !this.view) {
      // Draw the game now; until the welcome, my seats are those I hold tokens for.
      const held = Object.keys(mine()[this.id]?.tokens || {}).map(Number).filter((x) => x >= 0 && x < g.view.players);
      this.onWelcome({ version: g.version, seats: held, game: g });
    }
    this.conn = new Conn(this.id, tokensFor(this.id), {
      onWelcome: (m) => this.onWelcome(m),
      onEvent: (m) => this.onEvent(m),
      onStatus: (ok) => this.onStatus(ok),
      onPaused: () => this.onPaused(),
      onError: (m) => this.onError(m),
      onSeats: (m) => {
        if (!this.summary || !m.game) return;
        this.summary.seats = m.game.seats;
        this.summary.status = m.game.status;
        if (this.view && this.r) this.renderPlayers();
      },
    }, from);
  }

  // setClock takes the clocks the server gives as of now: each seat's time
  // left and the seat whose clock runs; the page counts down from them.
  setClock(c) {
    this.clock = { ...c, at: performance.now() };
    clearInterval(this.clockTimer);
    if (c.running >= 0) this.clockTimer = setInterval(() => this.tickClocks(), 200);
    this.tickClocks();
  }

  // clockLeft is seat p's time left now in ms (null: no clock).
  clockLeft(p) {
    const c = this.clock;
    const left = c?.left_ms?.[p];
    if (left === null || left === undefined) return null;
    if (c.running !== p || this.view?.outcome) return left;
    return Math.max(0, left - (performance.now() - c.at));
  }

  tickClocks() {
    for (const el of this.el.players.querySelectorAll('[data-clock]')) {
      const p = +el.dataset.clock;
      const ms = this.clockLeft(p);
      el.textContent = fmtClock(ms);
      el.classList.toggle('low', ms !== null && ms < 10000);
      el.classList.toggle('running', this.clock?.running === p && !this.view?.outcome);
    }
  }

  destroy() {
    clearInterval(this.clockTimer);
    this.review?.stop();
    this.conn?.close();
    document.removeEventListener('keydown', this.keys);
    document.removeEventListener('pointerdown', this.outside);
    window.removeEventListener('resize', this.resize);
    clearTimeout(this.toastTimer);
  }

  // ---- layout ---------------------------------------------------------------

  build() {
    this.el = {
      title: h('h1', { class: 'title' }),
      variant: h('p', { class: 'variant muted', id: 'variant' }),
      // The rules open in a new tab: the game in progress stays open here.
      rules: h('a', { class: 'rules-link', id: 'rules-link', target: '_blank', rel: 'noopener', hidden: true }, `${t('rules')} ↗`),
      status: h('p', { class: 'status', id: 'status', role: 'status' }),
      players: h('ul', { class: 'players', id: 'players' }),
      banner: h('div', { class: 'banner', id: 'reconnect', hidden: true }),
      offers: h('div', { class: 'offers', id: 'offers' }),
      board: h('div', { class: 'board-wrap', id: 'board', tabindex: 0, role: 'application', 'aria-label': t('boardKeys') }),
      actions: h('div', { class: 'actions', id: 'actions' }),
      zoom: h('button', { type: 'button', class: 'zoom link', id: 'zoom', hidden: true }),
      info: h('div', { class: 'info', id: 'info' }),
      movehead: h('div', { class: 'movehead', id: 'movehead', 'aria-hidden': 'true' }),
      moves: h('ol', { class: 'movelist', id: 'movelist' }),
      tools: h('div', { class: 'tools', id: 'tools' }),
      slider: h('input', { type: 'range', id: 'replay', min: 0, max: 0, value: 0, 'aria-label': t('replay') }),
      replayLabel: h('span', { id: 'replay-label', class: 'muted' }),
      controls: h('div', { class: 'controls', id: 'controls' }),
      entry: h('form', { class: 'entry', id: 'entry' }),
      toast: h('div', { class: 'toast', id: 'toast', role: 'alert', hidden: true }),
      dialog: h('dialog', { id: 'result' }),
      review: h('section', { class: 'review', id: 'review', hidden: true, 'aria-live': 'polite' }),
    };
    this.el.slider.addEventListener('input', () => {
      const v = +this.el.slider.value;
      this.replayAt = v >= this.version ? null : v;
      this.prefix = [];
      this.render();
    });
    this.el.board.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.el.board.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.el.board.addEventListener('pointermove', (e) => this.dragMove(e));
    this.el.board.addEventListener('pointercancel', () => this.pointerCancel());
    this.el.board.addEventListener('contextmenu', (e) => { if (this.prefix.length) { e.preventDefault(); this.back(); } });
    this.el.zoom.addEventListener('click', () => { setZoomPref(!this.el.board.classList.contains('zoomed')); this.render(); });
    this.el.board.addEventListener('focus', () => { if (!this.cursor) this.startCursor(); else this.drawCursor(); });
    this.el.actions.addEventListener('click', (e) => {
      const b = e.target.closest('[data-loc]');
      if (b) this.clickLoc(b.dataset.loc);
    });
    mount(this.root, h('div', { class: 'game', id: 'game', 'data-id': this.id },
      h('div', { class: 'head' }, this.el.title, this.el.rules, this.el.status, this.el.players, this.el.variant),
      this.el.banner, this.el.offers,
      h('div', { class: 'play' }, this.el.zoom, this.el.board, this.el.actions, this.el.info, this.hints.el, this.el.review),
      h('aside', { class: 'side' },
        h('h2', {}, t('moves')), this.el.movehead, this.el.moves, this.el.tools,
        h('label', { class: 'replay' }, h('span', {}, t('replay')), this.el.slider, this.el.replayLabel),
        this.el.entry, this.el.controls),
      this.el.toast, this.el.dialog));
  }

  redraw() {
    this.build();
    this.render();
  }

  // ---- server messages -------------------------------------------------------

  onStatus(ok) {
    if (ok && this.el.banner.dataset.storage) { this.storageTrouble(); return; }
    this.el.banner.hidden = ok;
    this.el.banner.textContent = ok ? '' : t('reconnecting');
  }

  // onPaused: the server unloaded the game, no player being connected; the
  // page follows it again when asked.
  onPaused() {
    this.el.banner.hidden = false;
    mount(this.el.banner, t('paused'), ' ',
      h('button', { type: 'button', id: 'resume', onclick: () => { this.onStatus(false); this.conn.resume(); } }, t('resume')));
  }

  onWelcome(m) {
    const g = m.game || {};
    this.summary = g;
    const seats = Array.isArray(m.seats) ? m.seats : [];
    const sameSeats = seats.length === this.seats.length && seats.every((x, i) => x === this.seats[i]);
    this.seats = seats;
    if (g.game) remember(this.id, g.game, null, null);
    if (!this.seats.length && mine()[this.id] && !Object.keys(mine()[this.id].tokens).length) { /* spectator entry */ }
    const v = typeof m.version === 'number' ? m.version : g.version || 0;
    const changed = v !== this.version || !this.view;
    this.version = v;
    if (this.awaiting && v >= this.awaiting) { this.busy = false; this.awaiting = 0; }
    if (g.view) {
      this.view = g.view;
      this.history.set(v, { ...(this.history.get(v) || {}), view: g.view });
    }
    this.moves = (Array.isArray(g.moves) ? g.moves : []).map((x) => ({ ...x, seq: x.seq ?? x.version }));
    if (changed) this.prefix = [];
    this.gameId = g.game || this.view?.game;
    if (g.clock) this.setClock(g.clock);
    if (g.rematch_id) this.adoptRematch(g.rematch_id);
    if (!changed && this.r && sameSeats) {
      // The welcome confirms what the page drew from the inline summary
      // (or from before a reconnection): no need to draw the board again.
      this.renderStatus();
      this.renderPlayers();
      this.renderControls();
      this.firePremove();
      return;
    }
    this.ready();
  }

  async ready() {
    if (!this.gameId) return;
    this.r = await renderer(this.gameId);
    this.render();
    this.firePremove(); // the opponent may have moved while the page was away
  }

  // onError shows an error the server sent unasked; a store that cannot
  // write stays said in the banner until a write succeeds (the next event).
  onError(m) {
    if (m.code === 'storage_unavailable') this.storageTrouble();
    else this.toast(this.errText(m));
  }

  storageTrouble() {
    this.el.banner.hidden = false;
    this.el.banner.dataset.storage = '1';
    this.el.banner.textContent = t('err_storage_unavailable');
  }

  onEvent(m) {
    if (this.el.banner.dataset.storage) { delete this.el.banner.dataset.storage; this.el.banner.hidden = true; }
    const ev = m.event || {};
    const v = m.version ?? ev.seq;
    const prev = this.history.get(v) || {};
    this.history.set(v, { view: m.view || prev.view, event: ev });
    if (moveKinds.has(ev.kind) && !this.moves.some((x) => x.seq === v)) {
      this.moves.push({ seq: v, player: ev.player, notation: ev.notation, kind: ev.kind });
      this.moves.sort((a, b) => a.seq - b.seq);
    }
    if (ev.kind === 'undo_accept' && v > this.version) this.refetchMoves();
    if (v <= this.version) { this.onOffer(ev, true); this.renderSoon(); return; } // a catch-up event: for the move list, replay and pending offers
    this.version = v;
    if (ev.kind === 'move') this.moveSound(ev, v);
    if (m.clock) this.setClock(m.clock); // a live event: its clocks are now
    if (this.awaiting && v >= this.awaiting) { this.busy = false; this.awaiting = 0; }
    const wasOver = !!this.view?.outcome;
    if (m.view) this.view = m.view;
    if (this.summary) this.summary.version = v;
    this.prefix = [];
    this.rolled = ev.kind === 'roll';
    this.onOffer(ev);
    if (ev.kind === 'rematch' && ev.rematch_id) {
      this.adoptRematch(ev.rematch_id);
      if (this.el.dialog.open) this.showResult = true; // add the link to the open dialog
    }
    if (ev.result && this.summary) this.summary.result = ev.result;
    if (!wasOver && (this.view?.outcome?.over || ev.kind === 'end')) this.showResult = true;
    if (this.r) {
      if (this.glide.take(ev, v)) return;
      this.render();
      this.firePremove();
    } else this.ready();
  }

  // moveSound sounds a live move: a capture when the move took pieces (its
  // description in the view it was played from says so).
  moveSound(ev, v) {
    const m = this.history.get(v - 1)?.view?.moves?.find((x) => x.notation === ev.notation);
    playSound(m?.captured?.length ? 'capture' : 'move');
  }

  // refetchMoves reloads the move list after an undo took moves back.
  async refetchMoves() {
    try {
      const g = await api(`/api/games/${encodeURIComponent(this.id)}`);
      this.moves = Array.isArray(g.moves) ? g.moves : [];
      this.render();
    } catch { /* the next welcome will bring them */ }
  }

  // onOffer follows the draw offers and undo requests; quiet: a catch-up
  // event, whose answer was given already (no message).
  onOffer(ev, quiet = false) {
    const mineSeat = this.seats.includes(ev.player);
    switch (ev.kind) {
      case 'draw_offer': this.offers.draw = mineSeat ? 'sent' : ev.player; break;
      case 'undo_request': this.offers.undo = mineSeat ? 'sent' : ev.player; break;
      case 'draw_decline': this.offers.draw = null; if (!mineSeat && !quiet) this.toast(t('drawDeclined')); break;
      case 'undo_decline': this.offers.undo = null; if (!mineSeat && !quiet) this.toast(t('undoDeclined')); break;
      case 'draw_accept': case 'undo_accept': this.offers = {}; break;
      case 'move': case 'resign': case 'timeout': this.offers = {}; break;
      default:
    }
  }

  errText(m) {
    const k = `err_${m.code}`;
    const s0 = t(k);
    return s0 === k ? t('error', { m: m.message || m.code }) : s0;
  }

  // ---- drawing ---------------------------------------------------------------

  shownView() {
    if (this.replayAt === null) return this.view;
    for (let v = this.replayAt; v >= 0; v--) {
      const e = this.history.get(v);
      if (e && e.view) return e.view;
    }
    return this.view;
  }

  playerName(p) {
    if (p === -1) return t('chance');
    if (p === -2 || p === undefined || p === null) return t('nobody');
    const account = this.summary?.seats?.find((x) => x.seat === p)?.name; // the seat's account (docs/api.md, Accounts)
    if (account) return account;
    const names = this.r?.playerNames?.(this.view?.board, this.view?.players, lang);
    return (names && names[p]) || t('player', { n: p + 1 });
  }

  perspective() {
    const v = this.view;
    if (!this.seats.length) return 0;
    if (this.seats.length > 1 && v && this.seats.includes(v.toMove) && this.r?.followTurn) return v.toMove;
    return this.seats[0];
  }

  myTurn() {
    const v = this.view;
    return !!v && this.replayAt === null && !v.outcome && v.toMove >= 0 && this.seats.includes(v.toMove) && !this.busy;
  }

  // renderSoon draws once after a burst of messages (the catch-up after a
  // welcome) instead of once per message.
  renderSoon() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => { this.renderTimer = 0; this.render(); }, 0);
  }

  render() {
    clearTimeout(this.renderTimer);
    this.renderTimer = 0;
    if (!this.view || !this.r || this.glide.busy()) return;
    if (this.gesture?.holds()) { this.gesture.stale = true; return; } // never under a finger: at its release
    const v = this.shownView();
    this.renderVariant();
    this.el.rules.href = `/rules/${encodeURIComponent(this.gameId)}?lang=${lang}`;
    this.el.rules.hidden = false;
    this.renderStatus();
    this.renderPlayers();
    const lastLocs = this.lastLocs(this.replayAt ?? this.version);
    const ctx = { replay: this.replayAt !== null, seat: this.perspective(), players: v.players, toMove: v.toMove, rolled: this.rolled && this.replayAt === null, lang, t, last: lastLocs, view: v, mine: this.seats,
      prefix: this.myTurn() ? this.prefix : [], lastMove: this.lastMove(this.replayAt ?? this.version), flip: this.flipped };
    this.rolled = false;
    const board = this.r.draw(v.board, ctx);
    mount(this.el.board, board);
    this.fitBoard(board);
    mount(this.el.info, this.r.info ? this.r.info(v.board, ctx) : null);
    this.decorate(lastLocs);
    this.renderReview(v);
    this.renderMoves();
    this.renderTools();
    this.renderControls();
    this.renderHints();
    this.renderOffers();
    if (this.showResult) { this.showResult = false; this.openResult(); }
    this.keepFocus();
  }

  // keepFocus puts the focus back when the element that held it was
  // redrawn away: on the element of the same id, else on the board (never
  // the page's body).
  keepFocus() {
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected) return;
    const was = this.lastFocus;
    if (!was || was.isConnected || !this.root.isConnected || this.el.dialog.open) return;
    const again = (was.id && document.getElementById(was.id)) || this.el.board;
    again.focus({ preventScroll: true });
    if (document.activeElement !== again) this.el.board.focus({ preventScroll: true }); // a disabled button takes no focus
  }

  // fitBoard offers the board a zoomed layout when, on a touch or narrow
  // screen, fitting it would make a location smaller than MIN_TAP or its
  // text smaller than MIN_TEXT CSS px: the board then scrolls sideways in
  // its frame. A button switches between the zoomed board and the whole
  // board, the default, as on lidraughts (a zoomed board clipped the
  // pieces of its edge: issue 68); the choice is remembered. A mouse needs
  // no zoom: a desktop shows the whole board, as draughts and backgammon
  // sites do.
  fitBoard(root) {
    if (!(root instanceof SVGSVGElement)) return;
    const vb = root.viewBox.baseVal;
    if (!vb || !vb.width || !vb.height) return;
    // The frame's width follows the board's shape (app.css): a wide board,
    // Mahboussé's with its trays, is as high as a square one, not narrower.
    this.el.board.style.setProperty('--board-aspect', (vb.width / vb.height).toFixed(4));
    const fitted = root.getBoundingClientRect().width;
    if (!fitted) return;
    let loc = Infinity;
    for (const el of root.querySelectorAll('[data-loc]')) {
      const b = el.getBBox();
      if (b.width && b.height) loc = Math.min(loc, b.width, b.height);
    }
    let text = Infinity;
    for (const el of root.querySelectorAll('text')) {
      if (!el.textContent.trim() || !el.getClientRects().length) continue;
      const fs = parseFloat(getComputedStyle(el).fontSize);
      if (fs > 0) text = Math.min(text, fs);
    }
    const need = Math.max(loc < Infinity ? MIN_TAP / loc : 0, text < Infinity ? MIN_TEXT / text : 0);
    const small = fitted / vb.width < need && matchMedia(TOUCH_OR_NARROW).matches;
    const zoom = small && zoomPref() === true;
    if (zoom) root.style.minWidth = `${Math.ceil(vb.width * need)}px`;
    this.el.board.classList.toggle('zoomed', zoom);
    this.el.zoom.hidden = !small;
    mount(this.el.zoom, icon(zoom ? 'fit' : 'zoom'), ' ', t(zoom ? 'wholeBoard' : 'zoomBoard'));
  }

  // renderVariant names, in the page's language, the options this game
  // changed from the defaults (the number of players shows in the list).
  renderVariant() {
    const opts = this.cat?.find((g) => g.id === this.gameId)?.variants || [];
    const chosen = this.summary?.variant || {};
    const parts = opts.filter((o) => o.key !== 'players' && chosen[o.key] !== undefined && String(chosen[o.key]) !== String(o.default))
      .map((o) => `${variantName(this.gameId, o.key)}${lang === 'fr' ? ' : ' : ': '}${valueName(this.gameId, o.key, chosen[o.key])}`);
    this.el.variant.textContent = parts.length ? `${t('variant')} — ${parts.join(' · ')}` : '';
  }

  renderStatus() {
    const v = this.view;
    let text;
    if (this.replayAt !== null) text = `${t('replay')} ${this.replayAt}/${this.version}`;
    else if (v.outcome) text = `${t('over')} — ${this.resultText(v.outcome)}`;
    else if (v.toMove === -1) text = t('rolling');
    else if (this.busy && this.seats.includes(v.toMove)) text = this.sentText(v);
    else if (this.myTurn()) text = this.seats.length > 1 ? t('hotseat', { p: this.playerName(v.toMove) }) : t('yourTurn');
    else if (v.toMove >= 0) text = this.seats.length ? t('waiting', { p: this.playerName(v.toMove) }) : t('toMove', { p: this.playerName(v.toMove) });
    else text = '';
    if (!this.seats.length) text = `${t('spectator')} · ${text}`;
    this.el.status.textContent = text;
    this.el.status.dataset.turn = this.myTurn() ? 'me' : String(v.toMove);
    this.renderTitle();
  }

  // sentText is the status from the release of my move to its
  // confirmation: the opponent awaited, when there is one other player.
  sentText(v) {
    const others = [...Array(v.players).keys()].filter((p) => !this.seats.includes(p));
    return others.length === 1 ? t('waiting', { p: this.playerName(others[0]) }) : t('moveSent');
  }

  // renderTitle names the game, and the tab says when it is my turn.
  renderTitle() {
    const name = gameName(this.cat, this.gameId);
    this.el.title.textContent = name;
    document.title = this.myTurn() ? `● ${t('yourTurn')} — Plateau` : `${name} — Plateau`;
  }

  renderPlayers() {
    const v = this.view;
    const seats = this.summary?.seats || [];
    const items = [];
    // The computer's level is named with its published Elo under the
    // game's rules, as the lobby offered it.
    const spec = this.cat?.find((g) => g.id === this.gameId);
    for (let p = 0; p < v.players; p++) {
      const st = seats.find((x) => x.seat === p) || {};
      const joined = st.joined !== false || this.seats.includes(p) || this.moves.some((m) => m.player === p);
      const level = st.level || 'easy';
      const who = st.kind === 'ai' ? `${t('aiShort')} ${levelText(spec, v.players, this.summary?.variant, level)}` : joined ? '' : t('seatFree');
      const sw = this.r.swatch ? this.r.swatch(p, v.board) : null;
      items.push(h('li', { class: `${v.toMove === p ? 'turn ' : ''}${this.seats.includes(p) ? 'me' : ''}`, 'data-player': p },
        sw ? h('span', { class: 'swatch', 'aria-hidden': 'true' }, sw) : null,
        st.name ? h('a', { href: `/@/${encodeURIComponent(st.name)}`, 'data-nav': true, class: 'account-name' }, st.name) : h('span', {}, this.playerName(p)), this.seats.includes(p) ? h('em', {}, ` (${lang === 'fr' ? 'vous' : 'you'})`) : null,
        this.r.playerInfo ? this.r.playerInfo(p, this.shownView().board, this.myTurn() ? this.prefix : []) : null, // the replay's position in replay
        who ? h('span', { class: 'muted', title: st.kind === 'ai' ? levelNote(spec, v.players, this.summary?.variant, level) : undefined }, ` ${who}`) : null,
        st.open && !this.seats.length && !v.outcome ? h('button', { type: 'button', class: 'primary join', 'data-take': p, onclick: (e) => this.take(p, e.target) }, t('take')) : null,
        this.clockLeft(p) !== null ? [icon('clock'), h('span', { class: 'clock', 'data-clock': p, role: 'timer', 'aria-label': t('clock') }, fmtClock(this.clockLeft(p)))] : null,
        v.toMove === p ? h('span', { class: 'turnmark', 'aria-label': t('toMove', { p: '' }) }, ' ', icon('turn')) : null));
    }
    mount(this.el.players, items);
    this.tickClocks();
  }

  resultText(o) {
    if (o.reason === 'aborted') return t('aborted'); // a rated game ended too soon (docs/ratings.md)
    const r = o.results || [];
    const winners = r.map((x, i) => (x === 'win' ? i : -1)).filter((i) => i >= 0);
    const drawn = r.map((x, i) => (x === 'draw' ? i : -1)).filter((i) => i >= 0);
    let s0;
    if (winners.length === 1) s0 = t('won', { p: this.playerName(winners[0]) });
    else if (winners.length) s0 = t('wonMany', { p: joinNames(winners.map((i) => this.playerName(i))) });
    else if (drawn.length && drawn.length < r.length) s0 = t('drawn', { p: joinNames(drawn.map((i) => this.playerName(i))) });
    else s0 = t('draw');
    if (o.scores) s0 += ` · ${t('scoreIs', { s: o.scores.join(' / ') })}`;
    if (o.reason) s0 += ` (${this.reasonText(o.reason)})`;
    return s0;
  }

  // reasonText is an outcome's reason in the page's language, naming
  // players as the page does.
  reasonText(reason) {
    const code = REASONS[reason];
    if (code) return t(`reason_${code}`);
    for (const [re, c, params] of REASON_PATTERNS) {
      const m = re.exec(reason);
      if (m) return t(`reason_${c}`, params(m, this));
    }
    return has(`reason_${reason}`) ? t(`reason_${reason}`) : reason;
  }

  // lastLocs lists the clicks of the last player move at or before version v
  // (none for renderers that mark the last move themselves: drawsLast).
  lastLocs(v) {
    return this.r?.drawsLast ? [] : this.lastMove(v)?.clicks || [];
  }

  // lastMove is the last player move at or before version v: {player,
  // notation, clicks}, its clicks found in the legal moves of the view it
  // was played from; null when none is known.
  lastMove(v) {
    for (let i = v; i > 0; i--) {
      const e = this.history.get(i);
      if (!e || !e.event) return null;
      if (e.event.kind === 'undo_accept') return null;
      if (e.event.kind !== 'move') continue;
      const before = this.history.get(i - 1)?.view;
      const m = before?.moves?.find((x) => x.notation === e.event.notation);
      return { player: e.event.player, notation: e.event.notation, clicks: m?.clicks ? m.clicks.map(String) : [] };
    }
    return null;
  }

  decorate(lastLocs) {
    const v = this.shownView();
    const moves = this.myTurn() ? this.legal(v) : [];
    const { next, complete } = (this.r.options || options)(moves, this.prefix, !!this.r.unordered);
    const chosen = this.r.selected ? this.r.selected(this.prefix) : this.prefix;
    const byLoc = markBoard(this.el.board, this.r, v.board, next, chosen, lastLocs);
    // Actions: confirm a move that others extend, choose among equal ones,
    // take back the partial move, and buttons for clicks the board does not draw.
    const acts = [];
    if (this.r.actions) acts.push(...this.r.actions({ moves, prefix: this.prefix, t, send: (m) => this.send(m), back: () => this.back() }));
    const pick = this.r.actions ? null : this.choose || (complete.length && next.size ? complete : null);
    if (pick) {
      for (const m of pick) acts.push(h('button', { type: 'button', class: 'primary', 'data-move': m.notation, onclick: () => this.send(m) }, this.choose ? m.notation : `${t('confirm')} (${m.notation})`));
    }
    if (!this.prefix.length && !this.r.actions) {
      // Moves made of no click at all (a pass): a button each.
      for (const m of moves) if (!(m.clicks || []).length && !(m.paths || []).length) acts.push(h('button', { type: 'button', class: 'primary', 'data-move': m.notation, onclick: () => this.send(m) }, m.notation));
    }
    for (const loc of next) {
      if (!byLoc.has(loc)) acts.push(h('button', { type: 'button', 'data-loc': loc, class: 'loc' }, this.r.label ? this.r.label(loc, v.board) : loc));
    }
    if (this.prefix.length && !this.r.actions) acts.push(h('button', { type: 'button', id: 'back', onclick: () => this.back() }, icon('back'), ` ${t('undoStep')}`));
    // Two captures from this piece end on the square clicked: which way?
    if (this.r.shortCaptures && this.prefix.length > 1 && next.size) acts.unshift(h('p', { class: 'note', id: 'via', role: 'status' }, t('via')));
    mount(this.el.actions, acts);
    this.markPremove(byLoc);
    this.showTargets();
    this.drawCursor();
    this.keepFocus();
    this.el.board.dataset.prefix = this.prefix.join(' ');
    this.el.board.dataset.version = String(this.version);
    // The time from navigation to a playable board, read by the browser tests.
    if (!performance.getEntriesByName('plateau-ready').length) performance.mark('plateau-ready');
    this.el.board.dataset.position = v.position;
    this.root.querySelector('#game').dataset.over = this.view.outcome ? '1' : '';
    this.root.querySelector('#game').dataset.busy = this.busy ? '1' : '';
  }

  renderMoves() {
    renderMoveList(this.el.moves, this.el.movehead, { moves: this.moves, players: this.view.players, toMove: this.view.toMove, at: this.replayAt,
      roller: (seq) => rollerAt(this.r, this.history.get(seq - 1)?.view), quiet: this.r.quietMove, name: (p) => this.playerName(p),
      mark: (seq) => this.review?.mark(seq), noMove: t('noMove'), jump: (seq) => this.jump(seq) });
    const versions = [...this.history.keys()].filter((k) => this.history.get(k).view);
    const min = versions.length ? Math.min(...versions) : this.version;
    this.el.slider.min = String(min);
    this.el.slider.max = String(this.version);
    this.el.slider.value = String(this.replayAt ?? this.version);
    this.el.slider.disabled = min >= this.version;
    this.el.replayLabel.textContent = this.replayAt === null ? t('live') : `${this.replayAt}/${this.version}`;
  }

  // renderReview shows the computer review of a finished game (review.js,
  // loaded then: a game in play does not need it).
  renderReview(v) {
    if (this.review) {
      this.review.render();
      this.review.drawBest(this.el.board, this.gameId, v.board, this.r);
    } else if (this.view.outcome && !this.reviewLoading) {
      this.reviewLoading = import('./review.js').then(({ Review }) => { this.review = new Review(this); this.render(); });
    }
  }

  jump(v) {
    this.replayAt = v >= this.version ? null : v;
    this.prefix = [];
    this.render();
  }

  renderControls() {
    const v = this.view;
    const over = !!v.outcome;
    const holds = this.seats.length > 0;
    const two = v.players === 2;
    const btn = (id, label, fn, show = true) => (show ? h('button', { type: 'button', id, onclick: fn }, label) : null);
    // A request of mine waiting for its answer: the button stays, disabled, and says so.
    const asked = (id, label, kind, fn, show) => (!show ? null : this.offers[kind] === 'sent'
      ? h('button', { type: 'button', id, disabled: true, class: 'waiting', 'aria-describedby': `${kind}-waiting` }, icon('hourglass'), ' ', label)
      : btn(id, t(kind === 'draw' ? 'offerDraw' : 'undoReq'), fn, !this.offers[kind]));
    const drawGame = !!this.cat?.find((g) => g.id === this.gameId)?.draw_offer;
    const watch = new URL(`/g/${this.id}`, location.origin).href;
    mount(this.el.controls,
      btn('resign', t('resign'), () => this.resign(), holds && !over && two),
      asked('draw-offer', t('drawSent'), 'draw', () => this.request({ type: 'draw', action: 'offer' }), holds && !over && two && drawGame && this.seats.length === 1),
      asked('undo-request', t('undoSent'), 'undo', () => this.request({ type: 'undo', action: 'request' }), holds && !over && this.summary?.casual !== false && (this.offers.undo === 'sent' || this.moves.some((m) => this.seats.includes(m.player)))),
      btn('rematch', t('rematch'), () => this.request({ type: 'rematch' }), holds && over && !this.rematchId),
      this.rematchId ? h('a', { href: `/g/${this.rematchId}`, 'data-nav': true, class: 'button primary', id: 'rematch-link' }, t('newRematch')) : null,
      this.hintsOffered() ? h('label', { class: 'hint-toggle' }, h('input', { type: 'checkbox', id: 'hints-toggle', checked: hintsOn(), onchange: (e) => { setHintsOn(e.target.checked); this.renderHints(); } }), t('hints')) : null,
      h('p', { class: 'watchlink' }, h('span', { class: 'muted' }, `${t('watchers')}: `), h('a', { href: watch, 'data-nav': true, class: 'url' }, watch)),
      over ? h('p', { class: 'watchlink' }, h('a', { href: `/api/games/${this.id}/export`, download: `${this.id}.json`, id: 'export' },
        t(this.moves.some((m) => m.kind === 'roll') ? 'exportDice' : 'export')),
        this.gameId === 'dames' ? [' · ', h('a', { href: `/api/games/${this.id}/export.pdn`, download: `${this.id}.pdn` }, t('pdn'))] : null) : null,
      // The analysis board, only once the game is over: no engine help during a game.
      over ? h('p', { class: 'watchlink' }, h('a', { href: this.analysisURL(), id: 'analyse-link' }, t('analysisHere'))) : null);
    this.renderEntry();
  }

  // renderEntry offers keyboard and screen-reader play: type a move's notation.
  renderEntry() {
    const v = this.view;
    if (this.myTurn()) {
      const list = h('datalist', { id: 'legal' }, (v.moves || []).slice(0, 400).map((m) => h('option', { value: m.notation })));
      const input = h('input', { id: 'move-input', list: 'legal', autocomplete: 'off', 'aria-label': t('typeMove'), placeholder: t('typeMove') });
      mount(this.el.entry, list, input, h('button', { type: 'submit' }, t('send')));
      this.el.entry.onsubmit = (e) => {
        e.preventDefault();
        const m = (v.moves || []).find((x) => x.notation === input.value.trim());
        if (m) this.send(m); else this.toast(t('err_illegal_move'));
      };
    } else mount(this.el.entry);
  }

  // hintsOffered says whether the page offers the solver's hints: for the
  // games whose renderer exports hints, in a game of one seat (Shut the
  // Box solitaire) or of AI seats only; the server refuses them to
  // everyone while people play (403 hints_refused, docs/api.md).
  hintsOffered() {
    const seats = this.summary?.seats || [];
    return !!this.r?.hints && seats.length > 0 && (seats.length === 1 || seats.every((s) => s.kind !== 'human'));
  }

  // analysisURL links the position shown (the replay's, or the last) to
  // the analysis board, with the game's variant.
  analysisURL() {
    const q = new URLSearchParams(this.summary?.variant || {});
    q.set('position', this.shownView().position);
    return `/analysis/${encodeURIComponent(this.gameId)}?${q}`;
  }

  // renderHints shows the solver's hints when the page offers them, the
  // toggle is on and a player is to move.
  renderHints() {
    const v = this.view;
    const want = this.hintsOffered() && hintsOn() && !!v && this.replayAt === null && !v.outcome && v.toMove >= 0;
    this.hints.show(want, this.version, v?.players, this.r?.label && ((m) => this.r.label(m, v.board)), (m) => this.pointHint(m));
  }

  // pointHint outlines on the board the clicks of a hinted move (null: none).
  pointHint(notation) {
    const m = notation && (this.view?.moves || []).find((x) => x.notation === notation);
    const locs = (m?.clicks || []).map(String);
    for (const el of this.el.board.querySelectorAll('[data-loc]')) el.classList.toggle('hinted', locs.includes(el.dataset.loc));
  }

  renderOffers() {
    const items = [];
    for (const kind of ['draw', 'undo']) {
      const p = this.offers[kind];
      if (p === null || p === undefined || !this.seats.length || this.view?.outcome) continue;
      if (p === 'sent') {
        items.push(h('div', { class: 'offer waiting', id: `${kind}-waiting`, role: 'status' }, icon('hourglass'), ' ', t(kind === 'draw' ? 'drawWaiting' : 'undoWaiting')));
        continue;
      }
      const type = kind;
      items.push(h('div', { class: 'offer', id: `${kind}-pending`, role: 'alert' },
        h('span', {}, t(kind === 'draw' ? 'drawOffered' : 'undoRequested', { p: this.playerName(p) })), ' ',
        h('button', { type: 'button', class: 'primary', onclick: () => this.request({ type, action: 'accept' }) }, t('accept')), ' ',
        h('button', { type: 'button', onclick: () => { this.offers[kind] = null; this.request({ type, action: 'decline' }); } }, t('decline'))));
    }
    mount(this.el.offers, items);
  }

  openResult() {
    const o = this.view.outcome;
    if (!o) return;
    const d = this.el.dialog;
    const mineRes = this.seats.length === 1 ? (o.results || [])[this.seats[0]] : null;
    const head = mineRes === 'win' ? t('youWon') : mineRes === 'loss' ? t('youLost') : t('over');
    const shape = mineRes === 'win' ? '★' : mineRes === 'loss' ? '✕' : '◆';
    const changes = this.summary?.rated ? h('div', { id: 'result-ratings' }) : null;
    if (changes) import('./ratingchart.js').then((m) => m.fillRatingChanges(changes, this.id, this.gameId, this.summary.seats)).catch(() => {});
    mount(d, h('form', { method: 'dialog' },
      h('h2', {}, h('span', { 'aria-hidden': 'true' }, `${shape} `), head),
      h('p', { id: 'result-text' }, this.resultText(o)),
      changes,
      h('div', { class: 'row' },
        this.rematchId ? h('a', { href: `/g/${this.rematchId}`, 'data-nav': true, class: 'button', id: 'dialog-rematch-link', onclick: () => d.close() }, t('newRematch'))
          : this.seats.length ? h('button', { type: 'button', id: 'dialog-rematch', onclick: () => { d.close(); this.request({ type: 'rematch' }); } }, t('rematch')) : null,
        h('button', { value: 'close', id: 'dialog-close', class: 'primary' }, t('close')))));
    if (!d.open) { try { d.showModal(); } catch { d.setAttribute('open', ''); } }
  }

  // ---- input -----------------------------------------------------------------

  locAt(e) {
    const el = (e.target instanceof Element ? e.target : null)?.closest('[data-loc]');
    return el && this.el.board.contains(el) ? el.dataset.loc : null;
  }

  // A press on a location starts a gesture (gesture.js): the board is not
  // redrawn until its release. A board drawn again at each click
  // (drawsPrefix: Mahboussé) takes the click at the release, which a
  // redrawing cannot then move; others take it at the press, so that the
  // piece chosen follows a drag.
  pointerDown(e) {
    if (e.button > 0) return;
    const loc = this.locAt(e);
    this.gesture = loc === null ? null : new Gesture(loc, e, this.el.board);
    if (loc === null) { if (this.pre.cancel()) this.decorate(this.lastLocs(this.version)); return; }
    e.preventDefault();
    try { this.el.board.setPointerCapture(e.pointerId); } catch { /* a synthetic event */ }
    if (this.r?.drawsPrefix) return;
    this.clickLoc(loc);
    this.dragStart(e, loc);
  }

  pointerUp(e) {
    const g = this.gesture;
    this.gesture = null;
    this.dragEnd();
    if (!g) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const el = under?.closest?.('[data-loc]');
    const loc = el && this.el.board.contains(el) ? el.dataset.loc : null;
    const drag = loc !== null && loc !== g.loc && g.isDrag(e, this.el.board);
    if (g.stale) this.render();
    if (this.r?.drawsPrefix) this.clickLoc(g.loc);
    if (drag) this.clickLoc(loc); // a drag ends on another location
  }

  pointerCancel() {
    const g = this.gesture;
    this.gesture = null;
    this.dragEnd();
    if (g?.stale) this.render();
  }

  onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const onBoard = e.target === this.el.board;
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key === 'Escape' || e.key === 'Backspace') {
      if (this.prefix.length) { e.preventDefault(); this.back(); } else if (this.pre.cancel()) this.decorate(this.lastLocs(this.version));
    } else if (onBoard && arrows[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.moveCursor(...arrows[e.key]);
    } else if (onBoard && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      if (this.cursor !== null) this.clickLoc(this.cursor);
    } else if ((e.key === 'ArrowLeft' && e.altKey) || e.key === '[') {
      e.preventDefault();
      this.jump(Math.max(+this.el.slider.min, (this.replayAt ?? this.version) - 1));
    } else if ((e.key === 'ArrowRight' && e.altKey) || e.key === ']') {
      e.preventDefault();
      this.jump((this.replayAt ?? this.version) + 1);
    }
  }

  // showTargets scrolls a zoomed board sideways to its targets when none is
  // in sight (on a phone, the move to make is on the screen).
  // On a phone's first drawing with targets, the page scrolls down, if it
  // must, until one is in sight.
  showTargets() {
    if (this.gesture) return; // the board stays put under a finger
    const w = this.el.board;
    const els = [...w.querySelectorAll('svg [data-loc].target')];
    if (els.length && !this.revealed && innerWidth <= 760) {
      this.revealed = true;
      if (!els.some((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })) {
        const low = els.reduce((a, b) => (a.getBoundingClientRect().bottom <= b.getBoundingClientRect().bottom ? a : b));
        const r = low.getBoundingClientRect();
        scrollBy(0, r.bottom - innerHeight + 8);
      }
    }
    if (!w.classList.contains('zoomed')) return;
    const wr = w.getBoundingClientRect();
    const ts = els.map((el) => el.getBoundingClientRect());
    if (!ts.length || ts.some((r) => r.left >= wr.left - 1 && r.right <= wr.right + 1)) return;
    const left = Math.min(...ts.map((r) => r.left));
    const right = Math.max(...ts.map((r) => r.right));
    w.scrollLeft += Math.min(left - wr.left, (left + right) / 2 - (wr.left + wr.right) / 2);
  }

  // ---- keyboard cursor ----------------------------------------------------
  // Arrow keys move a cursor over the board's locations (every [data-loc]
  // the renderer draws), from where each is drawn: whatever a renderer
  // draws, turned or zoomed, the arrows follow the picture.

  // locBoxes lists the board's locations with their centres, relative to
  // the board, in CSS px; one per location.
  locBoxes() {
    const root = this.el.board.querySelector('svg');
    if (!root) return [];
    const o = root.getBoundingClientRect();
    const seen = new Set();
    const out = [];
    for (const el of root.querySelectorAll('[data-loc]')) {
      const loc = el.dataset.loc;
      const r = el.getBoundingClientRect();
      if (seen.has(loc) || (!r.width && !r.height)) continue;
      seen.add(loc);
      out.push({ loc, el, x: r.left - o.left + r.width / 2, y: r.top - o.top + r.height / 2 });
    }
    return out;
  }

  // startCursor puts the cursor on the first target (or location).
  startCursor() {
    const all = this.locBoxes();
    const first = all.find((l) => l.el.classList.contains('target')) || all[0];
    if (first) this.setCursor(first.loc);
  }

  setCursor(loc, keepAim = false) {
    this.cursor = loc;
    if (!keepAim) this.aim = null;
    this.drawCursor();
    const el = this.el.board.querySelector(`svg [data-loc="${CSS.escape(loc)}"]`);
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  // moveCursor moves the cursor to the nearest location in a direction:
  // one step along the row (or column), keeping the aim of earlier steps
  // across, like a text cursor keeps its column.
  moveCursor(dx, dy) {
    const all = this.locBoxes();
    if (!all.some((l) => l.loc === this.cursor)) { this.startCursor(); return; }
    const next = cursorStep(all, this.cursor, this.aim, dx, dy);
    if (!next) return;
    this.aim = next.aim;
    this.setCursor(next.loc, true);
  }

  // drawCursor draws the cursor's frame (shown while the board has the
  // keyboard focus) and names its location for screen readers.
  drawCursor() {
    const root = this.el.board.querySelector('svg');
    if (!root) return;
    root.querySelector('.kcursor')?.remove();
    this.el.board.querySelector('#kcursor-loc')?.removeAttribute('id');
    const el = this.cursor === null ? null : root.querySelector(`[data-loc="${CSS.escape(this.cursor)}"]`);
    if (!el) { this.el.board.removeAttribute('aria-activedescendant'); return; }
    const b = el.getBBox();
    const pad = 1.5;
    root.append(s('rect', { class: 'kcursor', 'aria-hidden': 'true', x: b.x + pad, y: b.y + pad, width: Math.max(0, b.width - 2 * pad), height: Math.max(0, b.height - 2 * pad), rx: 3 }));
    el.id = 'kcursor-loc';
    this.el.board.setAttribute('aria-activedescendant', 'kcursor-loc');
    this.el.board.dataset.cursor = this.cursor;
  }

  clickLoc(loc) {
    if (!this.myTurn()) { this.premoveClick(loc); return; }
    const moves = this.legal(this.shownView());
    const r = this.r.click ? this.r.click(moves, this.prefix, loc) : click(moves, this.prefix, loc, !!this.r.unordered);
    if (!r.changed) return;
    this.prefix = r.prefix;
    this.choose = r.choose || null;
    if (this.el.board.contains(this.el.board.querySelector(`svg [data-loc="${CSS.escape(loc)}"]`))) {
      this.cursor = loc;
      this.aim = null;
    }
    if (r.send) { this.send(r.send); return; }
    if (this.r.drawsPrefix) { this.render(); return; } // the board shows the steps so far
    this.decorate(this.lastLocs(this.version));
  }

  back() {
    this.prefix = this.r.back ? this.r.back(this.prefix) : this.prefix.slice(0, -1);
    this.choose = null;
    if (this.r.drawsPrefix) this.render(); else this.decorate(this.lastLocs(this.version));
  }

  async send(m) {
    this.choose = null;
    this.prefix = [];
    this.busy = true;
    this.sent = m; // a premove may start from where it lands (premoveClick)
    this.renderStatus(); // no more "Your turn" while the server confirms
    this.decorate(this.lastLocs(this.version));
    try {
      const ack = await this.conn.send({ type: 'move', version: this.version, move: m.notation });
      // Stay busy until the move's own event has arrived.
      if (ack && typeof ack.version === 'number' && ack.version > this.version) {
        this.awaiting = ack.version;
        return;
      }
    } catch (e) {
      this.pre.cancel(); // queued after a move that was not played
      this.onError(e);
    }
    this.busy = false;
    this.render();
    this.firePremove(); // the events came before the ack: the opponent may have answered
  }

  async request(msg) {
    try {
      const ack = await this.conn.send(msg);
      if (msg.type === 'rematch' && ack) this.takeRematch(ack);
    } catch (e) {
      this.toast(this.errText(e));
    }
    this.render();
  }

  // takeRematch follows a rematch named in an ack.
  takeRematch(ack) {
    if (ack.rematch_id) this.adoptRematch(ack.rematch_id);
  }

  // adoptRematch remembers my seat tokens for the rematch: the server keeps
  // the tokens and turns the seats round by one.
  adoptRematch(id) {
    if (this.rematchId === id) return;
    this.rematchId = id;
    const g = mine()[this.id];
    const n = this.view?.players || 2;
    if (g) for (const [seat, tok] of Object.entries(g.tokens)) remember(id, this.gameId, String((+seat - 1 + n) % n), tok);
  }

  // take claims an open seat for this browser and plays it from now on.
  async take(seat, btn) {
    btn.disabled = true;
    try {
      const res = await api(`/api/games/${encodeURIComponent(this.id)}/seats/${seat}/claim`, { method: 'POST' });
      remember(this.id, this.gameId, res.seat, res.token);
      this.conn.relogin(tokensFor(this.id));
    } catch (e) {
      btn.disabled = false;
      this.toast(this.errText(e));
    }
  }

  resign() {
    // Two steps: the first click asks, the second (within 5 s) resigns.
    const b = this.el.controls.querySelector('#resign');
    if (b && !b.dataset.armed) {
      b.dataset.armed = '1';
      b.textContent = t('resignConfirm');
      b.classList.add('danger');
      setTimeout(() => { if (b.isConnected) { delete b.dataset.armed; b.textContent = t('resign'); b.classList.remove('danger'); } }, 5000);
      return;
    }
    const seat = this.seats.includes(this.view.toMove) ? this.view.toMove : this.seats[0];
    this.request({ type: 'resign', seat });
  }

  // ---- premove, flip, sound ------------------------------------------------

  // legal is the moves of view v as the page clicks them: captures from
  // their piece to their final square for renderers that say shortCaptures.
  legal(v) {
    const ms = v?.moves || [];
    if (!this.r?.shortCaptures) return ms;
    if (this.legalOf !== ms) { this.legalOf = ms; this.legalShort = shortCaptures(ms); }
    return this.legalShort;
  }

  // canPremove says whether a player may queue a move now: one seat on this
  // screen, the live game, the opponent to move or my move sent and not
  // yet confirmed (from the moment it is released: issue 68).
  canPremove() {
    const v = this.view;
    return !!this.r?.premove && this.seats.length === 1 && !!v && !v.outcome && this.replayAt === null && v.toMove >= 0 && (this.busy || !this.seats.includes(v.toMove));
  }

  premoveClick(loc) {
    if (!this.canPremove()) return;
    const mine = new Set((this.r.premove(this.view.board, this.seats[0]) || []).map(String));
    if (this.busy && this.sent) { // the board still shows my move unplayed: its piece is where it lands
      const c = clicksOf(this.sent);
      mine.delete(String(this.sent.from ?? c[0]));
      mine.add(String(this.sent.to ?? c[c.length - 1]));
    }
    if (this.pre.click(String(loc), mine)) this.decorate(this.lastLocs(this.version));
  }

  // markPremove marks the queued move (or its piece) on the board and says
  // it is queued.
  markPremove(byLoc) {
    const locs = this.canPremove() ? this.pre.locs() : [];
    for (const [loc, el] of byLoc) el.classList.toggle('pre', locs.includes(loc));
    this.el.board.dataset.premove = (this.pre.queued || []).join(' ');
    if (this.pre.queued && locs.length) {
      this.el.actions.append(h('p', { class: 'premove', id: 'premove', role: 'status' }, t('premove', { m: this.pre.queued.join('-') }), ' ',
        h('button', { type: 'button', class: 'link', onclick: () => { this.pre.cancel(); this.decorate(this.lastLocs(this.version)); } }, t('cancel'))));
    }
  }

  // firePremove plays the queued move when my turn comes, if it is legal
  // now; otherwise it says the move was dropped. A piece selected but not
  // yet moved stays selected when it can move.
  firePremove() {
    if (!this.myTurn()) {
      if (!this.canPremove() && this.pre.cancel()) this.decorate(this.lastLocs(this.version));
      return;
    }
    const moves = this.legal(this.view);
    const sel = this.pre.sel;
    const r = this.pre.take((q) => options(moves, q));
    if (r.move) { this.send(r.move); return; }
    if (r.dropped) this.toast(t('premoveDropped', { m: r.dropped.join('-') }));
    else if (sel !== null) {
      const c = click(moves, [], sel);
      if (c.changed && !c.send) this.prefix = c.prefix;
    }
    this.decorate(this.lastLocs(this.version));
  }

  // renderTools draws the board's tools: turn the board round (renderers
  // that say flippable) and sound on or off.
  renderTools() {
    const flip = this.r.flippable ? h('button', { type: 'button', id: 'flip', 'aria-pressed': String(this.flipped), onclick: () => {
      this.flipped = !this.flipped;
      setFlipPref(this.id, this.flipped);
      this.render();
    } }, icon('flip'), ` ${t('flip')}`) : null;
    const off = muted();
    mount(this.el.tools, flip, h('button', { type: 'button', id: 'mute', 'aria-pressed': String(off), onclick: () => { setMuted(!muted()); this.renderTools(); } },
      icon(off ? 'mute' : 'sound'), ` ${t(off ? 'soundOff' : 'soundOn')}`), animateToggle(() => this.renderTools()));
  }

  // dragStart lets the piece just selected follow the pointer until it is
  // released (the square under the pointer then takes the click).
  dragStart(e, loc) {
    const sel = this.prefix.length === 1 || this.pre.sel !== null;
    const el = sel && this.el.board.querySelector(`svg [data-loc="${CSS.escape(loc)}"] .piece`);
    if (!el) return;
    this.drag = { el, x: e.clientX, y: e.clientY };
    try { this.el.board.setPointerCapture(e.pointerId); } catch { /* a synthetic event */ }
  }

  dragMove(e) {
    const d = this.drag;
    const m = d && d.el.isConnected && d.el.ownerSVGElement?.getScreenCTM();
    if (!m) return;
    if (!d.home) { // on top of every square while it moves
      d.home = d.el.parentNode;
      d.el.style.pointerEvents = 'none';
      d.el.ownerSVGElement.append(d.el);
    }
    d.el.setAttribute('transform', `translate(${(e.clientX - d.x) / m.a} ${(e.clientY - d.y) / m.d})`);
  }

  dragEnd() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.el.removeAttribute('transform');
    d.el.style.pointerEvents = '';
    if (d.home?.isConnected) d.home.append(d.el);
  }

  toast(text) {
    const el = this.el.toast;
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { el.hidden = true; }, 3500);
  }
}



// ---- zoom ------------------------------------------------------------------

const ZOOM_KEY = 'plateau.zoom';

/** zoomPref is this browser's choice of a zoomed board on a small screen (null: none yet). */
function zoomPref() {
  try { const z = localStorage.getItem(ZOOM_KEY); return z === null ? null : z === '1'; } catch { return null; }
}

function setZoomPref(on) {
  try { localStorage.setItem(ZOOM_KEY, on ? '1' : '0'); } catch { /* storage may be disabled */ }
}

// ---- flip and move pairs -----------------------------------------------------

const flipKey = (id) => `plateau.flip.${id}`;

/** flipPref is whether this browser turned game id's board round. */
function flipPref(id) {
  try { return localStorage.getItem(flipKey(id)) === '1'; } catch { return false; }
}

function setFlipPref(id, on) {
  try { if (on) localStorage.setItem(flipKey(id), '1'); else localStorage.removeItem(flipKey(id)); } catch { /* storage may be disabled */ }
}

// ---- keyboard cursor -------------------------------------------------------

/**
 * cursorStep is where an arrow key (dx, dy) takes the cursor from loc,
 * among locations all ({loc, x, y}: their centres): to the nearest column
 * (or row) ahead, on the location nearest to the aim across (the row, or
 * column, the cursor keeps while it moves the other way). aim is null or
 * {x, y}. It returns {loc, aim}, or null at the edge.
 */
export function cursorStep(all, loc, aim, dx, dy) {
  const cur = all.find((l) => l.loc === loc);
  if (!cur) return null;
  const ahead = all.filter((l) => (dx ? (l.x - cur.x) * dx : (l.y - cur.y) * dy) > 2);
  if (!ahead.length) return null;
  const dist = (l) => (dx ? Math.abs(l.x - cur.x) : Math.abs(l.y - cur.y));
  const step = Math.min(...ahead.map(dist));
  const band = ahead.filter((l) => dist(l) <= step * 1.5);
  const a = aim || { x: cur.x, y: cur.y };
  const across = (l) => (dx ? Math.abs(l.y - a.y) : Math.abs(l.x - a.x));
  band.sort((p, q) => across(p) - across(q) || dist(p) - dist(q) || (p.y - q.y) || (p.x - q.x));
  const to = band[0];
  return { loc: to.loc, aim: dx ? { x: to.x, y: a.y } : { x: a.x, y: to.y } };
}

// ---- pick ------------------------------------------------------------------

// Building a move click by click from the server's legal moves. Every move
// description carries `clicks`: the locations a player selects, in order.
// The browser never knows the rules: it only matches what was clicked so far
// (the prefix) against the legal moves.

const clicksOf = (m) => (Array.isArray(m.clicks) ? m.clicks.map(String) : []);

// seqs lists the click sequences that make a move: its `paths` when the
// game gives several orders (Mahboussé), else its `clicks`.
const seqs = (m) => (Array.isArray(m.paths) && m.paths.length ? m.paths.map((p) => p.map(String)) : [clicksOf(m)]);

function startsWith(clicks, prefix) {
  if (clicks.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (clicks[i] !== prefix[i]) return false;
  return true;
}

// markBoard marks the locations drawn in wrap by renderer r (board is the
// view's board): the class target on the next click's targets, sel on the
// chosen ones, last on the last move's, each labelled for screen readers;
// and, shapes and not only colours, a ring on each target and a dot on each
// chosen one. It returns the first element of each location. The game page
// and the rules pages' examples share it.
export function markBoard(wrap, r, board, next, chosen, last) {
  const byLoc = new Map();
  for (const el of wrap.querySelectorAll('[data-loc]')) {
    const loc = el.dataset.loc;
    if (!byLoc.has(loc)) byLoc.set(loc, el);
    el.classList.toggle('target', next.has(loc));
    el.classList.toggle('sel', chosen.includes(loc));
    el.classList.toggle('last', last.includes(loc));
    el.setAttribute('aria-label', r.label ? r.label(loc, board) : loc);
  }
  const root = wrap.querySelector('svg');
  if (!root) return byLoc;
  root.querySelector('.marks')?.remove();
  const marks = s('g', { class: 'marks', 'aria-hidden': 'true' });
  const mark = (loc, cls) => {
    const el = byLoc.get(loc);
    if (!el?.getBBox) return;
    const b = el.getBBox();
    const at = r.markAt ? r.markAt(loc, b, board) : { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    marks.append(s('circle', { cx: at.x, cy: at.y, r: Math.max(3, Math.min(b.width, b.height) * 0.22), class: cls }));
  };
  for (const loc of next) mark(loc, 'm-target');
  for (const loc of chosen) mark(loc, 'm-sel');
  root.append(marks);
  return byLoc;
}

/**
 * options describes what the prefix allows: `next`, the locations that
 * continue some legal move; `complete`, the moves whose clicks are exactly
 * the prefix.
 */
export function options(moves, prefix, unordered = false) {
  const next = new Set();
  const complete = [];
  for (const m of moves) {
    const c = clicksOf(m);
    if (unordered) {
      // A set of clicks (Shut the Box tiles): any order.
      if (c.length < prefix.length || !prefix.every((x) => c.includes(x))) continue;
      if (c.length === prefix.length) {
        if (prefix.length > 0) complete.push(m);
      } else for (const x of c) if (!prefix.includes(x)) next.add(x);
      continue;
    }
    let done = false;
    for (const q of seqs(m)) {
      if (!startsWith(q, prefix)) continue;
      if (q.length > prefix.length) next.add(q[prefix.length]);
      else if (prefix.length > 0) done = true;
    }
    if (done) complete.push(m);
  }
  return { next, complete };
}

/**
 * click applies a click on loc to the prefix and says what to do:
 * {prefix, send?: move, choose?: [moves], changed: bool}.
 * A click on a continuation extends the prefix; a click on the last chosen
 * location takes it back; a click on another first location starts over;
 * anything else changes nothing (an illegal target).
 */
export function click(moves, prefix, loc, unordered = false) {
  loc = String(loc);
  const { next } = options(moves, prefix, unordered);
  let p;
  if (next.has(loc)) p = [...prefix, loc];
  else if (unordered && prefix.includes(loc)) return { prefix: prefix.filter((x) => x !== loc), changed: true };
  else if (prefix.length && prefix[prefix.length - 1] === loc) return { prefix: prefix.slice(0, -1), changed: true };
  else if (prefix.length && options(moves, [], unordered).next.has(loc)) p = [loc];
  else return { prefix, changed: false };
  const o = options(moves, p, unordered);
  if (o.next.size === 0 && o.complete.length === 1) return { prefix: [], send: o.complete[0], changed: true };
  if (o.next.size === 0 && o.complete.length > 1) return { prefix: p, choose: o.complete, changed: true };
  return { prefix: p, changed: true };
}

/**
 * shortCaptures gives each capture (a move with from, to and path, as
 * draughts' are) the clicks a draughts player expects: the piece, then its
 * final square; when two captures share both, the squares where their
 * paths part follow, one at a time, until one capture is left. The moves
 * are returned with these clicks as their only `paths`; others unchanged.
 */
export function shortCaptures(moves) {
  const key = (m) => `${m.from}>${m.to}`;
  const isCap = (m) => Array.isArray(m.path) && m.path.length > 0 && m.from !== undefined && m.to !== undefined;
  const groups = new Map();
  for (const m of moves) if (isCap(m)) groups.set(key(m), [...(groups.get(key(m)) || []), m]);
  return moves.map((m) => {
    if (!isCap(m)) return m;
    const seq = [String(m.from), String(m.to)];
    let same = groups.get(key(m));
    for (let i = 0; same.length > 1 && i < m.path.length - 1; i++) {
      const sq = m.path[i];
      if (same.every((o) => o.path[i] === sq)) continue;
      seq.push(String(sq));
      same = same.filter((o) => o.path[i] === sq);
    }
    return { ...m, paths: [seq] };
  });
}

// ---- hints -----------------------------------------------------------------

// Solver hints (GET /api/games/{id}/hints, docs/api.md): an opt-in study aid
// for the games whose renderer exports `hints`. When the toggle is on and a
// player is to move, the panel lists the legal moves best first with their
// values. It asks the server once per game version.

const HINTS_KEY = 'plateau.hints';

/** hintsOn says whether this browser wants hints (remembered). */
export function hintsOn() {
  try { return localStorage.getItem(HINTS_KEY) === '1'; } catch { return false; }
}

/** setHintsOn remembers the hints toggle. */
export function setHintsOn(on) {
  try { localStorage.setItem(HINTS_KEY, on ? '1' : '0'); } catch { /* storage may be disabled */ }
}

export class HintPanel {
  /** id is the game's id; redraw is called when an answer arrives. */
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    this.cache = new Map(); // version -> {hints} | {error}
    this.asked = -1;
    this.el = h('section', { class: 'hints', id: 'hints', hidden: true, 'aria-live': 'polite' });
  }

  /**
   * show draws the hints of version v if want, asking for them first.
   * players is the number of players; label names a move; point(move or
   * null) is called when a row is pointed at or focused, and left.
   */
  show(want, v, players, label, point) {
    this.el.dataset.version = '';
    if (!want) { this.el.hidden = true; mount(this.el); return; }
    this.el.hidden = false;
    const got = this.cache.get(v);
    if (!got) {
      mount(this.el, h('p', { class: 'muted' }, t('hintLoading')));
      this.ask(v);
      return;
    }
    if (got.error) { mount(this.el, h('p', { class: 'muted', id: 'hints-error' }, t('error', { m: got.error }))); return; }
    mount(this.el, table(got.hints, players, label, point));
    this.el.dataset.version = String(v);
  }

  async ask(v) {
    if (this.asked >= v) return; // asked already; an answer for a later version may come first
    this.asked = v;
    try {
      const a = await api(`/api/games/${encodeURIComponent(this.id)}/hints`);
      this.cache.set(a.version, { hints: a.hints || {} });
    } catch (e) {
      this.cache.set(v, { error: e.message });
    }
    if (this.cache.size > 20) this.cache.delete(this.cache.keys().next().value);
    this.redraw();
  }
}

function table(hs, players, label, point) {
  const choices = hs.choices || [];
  const pct = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const num = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const win = choices.some((c) => c.win !== undefined && c.win !== null);
  const key = (k) => (hs.sorted_by === k ? 'key' : null);
  return [
    h('table', { class: 'hinttable', id: 'hint-table' },
      h('caption', {}, t('hintsTitle')),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('hintMove')),
        h('th', { scope: 'col', class: key('expected_score') }, t('hintScore')),
        h('th', { scope: 'col', class: key('p_shut') }, t('hintShut')),
        win ? h('th', { scope: 'col', class: key('win') }, t('hintWin')) : null)),
      h('tbody', {}, choices.map((c, i) => h('tr', {
        class: i === 0 ? 'best' : null, 'data-move': c.move, tabindex: 0,
        onmouseenter: () => point?.(c.move), onfocus: () => point?.(c.move), onmouseleave: () => point?.(null), onblur: () => point?.(null),
      },
        h('th', { scope: 'row' }, i === 0 ? '★ ' : '', label ? label(c.move) : c.move),
        h('td', { class: key('expected_score') }, num.format(c.expected_score)),
        h('td', { class: key('p_shut') }, pct.format(c.p_shut)),
        win ? h('td', { class: key('win') }, pct.format(c.win ?? 0)) : null)))),
    win && players > 2 ? h('p', { class: 'muted' }, t('hintEstimate')) : null,
  ];
}

// joinNames writes players' names as a list ("West and East"), a team's
// suffix shared by all of them once at the end: "West and East (team 2)".
export function joinNames(names) {
  const suffix = /\s\([^()]*\)$/.exec(names[0] || '')?.[0];
  const shared = suffix && names.every((n) => n.endsWith(suffix));
  const base = shared ? names.map((n) => n.slice(0, -suffix.length)) : names;
  const list = base.length > 1 ? `${base.slice(0, -1).join(', ')} ${t('and')} ${base[base.length - 1]}` : base.join('');
  return shared ? list + suffix : list;
}
