// International draughts: the 10x10 board from Board().squares, pieces by
// player and kind. Seat 1 sees the board turned round. Player 0 (Bleus,
// White) has light pieces with one ring, player 1 (Verts, Black) dark
// pieces with two rings; kings carry a crown.
import { svg, s } from '../dom.js';

const Q = 50;

export function piece(cx, cy, r, player, king) {
  const g = s('g', { class: `piece p${player}` });
  g.append(s('circle', { cx, cy, r, class: `pc${player}` }));
  g.append(s('circle', { cx, cy, r: r * 0.68, class: `mk${player}` }));
  if (player === 1) g.append(s('circle', { cx, cy, r: r * 0.38, class: `mk${player}` }));
  if (king) {
    const w = r * 0.9;
    const y = cy + r * 0.35;
    g.append(s('path', {
      class: 'crown',
      d: `M${cx - w / 2},${y} l0,${-r * 0.6} l${w / 4},${r * 0.3} l${w / 4},${-r * 0.45} l${w / 4},${r * 0.45} l${w / 4},${-r * 0.3} l0,${r * 0.6} z`,
    }));
  }
  return g;
}

export function draw(board, ctx) {
  const rows = board.rows || 10;
  const cols = board.cols || 10;
  const flip = ctx.seat === 1;
  const root = svg(cols * Q, rows * Q, { class: 'board dames', 'aria-label': ctx.view.position });
  const at = (r, c) => (flip ? [(cols - 1 - c) * Q, (rows - 1 - r) * Q] : [c * Q, r * Q]);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if ((r + c) % 2 === 0) {
        const [x, y] = at(r, c);
        root.append(s('rect', { x, y, width: Q, height: Q, class: 'light' }));
      }
    }
  }
  const pieces = new Map((board.pieces || []).map((p) => [String(p.square), p]));
  const huff = new Set((board.huffable || []).map(String));
  for (const sq of board.squares || []) {
    const [x, y] = at(sq.row, sq.col);
    const g = s('g', { 'data-loc': sq.square });
    g.append(s('rect', { x, y, width: Q, height: Q, class: 'sq dark' }));
    g.append(s('text', { x: x + 3, y: y + 11, 'font-size': 9, class: 'num' }, sq.square));
    const p = pieces.get(String(sq.square));
    if (p) g.append(piece(x + Q / 2, y + Q / 2, Q * 0.38, p.player, p.kind === 'king'));
    if (huff.has(String(sq.square))) g.append(s('text', { x: x + Q - 4, y: y + Q - 4, 'text-anchor': 'end', 'font-size': 13, class: 'huff' }, '!'));
    root.append(g);
  }
  return root;
}

export function playerNames(board, n, lang) {
  return (board?.sides || []).map((sd) => (lang === 'fr' ? sd.name_fr : sd.name_en));
}

export function swatch(p) {
  const r = svg(20, 20, { class: 'sw' });
  r.append(piece(10, 10, 8, p, false));
  return r;
}
