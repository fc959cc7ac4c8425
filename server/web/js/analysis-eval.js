// The analysis board's evaluation (analysis.js): the engine's verdict on
// the position shown with its best line and top moves, the evaluation bar,
// the rolls to pick from where dice are to be rolled, the moves' navigation
// and the best move drawn on the board. Methods of AnalysisPage.
import { t, lang } from './i18n.js';
import { h, s as svgEl, mount, die } from './dom.js';

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

/** @satisfies {ThisType<import('./analysis.js').AnalysisPage>} */
export const evalMethods = {
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
  },

  // renderRolls offers the rolls where dice are to be rolled: the player
  // picks the one to study.
  renderRolls(a) {
    const v = this.view;
    if (this.editing || v.toMove !== -1 || v.outcome) { mount(this.el.rolls); return; }
    const rolls = a?.rolls || [];
    mount(this.el.rolls, h('div', { class: 'an-rollgrid', role: 'group', 'aria-label': t('an_rolls') }, rolls.map((r) => h('button', { type: 'button', class: 'an-roll', 'data-roll': r.move,
      title: `${r.move} · ${pct(r.probability)}%`, 'aria-label': r.move, onclick: () => this.send({ notation: r.move }) }, dice(r.move)))));
  },

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
  },

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
  },
};
