// The analysis board (/analysis/{game}): a position of any game (the start,
// a finished game's move, a typed or edited position, a PDN game) played
// freely for both sides, with the engine's evaluation and best line after
// each move (POST /api/analysis), the roll chosen by the player where dice
// are to be rolled, a move list to step back and forth, a position editor
// per game (analysis-edit.js) and, for draughts, PDN import and export.
// The evaluation panel is analysis-eval.js's, the position text, editor and
// PDN analysis-position.js's: methods of AnalysisPage.
//
// It is the game page's shell (game.js) without a game on the server: the
// board, clicks, drags, keys and move building are the game page's; the
// moves are played by the engine through POST /api/positions/play. It is
// never shown for a game in progress to its players: the game page links
// here only once its game is over, and the server refuses to analyse the
// position of a game the player is playing (403 live_game, shown).
import { t, lang, gameName } from './i18n.js';
import { h, mount } from './dom.js';
import { api, catalog } from './api.js';
import { GamePage } from './game.js';
import { editorFor } from './analysis-edit.js';
import './analysis-text.js';
import { evalMethods } from './analysis-eval.js';
import { positionMethods } from './analysis-position.js';

const boot = (() => {
  try { return JSON.parse(document.getElementById('boot')?.textContent || 'null')?.analysis || {}; } catch { return {}; }
})();

async function rendererOf(id) {
  const r = window.plateauRenderers?.[id];
  if (r) return r;
  try { return await import(`./games/${id}.js`); } catch { return import('./games/generic.js'); }
}

export class AnalysisPage extends GamePage {
  constructor(root, game) {
    super(root, `analysis-${game}`);
  }

  // ---- layout -----------------------------------------------------------------

  build() {
    super.build();
    const e = this.el;
    const game = this.root.querySelector('#game');
    game.classList.add('analysis');
    e.evalbar = h('div', { class: 'an-evalbar', id: 'an-evalbar', 'aria-hidden': 'true' }, h('div', { class: 'an-fill' }));
    const row = h('div', { class: 'an-boardrow' });
    e.board.replaceWith(row);
    row.append(e.evalbar, e.board);
    e.editor = h('section', { class: 'an-editor', id: 'an-editor', hidden: true });
    e.actions.after(e.editor);
    e.ceval = h('section', { class: 'an-ceval', id: 'an-ceval', 'aria-live': 'polite' });
    e.rolls = h('div', { class: 'an-rolls', id: 'an-rolls' });
    e.nav = h('div', { class: 'an-nav', id: 'an-nav' });
    e.vars = h('p', { class: 'an-vars', id: 'an-vars', hidden: true });
    e.posbox = h('form', { class: 'an-pos', id: 'an-pos' });
    e.pdn = h('section', { class: 'an-pdn', id: 'an-pdn' });
    const side = this.root.querySelector('.side');
    side.prepend(e.ceval, e.rolls);
    e.moves.after(e.nav, e.vars);
    side.querySelector('label.replay')?.remove();
    e.controls.before(e.posbox);
    e.controls.after(e.pdn);
  }

  // redraw builds the page again in the language chosen.
  redraw() {
    this.build();
    this.renderPos();
    this.renderPDN();
    this.render();
  }

  // ---- state ------------------------------------------------------------------

  async start() {
    this.gameId = boot.game;
    this.variant = boot.variant || {};
    // The moves form a tree: a node is {notation, player, position, view?,
    // kids, sel}; a different move from a position adds a variation there.
    // line is the path shown, from the root along each node's selected
    // child (sel).
    this.tree = { kids: [], sel: 0 };
    this.line = [];
    this.at = 0; // moves of line shown
    this.evals = new Map(); // position -> /api/analysis answer | {error}
    this.asking = null; // {pos, ctl}: the evaluation on its way
    this.editing = null;
    this.summary = { seats: [], variant: this.variant, version: 0 };
    this.replayAt = null;
    this.root0 = boot.view;
    if (!this.root0) { // an unknown game, or a variant that does not read
      mount(this.root, h('p', { class: 'error', id: 'not-found' }, t('error', { m: boot.error || this.gameId }), ' ', h('a', { href: '/analysis' }, t('an_title'))));
      return;
    }
    const [cat, r] = await Promise.all([catalog().catch(() => []), rendererOf(this.gameId)]);
    this.cat = cat;
    this.r = r;
    this.ed = editorFor(this.gameId);
    this.renderPos();
    this.renderPDN();
    if (boot.error) this.posError(boot.error);
    // A position of a game the player is playing: shown, not analysed.
    if (boot.refused) this.evals.set(boot.view.position, { error: boot.refused, code: 'live_game', status: 403 });
    this.show();
  }

  // setRoot starts the analysis again from view v.
  setRoot(v) {
    this.editing = null;
    this.root0 = v;
    this.tree = { kids: [], sel: 0 };
    this.line = [];
    this.at = 0;
    this.show();
  }

  // nodeAt is the node whose position is shown after i moves of the line.
  nodeAt(i) { return i === 0 ? this.tree : this.line[i - 1]; }

  // follow rebuilds the line from the root along the selected children.
  follow() {
    this.line = [];
    for (let n = this.tree; n.kids.length;) {
      n = n.kids[Math.min(n.sel || 0, n.kids.length - 1)];
      this.line.push(n);
    }
  }

  viewAt(i) { return i === 0 ? this.root0 : this.line[i - 1].view; }
  positionAt(i) { return i === 0 ? this.root0.position : this.line[i - 1].position; }

  // show draws the position after this.at moves and asks for its
  // evaluation; a step whose view is not known yet (a PDN's) is fetched.
  async show() {
    const at = this.at;
    if (!this.viewAt(at)) {
      this.busy = true;
      const a = await this.analysis(this.positionAt(at));
      this.busy = false;
      if (a?.view) this.line[at - 1].view = a.view;
      if (at !== this.at) return;
      if (!a?.view) { this.toast(t('error', { m: a?.error || '?' })); return; }
    }
    const v = this.viewAt(at);
    this.view = v;
    this.version = at;
    this.seats = Array.from({ length: v.players }, (_, i) => i);
    this.prefix = [];
    this.choose = null;
    this.history = new Map([[0, { view: this.root0 }]]);
    this.moves = [];
    this.line.forEach((m, i) => {
      const kind = m.player === -1 ? 'roll' : 'move';
      this.history.set(i + 1, { view: m.view, event: { kind, player: m.player, notation: m.notation } });
      this.moves.push({ seq: i + 1, player: m.player, notation: m.notation, kind });
    });
    this.render();
    this.keepURL();
    this.evaluate();
  }

  // keepURL puts the position shown in the address: a link to it.
  keepURL() {
    const q = new URLSearchParams(this.variant);
    q.set('position', this.view.position);
    history.replaceState(null, '', `/analysis/${encodeURIComponent(this.gameId)}?${q}`);
  }

  // analysis asks the server for a position's view and evaluation, once;
  // null when signal aborted the request.
  async analysis(position, signal) {
    if (this.evals.has(position)) return this.evals.get(position);
    let a;
    try {
      a = await api('/api/analysis', { method: 'POST', body: { game: this.gameId, variant: this.variant, position }, signal });
    } catch (e) {
      if (e.name === 'AbortError') return null;
      a = { error: e.message, status: e.status, code: e.code };
    }
    if (!(a.status >= 500)) this.evals.set(position, a);
    return a;
  }

  // evaluate asks for the evaluation of the position shown, giving up the
  // one asked for the position shown before (stepping through a game
  // leaves no search running on the server for positions passed by).
  async evaluate() {
    const pos = this.view.position;
    this.renderEval();
    if (this.evals.has(pos) || this.asking?.pos === pos) return;
    this.asking?.ctl.abort();
    const ask = { pos, ctl: new AbortController() };
    this.asking = ask;
    await this.analysis(pos, ask.ctl.signal);
    if (this.asking === ask) this.asking = null;
    if (this.view.position === pos) this.renderEval();
  }

  // ---- the shell's hooks ------------------------------------------------------------

  myTurn() {
    const v = this.view;
    return !!v && !v.outcome && v.toMove >= 0 && !this.busy && !this.editing;
  }

  render() {
    if (!this.view || !this.r) return;
    super.render();
    this.renderEval();
    this.renderNav();
    this.renderEditor();
    this.root.querySelector('#game').dataset.at = String(this.at);
  }

  renderStatus() {
    const v = this.shownView();
    let text;
    if (this.editing) text = t('an_edit');
    else if (v.outcome) text = `${t('over')} — ${this.resultText(v.outcome)}`;
    else if (v.toMove === -1) text = t('an_rollPick');
    else text = t('toMove', { p: this.playerName(v.toMove) });
    this.el.status.textContent = text;
    this.el.status.dataset.turn = String(v.toMove);
    this.renderTitle();
  }

  renderTitle() {
    const name = `${t('an_title')} — ${gameName(this.cat, this.gameId)}`;
    this.el.title.textContent = name;
    document.title = `${name} — Plateau`;
  }

  renderMoves() {
    super.renderMoves();
    for (const b of this.el.moves.querySelectorAll('[data-seq]')) b.classList.toggle('at', +b.dataset.seq === this.at);
    const at = this.el.moves.querySelector('.at');
    if (at) this.el.moves.scrollTop = at.offsetTop - this.el.moves.clientHeight / 2;
  }

  // renderPlayers lists the sides without "you": the board plays them all.
  renderPlayers() {
    super.renderPlayers();
    for (const em of this.el.players.querySelectorAll('em')) em.remove();
  }

  renderHints() { /* the evaluation panel is this page's hint */ }
  renderOffers() { mount(this.el.offers); }
  firePremove() {}

  // onKey steps through the moves with the arrow keys, Home and End (the
  // board's own keys when it has the focus; nothing while typing).
  onKey(e) {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement;
    if (typing) return;
    if (e.target !== this.el.board && !e.altKey && !e.ctrlKey && !e.metaKey && !this.editing) {
      const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.line.length }[e.key];
      if (to !== undefined) { e.preventDefault(); this.jump(to); return; }
    }
    super.onKey(e);
  }

  jump(v) {
    const at = Math.max(0, Math.min(this.line.length, v));
    if (at === this.at && this.view === this.viewAt(at)) return;
    this.at = at;
    this.show();
  }

  renderControls() {
    const btn = (id, label, fn, attrs = {}) => h('button', { type: 'button', id, onclick: fn, ...attrs }, label);
    mount(this.el.controls,
      this.ed && !this.editing ? btn('an-edit', t('an_edit'), () => this.startEdit()) : null,
      !this.editing ? btn('an-start', t('an_startpos'), () => this.loadStart()) : null);
    this.renderEntry();
  }

  // send plays move m (or a roll) on the position shown: the engine plays
  // it and answers the position after it. A move that differs from the
  // line's next one starts a new line from here.
  async send(m) {
    this.choose = null;
    this.prefix = [];
    this.busy = true;
    this.decorate(this.lastLocs(this.version));
    const v = this.view;
    try {
      const a = await api('/api/positions/play', { method: 'POST', body: { game: this.gameId, variant: this.variant, position: v.position, move: m.notation } });
      const parent = this.nodeAt(this.at);
      let k = parent.kids.findIndex((c) => c.position === a.view.position);
      if (k < 0) k = parent.kids.push({ notation: a.move, player: v.toMove, position: a.view.position, view: a.view, kids: [], sel: 0 }) - 1;
      parent.sel = k;
      this.follow();
      this.at++;
    } catch (e) {
      this.toast(t('error', { m: e.message }));
    }
    this.busy = false;
    this.show();
  }

  loadStart() {
    const q = new URLSearchParams(this.variant);
    location.href = `/analysis/${encodeURIComponent(this.gameId)}?${q}`;
  }








  // ---- editor -----------------------------------------------------------------------


  clickLoc(loc) {
    if (!this.editing) { super.clickLoc(loc); return; }
    const ed = this.ed;
    if (!this.editing.tool) return;
    const m = ed.apply(this.editing.model, this.editing.tool, loc);
    if (!m) return;
    if (m.error) { this.editing.error = t(m.error); this.renderEditor(); return; }
    this.tryEdit(m);
  }




  decorate(lastLocs) {
    super.decorate(lastLocs);
    this.drawBest();
    if (this.el.posInput && document.activeElement !== this.el.posInput) this.el.posInput.value = this.view.position;
    this.el.board.classList.toggle('editing', !!this.editing);
  }



}

Object.assign(AnalysisPage.prototype, evalMethods, positionMethods);

// AnalysisIndex is /analysis: the games to analyse, with their player
// counts where they have several.
export class AnalysisIndex {
  constructor(root) {
    this.root = root;
    this.draw();
  }

  async draw() {
    const cat = await catalog().catch(() => []);
    document.title = `${t('an_title')} — Plateau`;
    const links = [];
    for (const g of cat) {
      const counts = g.players || [2];
      const sub = counts.length > 1 ? counts.map((n) => h('a', { href: `/analysis/${g.id}?players=${n}`, 'data-players': n }, n === 1 ? t('an_solo') : t('an_players', { n }))) : [];
      links.push(h('li', {}, h('a', { href: `/analysis/${g.id}`, class: 'an-game', 'data-game': g.id }, gameName(cat, g.id)),
        sub.length ? [' — ', sub.flatMap((a, i) => (i ? [' · ', a] : [a]))] : null));
    }
    mount(this.root, h('section', { class: 'an-index', id: 'an-index' }, h('h1', {}, t('an_title')), h('p', {}, t('an_pick')), h('ul', {}, links)));
  }

  redraw() { this.draw(); }
}
