// International draughts: the 10x10 board from Board()'s rows and cols, pieces by
// player and kind, drawn as on lidraughts: White (player 0, the rule
// sheet's Bleus) has white men, Black (Verts) black ones; a king is a man
// with a second man on top, crowned. Seat 1 sees the board turned round,
// and anyone may turn it (ctx.flip); the square numbers stay upright.
// A capture is clicked from its piece to its final square (shortCaptures);
// a player may queue a premove on their pieces.
import { svg, s } from '../dom.js';

const Q = 50;

export const shortCaptures = true;
export const flippable = true;

// disc is one draughtsman seen from above, a little in relief: its edge,
// its face and a groove.
function disc(g, cx, cy, r, player) {
  g.append(s('circle', { cx, cy: cy + r * 0.12, r, class: 'edge' }));
  g.append(s('circle', { cx, cy, r, class: `face${player}` }));
  g.append(s('circle', { cx, cy, r: r * 0.62, class: `groove${player}` }));
}

export function piece(cx, cy, r, player, king) {
  const g = s('g', { class: `piece p${player}${king ? ' king' : ''}` });
  disc(g, cx, cy, r, player);
  if (king) {
    const up = r * 0.28;
    disc(g, cx, cy - up, r, player);
    const w = r * 0.9;
    const y = cy - up + r * 0.3;
    g.append(s('path', {
      class: 'crown',
      d: `M${cx - w / 2},${y} l0,${-r * 0.55} l${w / 4},${r * 0.27} l${w / 4},${-r * 0.42} l${w / 4},${r * 0.42} l${w / 4},${-r * 0.27} l0,${r * 0.55} z`,
    }));
  }
  return g;
}

export function draw(board, ctx) {
  const rows = board.rows || 10;
  const cols = board.cols || 10;
  const flip = (ctx.seat === 1) !== !!ctx.flip;
  const root = svg(cols * Q, rows * Q, { class: `board dames${flip ? ' flipped' : ''}`, 'aria-label': ctx.view.position });
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
  for (const sq of darkSquares(rows, cols)) {
    const [x, y] = at(sq.row, sq.col);
    const g = s('g', { 'data-loc': sq.square });
    g.append(s('rect', { x, y, width: Q, height: Q, class: 'sq dark' }));
    g.append(s('text', { x: x + 3, y: y + 11, 'font-size': 10, class: 'num' }, sq.square));
    const p = pieces.get(sq.square);
    if (p) g.append(piece(x + Q / 2, y + Q / 2 + 1.5, Q * 0.36, p.player, p.kind === 'king'));
    if (huff.has(sq.square)) g.append(s('text', { x: x + Q - 4, y: y + Q - 4, 'text-anchor': 'end', 'font-size': 13, class: 'huff' }, '!'));
    root.append(g);
  }
  return root;
}

/**
 * darkSquares numbers the playable squares 1, 2, ... left to right from the
 * top row, as the server's view does (it does not send them: they never
 * change and were a third of every message).
 * @param {number} rows
 * @param {number} cols
 * @returns {{square: string, row: number, col: number}[]}
 */
export function darkSquares(rows, cols) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if ((r + c) % 2 === 1) out.push({ square: String(out.length + 1), row: r, col: c });
    }
  }
  return out;
}

/** premove lists the squares of seat's pieces: where a premove may start. */
export function premove(board, seat) {
  return (board.pieces || []).filter((p) => p.player === seat).map((p) => String(p.square));
}

// The rule sheet calls the sides Bleus and Verts; players of draughts know
// them as White and Black, which the pieces show.
export function playerNames(board, n, lang) {
  return lang === 'fr' ? ['Blancs', 'Noirs'] : ['White', 'Black'];
}

export function swatch(p) {
  const r = svg(20, 20, { class: 'sw dames' });
  r.append(piece(10, 9.5, 8, p, false));
  return r;
}
