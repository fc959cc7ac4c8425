// The computer review of a finished game (GET /api/games/{id}/review,
// docs/api.md), as lichess shows its analysis: a button asks for it, the
// panel follows the job's progress, then shows an evaluation graph over the
// moves (a click on it jumps to a move), verdict marks in the move list
// (?! inaccuracy, ? mistake, ?? blunder), the engine's best move for the
// selected move (in words, and drawn on the board) and a summary per player.
//
// The graph does not depend on who moved. With two players it plots the
// first player's win chance (White's in draughts) from 0 to 1 after each
// move, the area under the curve in light and a midline at one half. With
// three or four players one win chance cannot sum the game up: the graph
// has a line per player, each through that player's own win chance before
// their first move and after each of their moves (the only values the
// review gives for them), and a dashed line at a fair share, 1/n. Shut
// the Box solitaire has one line, its player's chance to shut the box.
import { t, lang, ordinal } from './i18n.js';
import { h, s, mount } from './dom.js';
import { GLYPH, glyph, winLine, playerLines, bestPaths, mahbousseLocs, isRoll } from './review-lines.js';

// lineKey is a legend's colour swatch. Its colour is set through the
// CSSOM, which the Content-Security-Policy allows, not a style attribute,
// which it refuses.
function lineKey(color) {
  const k = h('span', { class: 'rv-key' });
  k.style.background = color;
  return k;
}

const VERDICTS = ['inaccuracy', 'mistake', 'blunder'];
const PLURAL = { inaccuracy: 'inaccuracies', mistake: 'mistakes', blunder: 'blunders' };
// The players' line colours in a graph of three or four players.
const LINES = ['#0b5cad', '#b34700', '#1e6b2e', '#6b3fa0'];
const W = 500; // the graph's viewBox (drawn at this aspect ratio, see app.css)
const H = 120;

const POLL = 1000; // ms: the first wait between two polls of a running review
const POLL_MAX = 5000;

export class Review {
  /**
   * page is the game page (game.js): the review reads its view, moves,
   * replay position and player names, and jumps through page.jump(seq).
   */
  constructor(page) {
    this.page = page;
    this.state = 'idle'; // idle, running, done, error
    this.progress = { done: 0, total: 0 };
    this.report = null;
    this.bySeq = new Map(); // move seq -> the move's review
  }

  // el is the page's place for the review (the page may build it again).
  get el() { return this.page.el.review; }

  /** stop ends the polling (the page is left). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * start asks for the review and polls while it runs; retry asks again
   * after a failure (POST starts a new review at once, where a GET would
   * answer the failure for a minute).
   */
  start(retry = false) {
    if (this.state === 'running' || this.state === 'done') return;
    this.state = 'running';
    this.stopped = false;
    this.delay = POLL;
    this.render();
    this.poll(retry ? 'POST' : 'GET');
  }

  async poll(method = 'GET') {
    // 202 while the review waits (status "queued", with its place in the
    // queue) or runs, 200 once done, 500 with status "failed",
    // 409 game_running before the game ends (docs/api.md).
    let a;
    let fault = '';
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(this.page.id)}/review`, { method, headers: { Accept: 'application/json' } });
      a = await res.json().catch(() => null);
      if (res.status === 409 && a?.error?.code === 'game_running') fault = t('reviewGameRunning');
      else if (a?.status === 'failed') fault = t('reviewFailed', { m: a.error || res.statusText });
      else if (!res.ok) fault = t('error', { m: a?.error?.message || res.statusText });
    } catch (e) {
      fault = t('error', { m: e.message });
    }
    if (this.stopped) return;
    if (fault) {
      this.state = 'error';
      this.error = fault;
      this.render();
      return;
    }
    if (a?.status === 'done' && a.report) {
      this.state = 'done';
      this.setReport(a.report);
      this.page.render(); // the marks in the move list and the best move on the board
      return;
    }
    this.progress = { done: a?.done || 0, total: a?.total || 0, queue: a?.status === 'queued' ? a.queue || 0 : 0 };
    this.render();
    this.timer = setTimeout(() => this.poll(), this.delay);
    this.delay = Math.min(POLL_MAX, Math.round(this.delay * 1.3));
  }

  // setReport keeps the report and ties each reviewed move to the move list
  // of the page: ply is a move's place in it from 1 (rolls counted); should
  // the lists differ, the player moves are matched in order.
  setReport(r) {
    this.report = r;
    this.bySeq.clear();
    const list = this.page.moves;
    const byPly = (r.moves || []).every((m) => list[m.ply - 1]?.notation === m.move);
    if (byPly) {
      for (const m of r.moves) this.bySeq.set(list[m.ply - 1].seq, m);
      return;
    }
    const played = list.filter((m) => !isRoll(m));
    (r.moves || []).forEach((m, i) => { if (played[i]) this.bySeq.set(played[i].seq, m); });
  }

  /** mark is the verdict mark for the move of seq in the move list, or null. */
  mark(seq) {
    const m = this.bySeq.get(seq);
    const g = m && glyph(m.verdict);
    return g ? h('span', { class: `rv-mark ${m.verdict}`, title: t(m.verdict), 'data-verdict': m.verdict }, g) : null;
  }

  // selected is the reviewed move shown: the last move at or before the
  // version on the board, when it is a player's move.
  selected() {
    if (this.state !== 'done') return null;
    const at = this.page.replayAt ?? this.page.version;
    let last = null;
    for (const m of this.page.moves) if (m.seq <= at) last = m;
    return last && !isRoll(last) ? this.bySeq.get(last.seq) || null : null;
  }

  // seqOf is the seq of a reviewed move (null: not in the move list).
  seqOf(m) {
    for (const [seq, x] of this.bySeq) if (x === m) return seq;
    return null;
  }

  /** render draws the panel (the page calls it on each render). */
  render() {
    const v = this.page.view;
    const over = !!v?.outcome;
    this.el.hidden = !over || !this.page.moves.some((m) => !isRoll(m));
    if (this.el.hidden) { mount(this.el); return; }
    const head = h('h2', {}, t('review'));
    switch (this.state) {
      case 'idle':
        mount(this.el, head, h('button', { type: 'button', id: 'review-start', class: 'primary', onclick: () => this.start() }, t('reviewAsk')));
        return;
      case 'running': {
        const { done, total, queue } = this.progress;
        if (queue > 0) {
          mount(this.el, head, h('p', { id: 'review-progress', role: 'status', 'data-queue': queue }, t('reviewQueued', { n: ordinal(queue) })));
          return;
        }
        mount(this.el, head, h('p', { id: 'review-progress', role: 'status' }, t('reviewRunning'), total ? ` ${done}/${total}` : '', ' ',
          h('progress', { max: total || 1, value: total ? done : null })));
        return;
      }
      case 'error':
        mount(this.el, head, h('p', { class: 'muted', id: 'review-error' }, this.error),
          h('button', { type: 'button', id: 'review-start', onclick: () => { this.state = 'idle'; this.start(true); } }, t('reviewAsk')));
        return;
      default:
    }
    const r = this.report;
    const sel = this.selected();
    mount(this.el, head, this.graph(r, sel), this.moveText(r, sel), this.summary(r),
      h('p', { class: 'muted rv-engine' }, t('reviewEngine', { e: engineName(r.engine) })));
  }

  // graph draws the evaluation graph; a click jumps to the nearest move.
  graph(r, sel) {
    const moves = r.moves || [];
    const n = moves.length;
    const x = (i) => (n ? (i / n) * W : 0);
    const y = (p) => (1 - Math.min(1, Math.max(0, p))) * H;
    const two = r.players === 2;
    const name = (p) => this.page.playerName(p);
    const root = s('svg', { viewBox: `0 0 ${W} ${H}`, class: `rv-graph${two ? ' two' : ''}`, id: 'review-graph', role: 'img', preserveAspectRatio: 'none',
      'aria-label': two ? t('reviewGraph', { p: name(0) }) : t('reviewGraphMulti') });
    root.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'rv-bg' }));
    const pts = [];
    if (two) {
      const line = winLine(moves);
      line.forEach((p, i) => pts.push([x(i), y(p)]));
      const d = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join('');
      root.append(s('path', { d: `${d}L${W},${H}L0,${H}Z`, class: 'rv-area' }));
      root.append(s('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'rv-mid' }));
      root.append(s('path', { d, class: 'rv-line' }));
    } else {
      if (r.players > 2) root.append(s('line', { x1: 0, x2: W, y1: y(1 / r.players), y2: y(1 / r.players), class: 'rv-mid' }));
      playerLines(moves, r.players).forEach((l, p) => {
        if (!l.length) return;
        root.append(s('path', { d: l.map(([i, v], k) => `${k ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(''), class: 'rv-pline', stroke: LINES[p % LINES.length], 'data-player': p }));
      });
    }
    // The verdicts, on the graph where the move ends.
    moves.forEach((m, i) => {
      if (!GLYPH[m.verdict]) return;
      const v = two ? winLine([m])[1] : m.after;
      root.append(s('circle', { cx: x(i + 1), cy: y(v), r: 5, class: `rv-dot ${m.verdict}` },
        s('title', {}, `${name(m.player)}: ${m.move} ${GLYPH[m.verdict]} ${t(m.verdict)}`)));
    });
    const si = sel ? moves.indexOf(sel) : -1;
    if (si >= 0) root.append(s('line', { x1: x(si + 1), x2: x(si + 1), y1: 0, y2: H, class: 'rv-cursor', id: 'review-cursor', 'data-ply': sel.ply }));
    root.addEventListener('click', (e) => {
      const b = root.getBoundingClientRect();
      if (!n || !b.width) return;
      const i = Math.min(n, Math.max(1, Math.round(((e.clientX - b.left) / b.width) * n)));
      const seq = this.seqOf(moves[i - 1]);
      if (seq !== null) this.page.jump(seq);
    });
    const legend = two ? null : h('ul', { class: 'rv-legend' }, Array.from({ length: r.players }, (_, p) =>
      h('li', {}, lineKey(LINES[p % LINES.length]), name(p))));
    return h('div', { class: 'rv-graphwrap' }, root, legend);
  }

  // moveText says what the engine thinks of the selected move.
  moveText(r, m) {
    if (!m) return h('p', { class: 'rv-move muted', id: 'review-move' }, t('reviewPick'));
    const pct = (v) => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(v);
    const num = (v) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(v);
    const unit = r.unit && m.before_unit !== undefined && m.after_unit !== undefined
      ? ` (${num(m.before_unit)} → ${num(m.after_unit)} ${t(`unit_${r.unit.replace(/\s+/g, '_')}`)})` : '';
    const played = m.best === m.move;
    return h('div', { class: 'rv-move', id: 'review-move', 'data-ply': m.ply },
      h('p', {}, h('strong', {}, `${this.page.playerName(m.player)}: ${m.move}`),
        glyph(m.verdict) ? [' ', h('span', { class: `rv-mark ${m.verdict}` }, `${glyph(m.verdict)} ${t(m.verdict)}`)] : null,
        m.forced ? h('span', { class: 'muted' }, ` · ${t('reviewForced')}`) : null),
      h('p', { id: 'review-best' }, played ? t('reviewIsBest') : t('bestMove', { m: m.best }),
        (m.line || []).length > 1 ? h('span', { class: 'muted' }, ` · ${t('reviewLine', { l: m.line.join(' ') })}`) : null),
      h('p', { class: 'muted' }, t('reviewWin', { p: this.page.playerName(m.player), a: pct(m.before), b: pct(m.after) }), unit));
  }

  // next shows player's next move of verdict v after the one shown (the
  // first after the last).
  next(player, v) {
    const moves = (this.report.moves || []).filter((m) => m.player === player && m.verdict === v);
    if (!moves.length) return;
    const at = this.selected()?.ply ?? 0;
    const m = moves.find((x) => x.ply > at) || moves[0];
    const seq = this.seqOf(m);
    if (seq !== null) this.page.jump(seq);
  }

  // summary is lichess's summary under the graph: for each player the
  // average loss of win chance and the count of each verdict.
  summary(r) {
    const pct = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return h('table', { class: 'rv-summary', id: 'review-summary' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('reviewPlayer')),
        VERDICTS.map((v) => h('th', { scope: 'col', class: v, title: t(PLURAL[v]) }, h('span', { class: `rv-mark ${v}` }, GLYPH[v]), h('span', { class: 'rv-long' }, ` ${t(PLURAL[v])}`))),
        h('th', { scope: 'col' }, t('reviewAvgLoss')))),
      h('tbody', {}, (r.summaries || []).map((sm) => h('tr', { 'data-player': sm.player },
        h('th', { scope: 'row' }, this.page.playerName(sm.player)),
        VERDICTS.map((v) => {
          const n = sm[PLURAL[v]];
          // As on lichess, a count goes to the player's next move of that verdict.
          return h('td', { class: v }, n ? h('button', { type: 'button', class: 'link', 'data-next': v, title: t('reviewNext', { v: t(v) }), onclick: () => this.next(sm.player, v) }, n) : n);
        }),
        h('td', {}, pct.format(sm.average_loss))))));
  }

  /**
   * drawBest draws the selected move's best move on the board (wrap holds
   * the board's svg), when it is not the move played: an arrow from square
   * to square in draughts, Bénédictine and Intercept, the points of
   * Mahboussé and the tiles of Shut the Box outlined. game is the game's
   * id, board the board shown and r its renderer.
   */
  drawBest(wrap, game, board, r) {
    const root = wrap.querySelector('svg');
    if (!root) return;
    root.querySelector('.rv-best')?.remove();
    const m = this.selected();
    if (!m || m.best === m.move || !m.best) return;
    const g = s('g', { class: 'rv-best', 'aria-hidden': 'true', 'data-best': m.best });
    const byLoc = new Map();
    for (const el of root.querySelectorAll('[data-loc]')) if (!byLoc.has(el.dataset.loc)) byLoc.set(el.dataset.loc, el);
    const centre = (el) => { const b = el.getBBox(); return { x: b.x + b.width / 2, y: b.y + b.height / 2, b }; };
    if (game === 'shutbox') {
      const tiles = String(m.best).split('+');
      for (const el of root.querySelectorAll(`.box[data-player="${m.player}"] [data-tile]`)) {
        if (!tiles.includes(el.dataset.tile)) continue;
        const b = el.getBBox();
        g.append(s('rect', { x: b.x - 1, y: b.y - 4, width: b.width + 2, height: b.height + 8, rx: 6, class: 'rv-hl' }));
      }
    } else if (game === 'mahbousse') {
      for (const loc of mahbousseLocs(m.best, board, m.player)) {
        const el = byLoc.get(loc);
        if (!el?.getBBox) continue;
        const b = el.getBBox();
        const at = r?.markAt ? r.markAt(loc, b, board) : centre(el);
        g.append(s('circle', { cx: at.x, cy: at.y, r: Math.max(8, Math.min(b.width, b.height) * 0.4), class: 'rv-hl' }));
      }
    } else {
      bestPaths(m.best, new Set(byLoc.keys())).forEach((path, k) => {
        const pts = path.map((loc) => centre(byLoc.get(loc)));
        const size = Math.min(pts[0].b.width, pts[0].b.height);
        if (pts.length === 1) {
          g.append(s('circle', { cx: pts[0].x, cy: pts[0].y, r: size * 0.42, class: 'rv-hl' }));
          return;
        }
        g.append(arrow(pts, size, k > 0));
      });
    }
    if (g.childNodes.length) root.append(g);
  }
}

// arrow draws a path through pts (the last segment ending in a head), as
// lichess draws its best-move arrows: wide, translucent, its head short of
// the last square's centre. ball: the second part of a move (a ball).
function arrow(pts, size, ball) {
  const w = size * 0.2;
  const a = pts[pts.length - 2];
  const b = pts[pts.length - 1];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const head = Math.min(size * 0.55, len * 0.6);
  const end = { x: b.x - ux * head, y: b.y - uy * head };
  const d = [...pts.slice(0, -1), end].map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join('');
  const g = s('g', { class: `rv-arrow${ball ? ' ball' : ''}` });
  g.append(s('path', { d, 'stroke-width': w, class: 'shaft' }));
  const px = -uy * w * 1.6;
  const py = ux * w * 1.6;
  g.append(s('path', { d: `M${b.x.toFixed(1)},${b.y.toFixed(1)}L${(end.x + px).toFixed(1)},${(end.y + py).toFixed(1)}L${(end.x - px).toFixed(1)},${(end.y - py).toFixed(1)}Z`, class: 'head' }));
  return g;
}

// engineName says in the page's language what judged the moves ("exact
// solver", "level hard").
function engineName(e) {
  if (e === 'exact solver') return t('engineExact');
  const m = /^level (\w+)$/.exec(e || '');
  return m ? t('engineLevel', { l: t(m[1]) }) : e || '';
}
