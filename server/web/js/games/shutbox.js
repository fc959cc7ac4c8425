// Shut the Box: one box per player, two side by side (stacked on a narrow
// screen), the dice, and the one-die / two-dice choice. Several boxes have
// their tiles in two rows, so that every tile is wide enough to tap
// (40 CSS px) with the board fitted to the screen. The tiles of the box
// whose turn it is are the click targets; a cover is a set of tiles, clicked
// in any order.
import { svg, s, die } from '../dom.js';

export const unordered = true;

// hints: the shell offers the solver's hints (GET /api/games/{id}/hints).
export const hints = true;

// drawsLast: the last move is marked here, in the box of the player who
// made it (the shell would mark the same tiles in the box to move).
export const drawsLast = true;

// geometry gives the tiles' size and how many make a row: one row of
// narrow tiles, or two rows of wide ones (a box then fills 360 units, about
// as many CSS px on a phone).
function geometry(n, twoRows) {
  const per = twoRows ? Math.ceil(n / 2) : n;
  const tw = twoRows ? Math.floor(340 / per) : 38;
  const th = twoRows ? 64 : 74;
  const rows = Math.ceil(n / per);
  return { per, tw, th, w: per * tw + 20, h: 46 + rows * th + (rows - 1) * 8 };
}

function box(b, x, y, geo, ctx, board) {
  const { per, tw, th, w } = geo;
  const active = board.toMove === b.player && board.phase !== 'over';
  const g = s('g', { class: `box${active ? ' active' : ''}`, 'data-player': b.player });
  g.append(s('rect', { x, y, width: w, height: geo.h, rx: 8, class: 'tray' }));
  const title = `${ctx.t('player', { n: b.player + 1 })}${ctx.mine.includes(b.player) ? ' ★' : ''}`;
  g.append(s('text', { x: x + 10, y: y + 18, class: 'boxtitle', 'font-size': 15, 'font-weight': 700 }, `${active ? '▶ ' : ''}${title}`));
  const last = ctx.lastMove && ctx.lastMove.player === b.player ? ctx.lastMove.clicks : [];
  const state = b.shut ? '✓ 0' : `${ctx.t('score')} ${b.score}${b.blocked ? ` ✕ ${ctx.t('blocked')}` : ''}`;
  g.append(s('text', { x: x + w - 10, y: y + 18, 'text-anchor': 'end', 'font-size': 15, class: 'boxscore' }, state));
  b.tiles.forEach((tile, i) => {
    const tx = x + 10 + (i % per) * tw;
    const ty = y + 30 + Math.floor(i / per) * (th + 8);
    const attrs = active && !ctx.replay ? { 'data-loc': tile.name } : {};
    const isLast = last.includes(tile.name);
    const tg = s('g', { class: `tile ${tile.open ? 'open' : 'shut'}${isLast ? ' lastmove' : ''}`, ...attrs, 'data-last': isLast ? tile.name : null, 'data-tile': tile.name });
    if (isLast) tg.append(s('rect', { x: tx, y: ty - 3, width: tw, height: th + 6, rx: 6, class: 'lastmark' }));
    if (tile.open) {
      tg.append(s('rect', { x: tx + 2, y: ty, width: tw - 4, height: th, rx: 4, class: 'hit face' }));
      tg.append(s('text', { x: tx + tw / 2, y: ty + 26, 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 700 }, tile.name));
    } else {
      tg.append(s('rect', { x: tx + 2, y: ty, width: tw - 4, height: th, rx: 4, class: 'hit slot' }));
      tg.append(s('rect', { x: tx + 2, y: ty + th - 22, width: tw - 4, height: 22, rx: 3, class: 'flap' }));
      tg.append(s('text', { x: tx + tw / 2, y: ty + th - 6, 'text-anchor': 'middle', 'font-size': 15, class: 'flaptext' }, tile.name));
    }
    g.append(tg);
  });
  return g;
}

export function draw(board, ctx) {
  const n = board.tiles || 9;
  const boxes = board.boxes || [];
  const narrow = typeof window !== 'undefined' && window.innerWidth < 700;
  const geo = geometry(n, narrow || boxes.length > 1);
  const bw = geo.w;
  const cols = narrow ? 1 : Math.min(boxes.length, 2);
  const rows = Math.ceil(boxes.length / cols);
  const gap = 14;
  const top = 70;
  const W = cols * bw + (cols - 1) * gap + 20;
  const H = top + rows * (geo.h + gap) + 4;
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
    for (let i = 0; i < (board.diceCount || 2); i++) root.append(die(mid - 54 + i * 60, 10, 48, '?', { cls: 'pending' }));
  }
  boxes.forEach((b, i) => {
    const c = i % cols;
    const r = Math.floor(i / cols);
    root.append(box(b, 10 + c * (bw + gap), top + r * (geo.h + gap), geo, ctx, board));
  });
  return root;
}

/** markAt puts a tile's target ring under its number. */
export function markAt(loc, box) {
  return { x: box.x + box.width / 2, y: box.y + box.height * (/^\d+$/.test(loc) ? 0.74 : 0.5) };
}

export function label(loc, board) {
  if (loc === 'roll1') return '⚀ ×1';
  if (loc === 'roll2') return '⚀⚀ ×2';
  return loc;
}

// roller: the seat a roll is for (the box whose turn it is, also while
// its dice are rolled), so that a blocked roll is listed under its player.
export const roller = (board) => board.toMove;

// quietMove: the choice of one die or two is written with the roll it
// asked for ("5: 5"), not as a move of its own.
export const quietMove = (notation) => /^roll[12]$/.test(notation);
