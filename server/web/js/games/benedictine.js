// Master Bénédictine: the 7x7 board, its nine dark ball squares, the
// bottles (green with a round label, amber with a diamond label) and the
// ball, with the try squares beyond each last row. Amber sees the board
// turned round.
import { svg, s } from '../dom.js';

const Q = 60;
const TRY = 54; // tall enough to tap on a phone (40 CSS px at the board's fitted size)
const M = 18; // margin for coordinates

export function bottle(cx, cy, p, size = Q) {
  const k = size / 60;
  const g = s('g', { class: `bottle b${p}` });
  g.append(s('path', {
    class: `pc${p === 0 ? 'g' : 'a'} body`,
    d: `M${cx - 5 * k},${cy - 24 * k} h${10 * k} v${8 * k} q${9 * k},${5 * k} ${9 * k},${14 * k} v${24 * k} q0,${4 * k} ${-4 * k},${4 * k} h${-20 * k} q${-4 * k},0 ${-4 * k},${-4 * k} v${-24 * k} q0,${-9 * k} ${9 * k},${-14 * k} z`,
  }));
  if (p === 0) g.append(s('circle', { cx, cy: cy + 8 * k, r: 5 * k, class: 'lab' }));
  else g.append(s('path', { d: `M${cx},${cy + 2 * k} l${6 * k},${6 * k} l${-6 * k},${6 * k} l${-6 * k},${-6 * k} z`, class: 'lab' }));
  return g;
}

function ball(cx, cy, r) {
  const g = s('g', { class: 'ball' });
  g.append(s('circle', { cx, cy, r, class: 'ballc' }));
  g.append(s('path', { d: `M${cx - r * 0.8},${cy - r * 0.4} q${r * 0.8},${r * 0.6} ${r * 1.6},0 M${cx - r * 0.8},${cy + r * 0.4} q${r * 0.8},${-r * 0.6} ${r * 1.6},0`, class: 'seam' }));
  return g;
}

export function draw(board, ctx) {
  const flip = ctx.seat === 1;
  const W = 7 * Q + 2 * M;
  const H = 7 * Q + 2 * TRY + 2 * M;
  const root = svg(W, H, { class: 'board benedictine', 'aria-label': ctx.view.position });
  // rank 0..8 to y (rank 8 and 0 are the try rows)
  const ry = (r) => {
    const rr = flip ? 8 - r : r;
    if (rr === 8) return M;
    if (rr === 0) return M + TRY + 7 * Q;
    return M + TRY + (7 - rr) * Q;
  };
  const rh = (r) => (r === 0 || r === 8 ? TRY : Q);
  const fx = (f) => M + (flip ? 6 - f : f) * Q;
  const bottles = new Map((board.bottles || []).map((b) => [b.square, b]));
  const ballSq = board.ball && board.ball.square;
  for (const sq of board.squares || []) {
    const x = fx(sq.file);
    const y = ry(sq.rank);
    const g = s('g', { 'data-loc': sq.name });
    g.append(s('rect', { x, y, width: Q, height: Q, class: `sq ${sq.kind === 'ball' ? 'ballsq' : 'bsq'}` }));
    if (sq.kind === 'ball') g.append(s('circle', { cx: x + Q / 2, cy: y + Q / 2, r: 4, class: 'dot' }));
    const b = bottles.get(sq.name);
    if (b) g.append(bottle(x + Q / 2, y + Q / 2, b.owner));
    if (ballSq === sq.name) g.append(ball(x + Q / 2, y + Q / 2, Q * 0.3));
    root.append(g);
  }
  // try squares
  for (const pl of board.players || []) {
    for (const name of pl.trySquares || []) {
      const f = name.charCodeAt(0) - 97;
      const r = +name.slice(1);
      const x = fx(f);
      const y = ry(r);
      const g = s('g', { 'data-loc': name, class: `try t${pl.player}` });
      g.append(s('rect', { x, y, width: Q, height: rh(r), class: 'sq trysq' }));
      // an arrow (drawn: the fonts may lack ▲ ▼) pointing the way this player scores, as the viewer sees it
      const up = (pl.player === 0) !== flip;
      const cx = x + Q / 2;
      const cy = y + rh(r) / 2;
      g.append(s('path', { d: up ? `M${cx - 7},${cy + 5} L${cx},${cy - 6} L${cx + 7},${cy + 5} Z` : `M${cx - 7},${cy - 5} L${cx},${cy + 6} L${cx + 7},${cy - 5} Z`, class: 'trytext' }));
      if (ballSq === name) g.append(ball(x + Q / 2, y + rh(r) / 2, TRY * 0.4));
      root.append(g);
    }
  }
  for (let f = 0; f < 7; f++) root.append(s('text', { x: fx(f) + Q / 2, y: H - 4, 'text-anchor': 'middle', 'font-size': 15, class: 'coord' }, String.fromCharCode(97 + f)));
  for (let r = 1; r <= 7; r++) root.append(s('text', { x: 8, y: ry(r) + Q / 2 + 5, 'text-anchor': 'middle', 'font-size': 15, class: 'coord' }, String(r)));
  return root;
}

export function playerNames(board, n, lang) {
  return lang === 'fr' ? ['Vert', 'Ambre'] : ['Green', 'Amber'];
}

export function swatch(p) {
  const r = svg(30, 30, { class: 'sw' });
  r.append(bottle(15, 15, p, 30));
  return r;
}
