// The puzzle pages: /puzzles lists the games, the streak and the puzzle of
// the day; /puzzles/{game} serves the game's puzzles near the player's
// puzzle rating (?mode=streak: the streak; ?id=ID: one puzzle). The board
// is the game page's (game.js: renderers, clicks, drags, keys, the move
// picker), from the puzzle's side, the opponent's last move marked; each
// move is checked by the server (POST /api/puzzles/{id}/attempt), whose
// answer plays the computer's reply. The pure parts are puzzle-state.js's.
import { t, gameName } from './i18n.js';
import { h, mount } from './dom.js';
import { api, catalog } from './api.js';
import { GamePage } from './game.js';
import { themeName } from './puzzle-text.js';
import { remember, nextURL, outcome, delta, solverMoves } from './puzzle-state.js';

const SEEN_KEY = 'plateau.puzzles.seen';

function seenList() {
  try { return JSON.parse(sessionStorage.getItem(SEEN_KEY) || '[]'); } catch { return []; }
}

export class PuzzlePage extends GamePage {
  constructor(root, game) {
    super(root, `puzzle-${game}`);
  }

  build() {
    super.build();
    const e = this.el;
    this.root.querySelector('#game').classList.add('puzzle');
    e.pzMsg = h('p', { class: 'pz-msg', id: 'puzzle-msg', role: 'status', 'aria-live': 'polite' });
    e.pzInfo = h('section', { class: 'pz-info', id: 'puzzle-info' });
    e.pzButtons = h('div', { class: 'pz-buttons', id: 'puzzle-buttons' });
    this.root.querySelector('.side').prepend(e.pzMsg, e.pzButtons, e.pzInfo);
    this.root.querySelector('label.replay')?.remove();
  }

  redraw() {
    this.build();
    this.render();
  }

  async start() {
    this.gameId = this.id.slice('puzzle-'.length);
    const q = new URLSearchParams(location.search);
    this.mode = q.get('mode') === 'streak' ? 'streak' : 'rated';
    this.streak = 0; // puzzles solved in a row in streak mode (a guest's goes to the server)
    const [cat, r] = await Promise.all([catalog().catch(() => []), this.rendererOf(this.gameId)]);
    this.cat = cat;
    this.r = r;
    await this.load(q.get('id'));
  }

  async rendererOf(id) {
    const r = window.plateauRenderers?.[id];
    if (r) return r;
    try { return await import(`./games/${id}.js`); } catch { return import('./games/generic.js'); }
  }

  // load shows puzzle id, or the next one.
  async load(id) {
    let ans;
    try {
      const url = id ? `/api/puzzles/${encodeURIComponent(id)}` : nextURL(this.gameId, { mode: this.mode, seen: seenList(), streak: this.streak, guest: !this.player });
      ans = await api(url);
    } catch (e) {
      const msg = e.code === 'no_puzzle' ? t('pz_none') : t('error', { m: e.message });
      mount(this.root, h('p', { class: 'error', id: 'not-found' }, msg, ' ', h('a', { href: '/puzzles', 'data-nav': true }, t('pz_title'))));
      return;
    }
    this.setPuzzle(ans);
  }

  setPuzzle(ans) {
    const p = ans.puzzle;
    this.puzzle = p;
    this.player = ans.player || null;
    this.daily = ans.daily || '';
    this.found = []; // the solver's moves found so far
    this.state = 'play'; // play | wrong | solved | revealed | over (streak ended)
    this.failed = false;
    this.rated = null;
    this.message = { key: p.moves > 1 ? 'pz_findLine' : 'pz_find', params: { n: p.moves } };
    this.solution = null;
    try { sessionStorage.setItem(SEEN_KEY, JSON.stringify(remember(seenList(), p.id))); } catch { /* private mode */ }
    this.summary = { seats: [], variant: p.variant, version: 0 };
    this.seats = [p.side];
    this.history = new Map();
    this.moves = [];
    this.version = 0;
    if (p.prev && p.last) {
      this.history.set(0, { view: p.prev });
      this.push(p.prev.toMove, p.last, p.view);
    } else {
      this.history.set(0, { view: p.view });
    }
    this.view = p.view;
    this.replayAt = null;
    this.prefix = [];
    this.busy = false;
    this.render();
  }

  // push adds a move and the view after it to the move list.
  push(player, notation, view) {
    this.version++;
    this.history.set(this.version, { view, event: { kind: 'move', player, notation } });
    this.moves.push({ seq: this.version, player, notation, kind: 'move' });
    this.view = view;
  }

  myTurn() {
    const v = this.view;
    return !!v && !!this.puzzle && (this.state === 'play' || this.state === 'wrong') && !this.busy && v.toMove === this.puzzle.side;
  }

  // send checks move m with the server: right, it is played and the
  // computer replies; wrong, the board stays for another try.
  async send(m) {
    this.choose = null;
    this.prefix = [];
    this.busy = true;
    const p = this.puzzle;
    let ans;
    try {
      ans = await api(`/api/puzzles/${encodeURIComponent(p.id)}/attempt`, { method: 'POST', body: { moves: [...this.found, m.notation], mode: this.mode } });
    } catch (e) {
      this.busy = false;
      this.toast(t('error', { m: e.message }));
      this.render();
      return;
    }
    this.busy = false;
    this.took(ans, m.notation);
  }

  // took shows an attempt's answer.
  took(ans, notation) {
    const p = this.puzzle;
    const o = outcome(ans);
    this.noteRated(ans);
    if (ans.solution) this.solution = ans.solution;
    if (o === 'wrong') {
      this.failed = true;
      this.state = this.mode === 'streak' ? 'over' : 'wrong';
      this.message = { key: this.mode === 'streak' ? 'pz_streakOver' : 'pz_wrong', params: { n: this.streak } };
      this.render();
      return;
    }
    this.found.push(notation);
    if (o === 'continue') {
      this.push(p.side, notation, ans.moved);
      this.push(ans.moved.toMove, ans.reply, ans.view);
      this.message = { key: 'pz_bestGoOn', params: {}, reply: ans.reply };
    } else {
      this.push(p.side, notation, ans.view);
      this.state = 'solved';
      this.message = { key: this.failed ? 'pz_best' : 'pz_solved', params: {} };
      if (this.mode === 'streak') this.streak++;
    }
    this.render();
  }

  // noteRated keeps an ended attempt's record: the player's, and the
  // puzzle's rating and counts after a rated first try.
  noteRated(ans) {
    if (ans.player) this.player = ans.player;
    const r = ans.rated;
    if (!r) return;
    this.rated = r;
    if (r.first && r.mode === 'rated') {
      const p = this.puzzle;
      p.rating = r.puzzle.after;
      p.attempts++;
      if (r.solved) p.solved++;
    }
  }

  // reveal gives up: the attempt counts as failed, the solution is played.
  async reveal() {
    const p = this.puzzle;
    this.busy = true;
    try {
      const ans = await api(`/api/puzzles/${encodeURIComponent(p.id)}/attempt`, { method: 'POST', body: { moves: this.found, mode: this.mode, reveal: true } });
      this.noteRated(ans);
      this.solution = ans.solution;
      const all = await api(`/api/puzzles/${encodeURIComponent(p.id)}/attempt`, { method: 'POST', body: { moves: solverMoves(ans.solution), mode: this.mode } });
      const rest = ans.solution.slice(2 * this.found.length);
      if (rest.length === 1) this.push(p.side, rest[0], all.view);
      this.state = 'revealed';
      this.message = { key: 'pz_solutionIs', params: { m: ans.solution.join(' ') } };
    } catch (e) {
      this.toast(t('error', { m: e.message }));
    }
    this.busy = false;
    this.render();
  }

  next() {
    if (this.state === 'over') this.streak = 0;
    history.replaceState(null, '', `/puzzles/${encodeURIComponent(this.gameId)}${this.mode === 'streak' ? '?mode=streak' : ''}`);
    this.load(null);
  }

  // ---- the shell's hooks ------------------------------------------------------------

  render() {
    if (!this.view || !this.r || !this.puzzle) return;
    super.render();
    this.renderPuzzle();
  }

  renderStatus() {
    const side = this.playerName(this.puzzle.side);
    const m = this.message;
    let text = t(m.key, { p: side, ...m.params });
    if (m.reply) text += ` ${t('pz_reply', { m: m.reply })}`;
    this.el.status.textContent = text;
    this.el.status.dataset.turn = String(this.view.toMove);
    this.el.status.dataset.state = this.state;
    this.renderTitle();
  }

  renderTitle() {
    const name = `${this.daily ? t('pz_daily') : this.mode === 'streak' ? t('pz_streak') : t('pz_title')} — ${gameName(this.cat, this.gameId)}`;
    this.el.title.textContent = name;
    document.title = `${name} — Plateau`;
  }

  renderHints() {}
  renderOffers() { mount(this.el.offers); }
  renderReview() {}
  firePremove() {}
  renderControls() { mount(this.el.controls); this.renderEntry(); }

  // renderPuzzle draws the panel: the message, the buttons, the ratings.
  renderPuzzle() {
    const e = this.el;
    const p = this.puzzle;
    e.pzMsg.textContent = this.el.status.textContent;
    e.pzMsg.dataset.state = this.state;
    // The colour is the last move's fate: a right move after a wrong one is green again.
    const k = this.message?.key;
    e.pzMsg.dataset.fate = ['pz_bestGoOn', 'pz_solved', 'pz_best'].includes(k) ? 'good' : ['pz_wrong', 'pz_streakOver'].includes(k) ? 'bad' : '';
    const btn = (id, label, fn, primary = false) => h('button', { type: 'button', id, class: primary ? 'primary' : '', onclick: fn, disabled: this.busy }, label);
    const ended = this.state === 'solved' || this.state === 'revealed' || this.state === 'over';
    mount(e.pzButtons,
      this.state === 'play' || this.state === 'wrong' ? btn('puzzle-solution', t('pz_solution'), () => this.reveal()) : null,
      ended ? btn('puzzle-next', this.state === 'over' ? t('pz_newStreak') : t('pz_next'), () => this.next(), true) : null);
    const r = this.rated;
    const pl = this.player;
    mount(e.pzInfo,
      h('p', { id: 'puzzle-rating' }, t('pz_rating', { r: p.rating }), h('span', { class: 'muted' }, ` · ${t('pz_tried', { n: p.attempts, s: p.solved })}`)),
      // The themes name the idea: shown once solved or revealed, as lichess does, not as a hint before.
      ended && p.themes.length ? h('p', { class: 'muted', id: 'puzzle-themes' }, t('pz_themes', { t: p.themes.map(themeName).join(', ') })) : null,
      pl ? h('p', { id: 'puzzle-player', 'data-rating': pl.rating }, t('pz_yours', { r: `${pl.rating}${pl.provisional ? '?' : ''}` }),
        this.mode === 'streak' ? h('span', { class: 'muted' }, ` · ${t('pz_streakOf', { n: pl.streak })} (${t('pz_bestStreak', { n: pl.bestStreak })})`) : null)
        : h('p', { class: 'muted', id: 'puzzle-guest' }, t('pz_guest'), this.mode === 'streak' ? ` ${t('pz_streakOf', { n: this.streak })}` : ''),
      r && r.mode === 'rated' ? h('p', { id: 'puzzle-change', 'data-player': r.player.after - r.player.before, 'data-puzzle': r.puzzle.after - r.puzzle.before },
        t('pz_change', { d: delta(r.player), e: delta(r.puzzle) }), r.first ? null : h('span', { class: 'muted' }, ` (${t('pz_firstOnly')})`)) : null,
      p.source ? h('p', {}, h('a', { href: p.source, 'data-nav': true, id: 'puzzle-source' }, t('pz_source'))) : null);
  }
}

// PuzzleIndex is /puzzles: the games, each with its rated puzzles and its
// streak, and the puzzle of the day.
export class PuzzleIndex {
  constructor(root) {
    this.root = root;
    this.draw();
  }

  async draw() {
    const [cat, daily] = await Promise.all([catalog().catch(() => []), api('/api/puzzles/daily').catch(() => null)]);
    document.title = `${t('pz_title')} — Plateau`;
    const ids = ['dames', 'mahbousse', 'shutbox', 'benedictine', 'intercept'].filter((id) => cat.some((g) => g.id === id));
    const items = ids.map((id) => h('li', { 'data-game': id },
      h('a', { href: `/puzzles/${id}`, class: 'pz-game', 'data-game': id }, gameName(cat, id)), ' — ',
      h('a', { href: `/puzzles/${id}?mode=streak`, class: 'pz-streak', 'data-game': id }, t('pz_streak'))));
    const d = daily?.puzzle;
    mount(this.root, h('section', { class: 'pz-index', id: 'pz-index' }, h('h1', {}, t('pz_title')),
      d ? h('p', { class: 'pz-daily' }, h('a', { href: `/puzzles/${d.game}?id=${encodeURIComponent(d.id)}`, id: 'puzzle-daily', class: 'button primary' },
        t('pz_dailyOf', { g: gameName(cat, d.game) })), h('span', { class: 'muted' }, ` ${t('pz_rating', { r: d.rating })}`)) : null,
      h('p', {}, t('pz_pick')), h('ul', {}, items)));
  }

  redraw() { this.draw(); }
}
