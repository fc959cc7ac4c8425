// The game page: one shell for every game. It keeps the game in step with
// the server over the WebSocket, draws the board with the game's renderer,
// and holds the page's parts, each in a module of its own as methods of
// GamePage: the connection's messages and requests (game-conn.js), the
// clocks (game-clock.js), the words (game-text.js), the board and move
// list (game-view.js), the controls and result dialog (game-controls.js),
// and the pointer and keyboard (board-input.js). Moves are built click by
// click from the legal moves by picker.js, which the rules pages share.
import { t, lang } from './i18n.js';
import { h, mount } from './dom.js';
import { APIError, Conn, api, catalog, remember, tokensFor, mine, takeBoot } from './api.js';
import { tokensReady } from './account.js';
import { attachGuide } from './guide.js';
import { Premove } from './premove.js';
import { Follow } from './follow.js';
import { HintPanel } from './hints.js';
import { clockMethods } from './game-clock.js';
import { connMethods } from './game-conn.js';
import { controlMethods } from './game-controls.js';
import { textMethods } from './game-text.js';
import { viewMethods, flipPref, setZoomPref } from './game-view.js';
import { inputMethods } from './board-input.js';

// A renderer exports draw(board, ctx) and, if it needs them: playerNames,
// playerInfo (beside a name: Mahboussé's pip count), swatch, label, info,
// markAt, hints, unordered (clicks in any order), drawsLast (it marks the
// last move itself, from ctx.lastMove), and for a
// move built step by step on the board (Mahboussé): drawsPrefix (the board
// is drawn again after each click, from ctx.prefix), options, click, back
// and selected (in place of this page's) and actions (its buttons). Draughts-like games add shortCaptures
// (a capture is clicked from its piece to its final square: picker.js's
// shortCaptures), flippable (the board turns round on demand: ctx.flip) and
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

const HISTORY = 200;

export class GamePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    // The state the page's modules share (game-*.js, board-input.js).
    /** @type {any} */
    this.view = null; // the live position's view, as the server sent it
    /** @type {any} */
    this.summary = null; // the game's summary: seats, variant, result
    /** @type {string|undefined} */
    this.gameId = undefined; // the game's kind: dames, mahbousse…
    /** @type {any} */
    this.r = null; // the game's renderer
    /** @type {any[]|undefined} */
    this.cat = undefined; // the catalog of games
    this.busy = false; // a move of mine sent, not yet confirmed
    this.awaiting = 0; // the version that confirms it
    /** @type {any} */
    this.sent = null; // that move
    /** @type {any[]|null} */
    this.choose = null; // moves of equal clicks, to choose among
    /** @type {string|null} */
    this.rematchId = null;
    /** @type {any} */
    this.clock = null; // the clocks as of clock.at
    /** @type {any} */
    this.clockTimer = undefined;
    /** @type {import('./gesture.js').Gesture|null} */
    this.gesture = null; // the press on the board, until its release
    /** @type {any} */
    this.drag = null; // the piece that follows the pointer
    /** @type {Promise<void>|null} */
    this.reviewLoading = null;
    this.revealed = false; // the phone's first scroll to a target done
    /** @type {any} */
    this.legalOf = null; // the moves legalShort was made from
    /** @type {any[]} */
    this.legalShort = [];
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
    if (g instanceof Error && /** @type {any} */ (g).status === 404) {
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

  async ready() {
    if (!this.gameId) return;
    this.r = await renderer(this.gameId);
    this.render();
    this.firePremove(); // the opponent may have moved while the page was away
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

  jump(v) {
    this.replayAt = v >= this.version ? null : v;
    this.prefix = [];
    this.render();
  }

  toast(text) {
    const el = this.el.toast;
    el.textContent = text;
    el.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { el.hidden = true; }, 3500);
  }
}

Object.assign(GamePage.prototype, clockMethods, connMethods, controlMethods, textMethods, viewMethods, inputMethods);
