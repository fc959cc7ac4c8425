// The analysis board (/analysis/{game}): a position of any game (the start,
// a finished game's move, a typed or edited position, a PDN game) played
// freely for both sides, with the engine's evaluation and best line after
// each move (POST /api/analysis), the roll chosen by the player where dice
// are to be rolled, a move list to step back and forth, a position editor
// per game (analysis-edit.js) and, for draughts, PDN import and export.
//
// It is the game page's shell (game.js) without a game on the server: the
// board, clicks, drags, keys and move building are the game page's; the
// moves are played by the engine through POST /api/positions/play. It is
// never shown for a game in progress to its players: the game page links
// here only once its game is over, and the server refuses to analyse the
// position of a game the player is playing (403 live_game, shown).
import { t, lang, gameName } from './i18n.js';
import { h, s as svgEl, mount, die } from './dom.js';
import { api, catalog } from './api.js';
import { GamePage } from './game.js';
import { editorFor } from './analysis-edit.js';
import './analysis-text.js';

const boot = (() => {
  try { return JSON.parse(document.getElementById('boot')?.textContent || 'null')?.analysis || {}; } catch { return {}; }
})();

async function rendererOf(id) {
  const r = window.plateauRenderers?.[id];
  if (r) return r;
  try { return await import(`./games/${id}.js`); } catch { return import('./games/generic.js'); }
}

const pct = (v) => Math.round(v * 1000) / 10;

// dice draws a roll ("6-3", "5") as die faces, for the roll picker.
function dice(roll) {
  const faces = String(roll).split('-').map(Number).filter((n) => n >= 1 && n <= 6);
  if (!faces.length) return roll;
  const w = faces.length * 26;
  const root = svgEl('svg', { viewBox: `-1 -1 ${w} 26`, width: w * 0.85, height: 26 * 0.85, class: 'an-dice', 'aria-hidden': 'true' });
  faces.forEach((f, i) => root.append(die(i * 26, 0, 24, f)));
  return root;
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

  // ---- evaluation ---------------------------------------------------------------

  renderEval() {
    const v = this.view;
    if (!v || !this.el.ceval) return;
    const a = this.evals.get(v.position);
    const e = a?.eval;
    const fill = this.el.evalbar.firstChild;
    const two = v.players === 2;
    let white = null; // player 0's win chance, for the bar
    if (e && two) white = e.player === 0 ? e.value : 1 - e.value;
    if (v.outcome && two) white = v.outcome.results?.[0] === 'win' ? 1 : v.outcome.results?.[1] === 'win' ? 0 : 0.5;
    this.el.evalbar.hidden = !two;
    fill.style.height = `${white === null ? 50 : pct(white)}%`;
    this.el.evalbar.dataset.value = white === null ? '' : String(white);
    const items = [];
    const busy = !a && !v.outcome; // the evaluation, or the rolls, on their way
    this.el.ceval.dataset.position = v.position;
    this.el.ceval.dataset.state = busy ? 'thinking' : a?.code === 'live_game' ? 'refused' : a?.error ? 'error' : e ? 'ready' : 'none';
    if (this.editing) {
      items.push(h('p', { class: 'muted' }, t('an_editing')));
    } else if (a?.code === 'live_game') {
      // The server refuses computer help on a game the player is playing.
      items.push(h('div', { class: 'an-refused', id: 'an-refused', role: 'alert' },
        h('strong', {}, t('an_refused')), h('p', {}, a.error)));
    } else if (v.outcome) {
      items.push(h('p', { class: 'an-over', id: 'an-over' }, t('an_over', { r: this.resultText(v.outcome) })));
    } else if (v.toMove === -1 && !busy) {
      items.push(h('p', { class: 'an-rollnote' }, t('an_rollPick')));
    } else if (busy) {
      items.push(h('p', { class: 'muted an-thinking' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ', t('an_thinking')));
    } else if (a?.error) {
      items.push(h('p', { class: 'error' }, t('error', { m: a.error })));
    } else if (e) {
      const who = this.playerName(e.player);
      const winner = e.value > 0.5 ? e.player : two ? 1 - e.player : -1;
      const big = e.proven && two ? (e.value === 0.5 ? t('draw') : t('won', { p: this.playerName(winner) }))
        : e.unit === 'men' && e.value_unit !== undefined && e.value_unit !== null
        ? `${(e.player === 0 ? e.value_unit : -e.value_unit) >= 0 ? '+' : ''}${(e.player === 0 ? e.value_unit : -e.value_unit).toFixed(1)}`
        : `${pct(e.value)}%`;
      items.push(h('div', { class: 'an-score' },
        h('strong', { class: 'an-big', id: 'an-value', 'data-value': String(e.value) }, big),
        h('span', {}, t('an_win', { p: who, v: pct(e.value) }), e.proven ? ` (${t('an_proven')})` : '')));
      const best = (v.moves || []).find((m) => m.notation === e.best);
      items.push(h('p', { class: 'an-bestline' }, `${t('an_best')}: `,
        h('button', { type: 'button', class: 'link an-best', id: 'an-best', 'data-move': e.best, disabled: !best, onclick: () => best && this.send(best),
          onpointerenter: () => this.pointHint(e.best), onpointerleave: () => this.pointHint(null), onfocus: () => this.pointHint(e.best), onblur: () => this.pointHint(null) }, e.best)));
      if ((e.line || []).length > 1) items.push(h('p', { class: 'an-line', id: 'an-line' }, h('span', { class: 'muted' }, `${t('an_line')}: `), e.line.join(' ')));
      if ((e.top || []).length > 1) {
        items.push(h('table', { class: 'an-top', id: 'an-top' }, h('caption', {}, t('an_top')),
          e.top.map((m) => h('tr', {}, h('td', {}, m.move), h('td', {}, `${pct(m.value)}%`),
            h('td', { class: 'muted' }, m.value_unit !== undefined ? t('an_score', { v: m.value_unit.toFixed(2) }) : '')))));
      }
      const engine = e.engine === 'exact solver' ? t('an_exact') : e.engine.startsWith('level ') ? t('an_level', { l: t(e.engine.slice(6)) }) : e.engine;
      const info = [engine, e.depth ? t('an_depth', { d: e.depth }) : '', e.nodes ? t('an_nodes', { n: e.nodes.toLocaleString(lang) }) : ''].filter(Boolean).join(' · ');
      items.push(h('p', { class: 'muted an-info' }, t('an_engine', { e: info })));
    }
    mount(this.el.ceval, items);
    this.renderRolls(a);
    this.drawBest();
  }

  // renderRolls offers the rolls where dice are to be rolled: the player
  // picks the one to study.
  renderRolls(a) {
    const v = this.view;
    if (this.editing || v.toMove !== -1 || v.outcome) { mount(this.el.rolls); return; }
    const rolls = a?.rolls || [];
    mount(this.el.rolls, h('div', { class: 'an-rollgrid', role: 'group', 'aria-label': t('an_rolls') }, rolls.map((r) => h('button', { type: 'button', class: 'an-roll', 'data-roll': r.move,
      title: `${r.move} · ${pct(r.probability)}%`, 'aria-label': r.move, onclick: () => this.send({ notation: r.move }) }, dice(r.move)))));
  }

  renderNav() {
    const n = this.line.length;
    const b = (id, ic, label, to, off) => h('button', { type: 'button', id, 'aria-label': label, title: label, disabled: off, onclick: () => this.jump(to) }, ic);
    mount(this.el.nav,
      b('an-first', '«', t('an_first'), 0, this.at === 0),
      b('an-prev', '‹', t('an_prev'), this.at - 1, this.at === 0),
      b('an-next', '›', t('an_next'), this.at + 1, this.at >= n),
      b('an-last', '»', t('an_last'), n, this.at >= n));
    // The moves played from this position, when there are several: each
    // opens its line.
    const here = this.nodeAt(this.at);
    this.el.vars.hidden = here.kids.length < 2;
    mount(this.el.vars, here.kids.length < 2 ? null : [h('span', { class: 'muted' }, t('an_vars')), ' ',
      here.kids.map((k, i) => h('button', { type: 'button', class: `link an-var${i === here.sel ? ' on' : ''}`, 'data-var': k.notation, 'aria-pressed': String(i === here.sel),
        onclick: () => { here.sel = i; this.follow(); this.jump(this.at + 1); } }, k.notation))]);
  }

  // drawBest draws the engine's best move on the board as an arrow through
  // its clicks, as lidraughts does (not for moves of clicks in any order,
  // such as Shut the Box's covers).
  drawBest() {
    const root = this.el.board.querySelector('svg');
    if (!root) return;
    root.querySelector('.an-arrow')?.remove();
    const v = this.view;
    const e = this.evals.get(v.position)?.eval;
    const m = e && !this.editing && !this.prefix.length && (v.moves || []).find((x) => x.notation === e.best);
    const clicks = (m?.clicks || []).map(String);
    if (clicks.length < 2 || this.r.unordered) return;
    const pts = [];
    for (const loc of clicks) {
      const el = root.querySelector(`[data-loc="${CSS.escape(loc)}"]`);
      if (!el) return;
      const b = el.getBBox();
      pts.push(`${b.x + b.width / 2},${b.y + b.height / 2}`);
    }
    const size = Math.min(...clicks.map((loc) => { const b = root.querySelector(`[data-loc="${CSS.escape(loc)}"]`).getBBox(); return Math.min(b.width, b.height); }));
    const g = svgEl('g', { class: 'an-arrow', 'aria-hidden': 'true', 'data-move': e.best });
    g.append(svgEl('defs', {}, svgEl('marker', { id: 'an-head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' },
      svgEl('path', { d: 'M0,0 L10,5 L0,10 z' }))));
    g.append(svgEl('polyline', { points: pts.join(' '), 'stroke-width': Math.max(4, size * 0.16), 'marker-end': 'url(#an-head)' }));
    root.append(g);
  }

  // ---- position text ----------------------------------------------------------------

  renderPos() {
    const input = h('input', { id: 'an-pos-input', class: 'an-posinput', autocomplete: 'off', spellcheck: 'false', 'aria-label': t('an_position') });
    const copy = h('button', { type: 'button', id: 'an-copy', onclick: async () => {
      try { await navigator.clipboard.writeText(input.value); copy.textContent = t('an_copied'); } catch { input.select(); }
    } }, t('an_copy'));
    mount(this.el.posbox, h('label', { for: 'an-pos-input' }, t('an_position')), input, h('div', { class: 'row' }, h('button', { type: 'submit', id: 'an-load' }, t('an_load')), copy),
      h('p', { class: 'error', id: 'an-pos-error', hidden: true }));
    this.el.posInput = input;
    this.el.posbox.onsubmit = (e) => { e.preventDefault(); this.loadPosition(input.value.trim()); };
  }

  posError(msg) {
    const p = this.el.posbox.querySelector('#an-pos-error');
    p.hidden = !msg;
    p.textContent = msg ? t('an_badpos', { m: msg }) : '';
  }

  async loadPosition(text) {
    let a = await this.analysis(text);
    if (a.code === 'live_game') {
      // A position of a game the player is playing: the board is shown
      // (its view is no help), its analysis refused with the reason.
      try {
        const p = await api('/api/positions', { method: 'POST', body: { game: this.gameId, variant: this.variant, position: text } });
        this.evals.set(p.view.position, a);
        a = p;
      } catch (e) {
        a = { error: e.message };
      }
    }
    if (a.error) { this.posError(a.error); return; }
    this.posError('');
    this.editing = null;
    this.setRoot(a.view);
  }

  // ---- editor -----------------------------------------------------------------------

  startEdit() {
    const v = this.view;
    this.editing = { model: this.ed.parse(v.position, v), tool: this.ed.tools[0] || null, error: '', was: v };
    this.posError('');
    this.render();
  }

  clickLoc(loc) {
    if (!this.editing) { super.clickLoc(loc); return; }
    const ed = this.ed;
    if (!this.editing.tool) return;
    const m = ed.apply(this.editing.model, this.editing.tool, loc);
    if (!m) return;
    if (m.error) { this.editing.error = t(m.error); this.renderEditor(); return; }
    this.tryEdit(m);
  }

  // tryEdit keeps an edited position when the server reads it.
  async tryEdit(m) {
    const text = this.ed.write(m);
    let a;
    try {
      a = await api('/api/positions', { method: 'POST', body: { game: this.gameId, variant: this.variant, position: text } });
    } catch (e) {
      this.editing.error = e.message;
      this.renderEditor();
      return;
    }
    if (!this.editing) return;
    this.editing.model = this.ed.parse(a.view.position, a.view);
    if (m.owner) this.editing.model.owner = m.owner;
    this.editing.error = '';
    this.view = a.view;
    this.history = new Map([[0, { view: a.view }]]);
    this.version = 0;
    this.render();
  }

  endEdit(keep) {
    const ed = this.editing;
    this.editing = null;
    if (keep) this.setRoot(this.view);
    else { this.view = ed.was; this.show(); }
  }

  renderEditor() {
    const ed = this.ed;
    const E = this.editing;
    this.el.editor.hidden = !E;
    if (!E) { mount(this.el.editor); return; }
    const m = E.model;
    const v = this.view;
    const names = (p) => this.playerName(p);
    const tools = ed.tools.map((tool) => h('button', { type: 'button', class: `an-tool${E.tool === tool ? ' on' : ''}`, 'data-tool': tool, 'aria-pressed': String(E.tool === tool),
      onclick: () => { E.tool = tool; this.renderEditor(); } }, t(`ed_${tool}`)));
    const select = (id, label, options, value, set) => h('label', { class: 'an-select' }, `${label} `,
      h('select', { id, onchange: (e) => set(e.target.value) }, options.map((o) => h('option', { value: o.value, selected: o.value === value }, o.label))));
    const sides = ed.sides(m, v).map((s0) => ({ value: s0.value, label: names(s0.player) }));
    const parts = [h('p', { class: 'muted' }, t('an_editing'))];
    if (tools.length) parts.push(h('div', { class: 'an-tools', role: 'toolbar' }, tools));
    if (ed.owners) {
      parts.push(select('an-owner', t('an_owner'), ed.sides(m, v).map((s0) => ({ value: s0.value, label: names(s0.player) })), m.owner, (val) => { m.owner = val; }));
    }
    if (ed.toggle) { // Shut the Box: the boxes' tiles as buttons
      m.boxes.forEach((box, i) => parts.push(h('div', { class: 'an-box', 'data-box': i }, h('span', { class: 'muted' }, t('ed_box', { n: i + 1 })),
        h('div', { class: 'an-tiles' }, ed.tiles(m).map((tile) => h('button', { type: 'button', class: `an-tile${box.has(tile) ? ' up' : ''}`, 'data-tile': tile, 'aria-pressed': String(box.has(tile)),
          onclick: () => this.tryEdit(ed.toggle(m, i, tile)) }, tile))))));
      parts.push(select('an-phase', t('an_phase'), ed.phases.map((p) => ({ value: p, label: t(`ed_${p}`) })), m.phase, (val) => this.tryEdit({ ...m, phase: val })));
    }
    parts.push(select('an-side', t('an_toMove'), sides, ed.side(m), (val) => this.tryEdit(ed.setSide(m, val))));
    parts.push(h('p', { class: 'error', id: 'an-edit-error', role: 'alert', hidden: !E.error }, E.error));
    parts.push(h('div', { class: 'row' },
      h('button', { type: 'button', class: 'primary', id: 'an-edit-done', onclick: () => this.endEdit(true) }, t('an_editDone')),
      h('button', { type: 'button', id: 'an-edit-cancel', onclick: () => this.endEdit(false) }, t('an_editCancel'))));
    mount(this.el.editor, parts);
    if (this.el.posInput && document.activeElement !== this.el.posInput) this.el.posInput.value = v.position;
  }

  decorate(lastLocs) {
    super.decorate(lastLocs);
    this.drawBest();
    if (this.el.posInput && document.activeElement !== this.el.posInput) this.el.posInput.value = this.view.position;
    this.el.board.classList.toggle('editing', !!this.editing);
  }

  // ---- PDN (draughts) -----------------------------------------------------------------

  renderPDN() {
    if (this.gameId !== 'dames') { mount(this.el.pdn); return; }
    const area = h('textarea', { id: 'pdn-text', rows: 4, spellcheck: 'false', placeholder: t('pdn_paste'), 'aria-label': t('pdn_paste') });
    const file = h('input', { type: 'file', id: 'pdn-file', accept: '.pdn,.txt,text/plain', 'aria-label': t('pdn_file'),
      onchange: async () => { const f = file.files?.[0]; if (f) { area.value = await f.text(); this.importPDN(area.value, 0); } } });
    const note = h('p', { id: 'pdn-note', class: 'muted', role: 'status' });
    const link = h('a', { id: 'pdn-download', hidden: true, download: 'plateau-analysis.pdn' }, t('pdn_download'));
    mount(this.el.pdn, h('h2', {}, t('pdn_title')), area,
      h('div', { class: 'row' },
        h('button', { type: 'button', id: 'pdn-import', onclick: () => this.importPDN(area.value, 0) }, t('pdn_import')),
        h('button', { type: 'button', id: 'pdn-export', onclick: () => this.exportPDN() }, t('pdn_export'))),
      file, note, link);
    this.el.pdnArea = area;
    this.el.pdnNote = note;
    this.el.pdnLink = link;
  }

  async importPDN(text, n) {
    const note = this.el.pdnNote;
    note.classList.remove('error');
    let a;
    try {
      a = await api('/api/pdn', { method: 'POST', body: { pdn: text, game: n, variant: this.variant } });
    } catch (e) {
      note.classList.add('error');
      note.textContent = t('error', { m: e.message });
      return;
    }
    const start = await this.analysis(a.start);
    if (!start.view) { note.textContent = t('error', { m: start.error }); return; }
    this.editing = null;
    this.root0 = start.view;
    let player = start.view.toMove;
    this.tree = { kids: [], sel: 0 };
    let node = this.tree;
    for (const m of a.moves) {
      const x = { notation: m.move, player, position: m.position, kids: [], sel: 0 };
      node.kids.push(x);
      node = x;
      player = 1 - player;
    }
    this.follow();
    this.at = 0;
    const picker = a.games > 1 ? h('select', { id: 'pdn-game', onchange: (e) => this.importPDN(text, +e.target.value) },
      Array.from({ length: a.games }, (_, i) => h('option', { value: i, selected: i === n }, t('pdn_game', { n: i + 1, m: a.games })))) : null;
    mount(note, t('pdn_loaded', { n: a.moves.length }), ' ', picker);
    this.show();
  }

  async exportPDN() {
    const body = { variant: this.variant, position: this.root0.position, moves: this.line.map((m) => m.notation) };
    const res = await fetch('/api/pdn/export', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) { this.el.pdnNote.textContent = t('error', { m: text }); return; }
    this.el.pdnArea.value = text;
    const link = this.el.pdnLink;
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-pdn' }));
    link.hidden = false;
  }
}

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
