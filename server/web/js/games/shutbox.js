// Shut the Box: one box per player side by side (stacked on a narrow
// screen), the dice, and the one-die / two-dice choice. The tiles of the box
// whose turn it is are the click targets; a cover is a set of tiles, clicked
// in any order.
import { svg, s, die } from '../dom.js';

export const unordered = true;

// hints: the shell offers the solver's hints (GET /api/games/{id}/hints).
export const hints = true;

// drawsLast: the last move is marked here, in the box of the player who
// made it (the shell would mark the same tiles in the box to move).
export const drawsLast = true;

const TW = 38; // tile width
const TH = 74; // tile height

function box(b, x, y, n, ctx, board) {
  const w = n * TW + 20;
  const active = board.toMove === b.player && board.phase !== 'over';
  const g = s('g', { class: `box${active ? ' active' : ''}`, 'data-player': b.player });
  g.append(s('rect', { x, y, width: w, height: TH + 46, rx: 8, class: 'tray' }));
  const title = `${ctx.t('player', { n: b.player + 1 })}${ctx.mine.includes(b.player) ? ' ★' : ''}`;
  g.append(s('text', { x: x + 10, y: y + 18, class: 'boxtitle', 'font-size': 14, 'font-weight': 700 }, `${active ? '▶ ' : ''}${title}`));
  const last = ctx.lastMove && ctx.lastMove.player === b.player ? ctx.lastMove.clicks : [];
  const state = b.shut ? '✓ 0' : `${ctx.t('score')} ${b.score}${b.blocked ? ` ✕ ${ctx.t('blocked')}` : ''}`;
  g.append(s('text', { x: x + w - 10, y: y + 18, 'text-anchor': 'end', 'font-size': 13, class: 'boxscore' }, state));
  b.tiles.forEach((tile, i) => {
    const tx = x + 10 + i * TW;
    const ty = y + 30;
    const attrs = active && !ctx.replay ? { 'data-loc': tile.name } : {};
    const isLast = last.includes(tile.name);
    const tg = s('g', { class: `tile ${tile.open ? 'open' : 'shut'}${isLast ? ' lastmove' : ''}`, ...attrs, 'data-last': isLast ? tile.name : null });
    if (isLast) tg.append(s('rect', { x: tx, y: ty - 3, width: TW, height: TH + 6, rx: 6, class: 'lastmark' }));
    if (tile.open) {
      tg.append(s('rect', { x: tx + 2, y: ty, width: TW - 4, height: TH, rx: 4, class: 'hit face' }));
      tg.append(s('text', { x: tx + TW / 2, y: ty + 30, 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 700 }, tile.name));
    } else {
      tg.append(s('rect', { x: tx + 2, y: ty, width: TW - 4, height: TH, rx: 4, class: 'hit slot' }));
      tg.append(s('rect', { x: tx + 2, y: ty + TH - 22, width: TW - 4, height: 22, rx: 3, class: 'flap' }));
      tg.append(s('text', { x: tx + TW / 2, y: ty + TH - 6, 'text-anchor': 'middle', 'font-size': 12, class: 'flaptext' }, tile.name));
    }
    g.append(tg);
  });
  return { g, w, h: TH + 46 };
}

export function draw(board, ctx) {
  const n = board.tiles || 9;
  const boxes = board.boxes || [];
  const bw = n * TW + 20;
  const narrow = typeof window !== 'undefined' && window.innerWidth < 700;
  const cols = narrow ? 1 : Math.min(boxes.length, boxes.length === 4 && n === 12 ? 2 : boxes.length > 2 ? 2 : boxes.length);
  const rows = Math.ceil(boxes.length / cols);
  const gap = 14;
  const top = 70;
  const W = cols * bw + (cols - 1) * gap + 20;
  const H = top + rows * (TH + 46 + gap) + 4;
  const root = svg(W, H, { class: 'board shutbox', 'aria-label': ctx.view.position });
  // dice and die choice
  const dice = board.dice || [];
  const mid = W / 2;
  if (dice.length) {
    dice.forEach((d, i) => root.append(die(mid - dice.length * 27 + i * 54 + 2, 10, 48, d, { cls: ctx.rolled ? 'roll' : '', label: `${d}` })));
    root.append(s('text', { x: mid + dice.length * 27 + 14, y: 42, 'font-size': 18, 'font-weight': 700 }, `= ${board.roll}`));
  } else if ((board.buttons || []).length) {
    board.buttons.forEach((b, i) => {
      const bx = mid - 150 + i * 160;
      const k = b === 'roll1' ? 1 : 2;
      const g = s('g', { 'data-loc': b, class: 'choice' });
      g.append(s('rect', { x: bx, y: 8, width: 140, height: 52, rx: 8, class: 'hit sq' }));
      for (let j = 0; j < k; j++) g.append(die(bx + 10 + j * 40, 16, 34, j === 0 ? 5 : 3));
      g.append(s('text', { x: bx + 96, y: 41, 'font-size': 15, 'font-weight': 600 }, k === 1 ? '×1' : '×2'));
      root.append(g);
    });
  } else if (board.phase === 'roll') {
    for (let i = 0; i < (board.diceCount || 2); i++) root.append(die(mid - 54 + i * 60, 10, 48, 0, { cls: 'pending' }));
  }
  boxes.forEach((b, i) => {
    const c = i % cols;
    const r = Math.floor(i / cols);
    root.append(box(b, 10 + c * (bw + gap), top + r * (TH + 46 + gap), n, ctx, board).g);
  });
  return root;
}

/** markAt puts a tile's target ring under its number. */
export function markAt(loc, box) {
  return { x: box.x + box.width / 2, y: box.y + box.height * (/^\d+$/.test(loc) ? 0.7 : 0.5) };
}

export function label(loc, board) {
  if (loc === 'roll1') return '⚀ ×1';
  if (loc === 'roll2') return '⚀⚀ ×2';
  return loc;
}
