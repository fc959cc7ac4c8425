// Mahboussé: a backgammon board of 24 points, the borne-off tray and the
// dice. Seat 0 (x) has its home at the bottom right; seat 1 (o) sees the
// board turned round. A pinned checker peeks out from under the stack that
// pins it, with a lock mark. Point numbers are the viewer's own.
import { svg, s, die } from '../dom.js';

const PW = 40; // point width
const H = 440;
const BAR = 30;
const TRAY = 56;
const R = 17;

function checker(cx, cy, p, extra = '') {
  const g = s('g', { class: `checker${extra}` });
  g.append(s('circle', { cx, cy, r: R, class: `pc${p}` }));
  g.append(s('circle', { cx, cy, r: R * 0.55, class: `mk${p}` }));
  return g;
}

export function draw(board, ctx) {
  const flip = ctx.seat === 1;
  const W = 12 * PW + BAR + TRAY + 20;
  const root = svg(W, H, { class: 'board mahbousse', 'aria-label': ctx.view.position });
  root.append(s('rect', { x: 0, y: 0, width: W - TRAY - 10, height: H, rx: 6, class: 'frame' }));
  const points = board.points || [];
  // Slot k = 0..23 in x numbering (point k+1); turned round for o.
  const place = (k) => {
    const idx = flip ? (k + 12) % 24 : k;
    const top = idx >= 12;
    const col = top ? idx - 12 : 11 - idx; // 0..11 from the left
    const x = 10 + col * PW + (col >= 6 ? BAR : 0);
    return { x, top };
  };
  root.append(s('rect', { x: 10 + 6 * PW, y: 0, width: BAR, height: H, class: 'bar' }));
  points.forEach((pt, k) => {
    const { x, top } = place(k);
    const g = s('g', { 'data-loc': pt.id, class: 'point' });
    const baseY = top ? 8 : H - 8;
    const tipY = top ? H / 2 - 24 : H / 2 + 24;
    g.append(s('rect', { x, y: top ? 0 : H / 2, width: PW, height: H / 2, class: 'hit zone' }));
    g.append(s('path', { d: `M${x},${baseY} L${x + PW / 2},${tipY} L${x + PW},${baseY} Z`, class: `sq tri t${k % 2}` }));
    const num = pt.number ? pt.number[ctx.seat === 1 ? 1 : 0] : k + 1;
    g.append(s('text', { x: x + PW / 2, y: top ? H / 2 - 8 : H / 2 + 16, 'text-anchor': 'middle', 'font-size': 11, class: 'pnum' }, String(num)));
    const dir = top ? 1 : -1;
    const first = baseY + dir * (R + 1);
    if (pt.pinned >= 0) {
      const pin = checker(x + PW / 2 + (top ? 0 : 0), first, pt.pinned, ' pinned');
      g.append(pin);
      g.append(s('text', { x: x + PW / 2, y: first + 4, 'text-anchor': 'middle', 'font-size': 12, class: `lock lk${pt.pinned}` }, '⊗'));
    }
    const n = pt.count || 0;
    const shown = Math.min(n, 5);
    const off0 = pt.pinned >= 0 ? 1 : 0;
    for (let i = 0; i < shown; i++) {
      const cy = first + dir * (i + off0) * (R * 2 - (pt.pinned >= 0 ? 6 : 2));
      g.append(checker(x + PW / 2, cy, pt.owner));
    }
    if (n > 5) {
      const cy = first + dir * (4 + off0) * (R * 2 - (pt.pinned >= 0 ? 6 : 2));
      g.append(s('text', { x: x + PW / 2, y: cy + 5, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, class: `cnt c${pt.owner}` }, String(n)));
    }
    root.append(g);
  });
  // tray of borne-off checkers
  const tx = W - TRAY - 2;
  const tray = s('g', { 'data-loc': 'off', class: 'tray' });
  tray.append(s('rect', { x: tx, y: 0, width: TRAY, height: H, rx: 6, class: 'hit sq trayrect' }));
  const off = board.off || [0, 0];
  [0, 1].forEach((p) => {
    const bottom = (p === 0) !== flip;
    const y = bottom ? H - 60 : 20;
    tray.append(checker(tx + TRAY / 2, y + 18, p));
    tray.append(s('text', { x: tx + TRAY / 2, y: y + 56, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700, class: 'offcnt' }, `${off[p]}`));
  });
  tray.append(s('text', { x: tx + TRAY / 2, y: H / 2 + 5, 'text-anchor': 'middle', 'font-size': 12, class: 'offcnt' }, ctx.t('off')));
  root.append(tray);
  // dice, on the side of the player who rolled
  const dice = board.dice || [];
  if (dice.length) {
    const right = board.toMove === ctx.seat || board.roller === ctx.seat;
    const cx = right ? 10 + 6 * PW + BAR + 3 * PW : 10 + 3 * PW;
    dice.forEach((d, i) => root.append(die(cx - dice.length * 24 + i * 48 + 2, H / 2 - 21, 42, d, { cls: ctx.rolled ? 'roll' : '' })));
  }
  return root;
}

export function playerNames(board, n, lang) {
  const names = board?.players || ['x', 'o'];
  const base = lang === 'fr' ? 'Joueur' : 'Player';
  return names.map((x, i) => `${base} ${i + 1} (${x})`);
}

export function swatch(p) {
  const r = svg(40, 40, { class: 'sw' });
  r.append(checker(20, 20, p));
  return r;
}

export function label(loc) {
  return loc;
}
