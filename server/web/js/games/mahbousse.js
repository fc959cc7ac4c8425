// Mahboussé: a backgammon board of 24 points, the borne-off tray with each
// side's pip count, and the dice. Seat 0 (x) has its home at the bottom
// right; seat 1 (o) sees the board turned round. A pinned checker peeks out
// from under the stack that pins it, with a lock mark. Point numbers are the
// viewer's own, along the outer edges; the dice lie in the middle band.
//
// A turn is played step by step, as on backgammon sites: a click picks a
// checker up, a click on a landing (one die, or the sum of the dice) puts it
// down there and the board shows the position so far; Undo takes the last
// step back and Done sends the turn (or the turn goes by itself when it is
// complete, if the player chose so). The client never applies the rules: it
// only filters the server's legal moves, whose `paths` list every click
// order of a turn, by the steps made so far, and draws those steps.
import { svg, s, h, die, icon } from '../dom.js';
import { t } from '../i18n.js';

// Sizes in SVG units. A point is 50 wide and the smallest text 14 high, so
// that the board fitted to a 1024x700 screen keeps points of 40 CSS px and
// text of 11 (the shell zooms a board whose points or text get smaller).
const PW = 50; // point width
const R = 21; // checker radius
const BAR = 28;
const NUM = 24; // strip for the point numbers, above and below the points
const HALF = 222; // height of a row of points
const MID = 48; // middle band, for the dice
const H = 2 * NUM + 2 * HALF + MID;
const FW = 12 * PW + BAR + 20; // frame width
const TRAY = 58;
const W = FW + 6 + TRAY;

const AUTO_KEY = 'plateau.autodone';

/** autoDone says whether a complete turn is sent without Done (remembered). */
export function autoDone() {
  try { return localStorage.getItem(AUTO_KEY) === '1'; } catch { return false; }
}

function setAutoDone(on) {
  try { localStorage.setItem(AUTO_KEY, on ? '1' : '0'); } catch { /* storage may be disabled */ }
}

// ---- building a turn from the legal moves ---------------------------------

// drawsPrefix: the shell draws the board again after each click, with the
// steps made so far (ctx.prefix).
export const drawsPrefix = true;

const pathsOf = (m) => (Array.isArray(m.paths) && m.paths.length ? m.paths : [m.clicks || []]).map((p) => p.map(String));

function startsWith(q, prefix) {
  if (q.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (q[i] !== prefix[i]) return false;
  return true;
}

// landings lists where a path q continues after prefix: the next click,
// and, when prefix ends with a checker picked up, the landings of the same
// checker going on with the next dice (the sum), each with the clicks it
// stands for.
function landings(q, prefix) {
  const n = prefix.length;
  if (!startsWith(q, prefix) || q.length <= n) return [];
  const out = [{ loc: q[n], clicks: q.slice(n, n + 1) }];
  if (n % 2 === 1) {
    for (let i = n; i + 2 < q.length && q[i + 1] === q[i]; i += 2) out.push({ loc: q[i + 2], clicks: q.slice(n, i + 3) });
  }
  return out;
}

/**
 * options describes what the steps made so far (prefix: board ids, from
 * and to of each step, maybe a checker picked up) allow: `next`, the ids to
 * click (checkers to pick up, or the landings of the picked one, the sum's
 * included); `complete`, the turns those steps make.
 */
export function options(moves, prefix) {
  const next = new Set();
  const complete = [];
  for (const m of moves) {
    let done = false;
    for (const q of pathsOf(m)) {
      if (prefix.length && q.length === prefix.length && startsWith(q, prefix)) done = true;
      for (const l of landings(q, prefix)) next.add(l.loc);
    }
    if (done) complete.push(m);
  }
  return { next, complete };
}

/**
 * click applies a click on loc: {prefix, changed, send?}. A landing adds
 * its step (a sum landing both steps, through the point a legal order
 * uses); the picked checker clicked again is put back; another checker
 * that can move is picked instead. A complete turn is sent only when auto
 * is set; otherwise Done sends it.
 */
export function click(moves, prefix, loc, auto = autoDone()) {
  loc = String(loc);
  const n = prefix.length;
  let add = null;
  for (const m of moves) {
    for (const q of pathsOf(m)) {
      for (const l of landings(q, prefix)) {
        if (l.loc === loc && (!add || l.clicks.length < add.length)) add = l.clicks;
      }
    }
  }
  let p;
  if (add) p = [...prefix, ...add];
  else if (n % 2 === 1 && prefix[n - 1] === loc) return { prefix: prefix.slice(0, -1), changed: true };
  else if (n % 2 === 1 && options(moves, prefix.slice(0, -1)).next.has(loc)) p = [...prefix.slice(0, -1), loc];
  else return { prefix, changed: false };
  const o = options(moves, p);
  if (auto && o.next.size === 0 && o.complete.length === 1) return { prefix: [], send: o.complete[0], changed: true };
  return { prefix: p, changed: true };
}

/** back takes back the last step, or puts down the checker picked up. */
export function back(prefix) {
  return prefix.slice(0, prefix.length % 2 === 1 ? -1 : -2);
}

/** selected lists the ids to mark as chosen: the checker picked up. */
export function selected(prefix) {
  return prefix.length % 2 === 1 ? [prefix[prefix.length - 1]] : [];
}

/**
 * forced returns the pass that is the only legal move, else null: the
 * server plays it by itself (room.Decide), so the page offers no button
 * for it, only a message (info).
 */
export function forced(moves) {
  return moves.length === 1 && moves[0].kind === 'pass' ? moves[0] : null;
}

// ---- the position so far ---------------------------------------------------

/**
 * partial returns the board after the steps of prefix by mover: each step
 * moves one checker; landing on a lone opponent checker pins it, and the
 * last checker leaving a point frees the checker pinned there.
 */
export function partial(board, prefix, mover) {
  const points = (board.points || []).map((p) => ({ ...p }));
  const off = [...(board.off || [0, 0])];
  const at = new Map(points.map((p) => [p.id, p]));
  for (let i = 0; i + 1 < prefix.length; i += 2) {
    const a = at.get(prefix[i]);
    if (a && a.owner === mover && a.count > 0) {
      a.count--;
      if (a.count === 0) {
        a.owner = a.pinned;
        a.count = a.pinned >= 0 ? 1 : 0;
        a.pinned = -1;
      }
    }
    const to = prefix[i + 1];
    const b = at.get(to);
    if (to === 'off') {
      off[mover]++;
    } else if (b && (b.count === 0 || b.owner === mover)) {
      b.owner = mover;
      b.count++;
    } else if (b && b.count === 1 && b.pinned < 0) {
      b.pinned = b.owner;
      b.owner = mover;
    }
  }
  return { ...board, points, off };
}

/** pips are each side's pip count on a board: every checker's distance home, pinned ones included. */
export function pips(board) {
  const sum = [0, 0];
  for (const p of board.points || []) {
    if (p.owner >= 0) sum[p.owner] += p.count * p.number[p.owner];
    if (p.pinned >= 0) sum[p.pinned] += p.number[p.pinned];
  }
  return sum;
}

/**
 * diceOf lists the dice of the roll (four for a double), {v, used}, each
 * used once a step of prefix played it: the die of the step's length, else
 * (a checker borne off from a lower point) the smallest larger one, else
 * (a jump of the sum) as many as the length needs.
 */
export function diceOf(board, prefix, mover) {
  const d = board.dice || [];
  const list = (d.length === 2 && d[0] === d[1] ? [d[0], d[0], d[0], d[0]] : d).map((v) => ({ v, used: false }));
  const num = new Map((board.points || []).map((p) => [p.id, p.number[mover]]));
  for (let i = 0; i + 1 < prefix.length; i += 2) {
    let len = (num.get(prefix[i]) || 0) - (prefix[i + 1] === 'off' ? 0 : num.get(prefix[i + 1]) || 0);
    const free = list.filter((x) => !x.used);
    const one = free.find((x) => x.v === len) || (prefix[i + 1] === 'off' ? free.filter((x) => x.v > len).sort((a, b) => a.v - b.v)[0] : null);
    if (one) { one.used = true; continue; }
    for (const x of free) { if (len <= 0) break; x.used = true; len -= x.v; }
  }
  return list;
}

// ---- drawing ---------------------------------------------------------------

function checker(cx, cy, p, extra = '') {
  const g = s('g', { class: `checker${extra}` });
  g.append(s('circle', { cx, cy, r: R, class: `pc${p}` }));
  g.append(s('circle', { cx, cy, r: R * 0.55, class: `mk${p}` }));
  return g;
}

export function draw(board, ctx) {
  const flip = ctx.seat === 1;
  const mover = board.toMove;
  const prefix = mover >= 0 ? (ctx.prefix || []).map(String) : [];
  const b = prefix.length > 1 ? partial(board, prefix, mover) : board;
  const lifted = selected(prefix)[0];
  const root = svg(W, H, { class: 'board mahbousse', 'aria-label': ctx.view.position });
  root.append(s('rect', { x: 0, y: 0, width: FW, height: H, rx: 6, class: 'frame' }));
  // Slot k = 0..23 in x numbering (point k+1); turned round for o.
  const place = (k) => {
    const idx = flip ? (k + 12) % 24 : k;
    const top = idx >= 12;
    const col = top ? idx - 12 : 11 - idx; // 0..11 from the left
    return { x: 10 + col * PW + (col >= 6 ? BAR : 0), top };
  };
  root.append(s('rect', { x: 10 + 6 * PW, y: 0, width: BAR, height: H, class: 'bar' }));
  (b.points || []).forEach((pt, k) => {
    const { x, top } = place(k);
    const cx = x + PW / 2;
    const g = s('g', { 'data-loc': pt.id, class: 'point' });
    const baseY = top ? NUM : H - NUM;
    const dir = top ? 1 : -1;
    g.append(s('rect', { x, y: top ? 0 : H - NUM - HALF, width: PW, height: NUM + HALF, class: 'hit zone' }));
    g.append(s('path', { d: `M${x + 1},${baseY} L${cx},${baseY + dir * (HALF - 12)} L${x + PW - 1},${baseY} Z`, class: `sq tri t${k % 2}` }));
    const num = pt.number ? pt.number[flip ? 1 : 0] : k + 1;
    g.append(s('text', { x: cx, y: top ? NUM - 6 : H - 6, 'text-anchor': 'middle', 'font-size': 16, class: 'pnum' }, String(num)));
    const first = baseY + dir * (R + 1);
    const pinned = pt.pinned >= 0;
    if (pinned) {
      g.append(checker(cx, first, pt.pinned, ' pinned'));
      g.append(s('text', { x: cx, y: first + 5, 'text-anchor': 'middle', 'font-size': 15, class: `lock lk${pt.pinned}` }, '⊗'));
    }
    const n = pt.owner >= 0 ? pt.count || 0 : 0;
    const shown = Math.min(n, 5);
    const gap = R * 2 - (pinned ? 6 : 2);
    const off0 = pinned ? 1 : 0;
    for (let i = 0; i < shown; i++) {
      const up = i === shown - 1 && pt.id === lifted;
      g.append(checker(cx, first + dir * (i + off0) * gap, pt.owner, up ? ' lifted' : ''));
    }
    if (n > 5) {
      g.append(s('text', { x: cx, y: first + dir * (4 + off0) * gap + 6, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 700, class: `cnt c${pt.owner}` }, String(n)));
    }
    root.append(g);
  });
  root.append(tray(b, flip, ctx));
  // Dice in the middle band, on the right for the viewer's own roll.
  const dice = diceOf(board, prefix, mover);
  if (dice.length) {
    const right = board.toMove === ctx.seat || board.roller === ctx.seat;
    const cx = right ? 10 + 6 * PW + BAR + 3 * PW : 10 + 3 * PW;
    const size = 40;
    const step = size + 8;
    const y = NUM + HALF + (MID - size) / 2;
    dice.forEach((d, i) => root.append(die(cx - (dice.length * step) / 2 + i * step + 4, y, size, d.v, { used: d.used, cls: ctx.rolled ? 'roll' : '' })));
  }
  return root;
}

// tray draws the borne-off checkers and the pip count of each side: the
// viewer's side at the bottom.
function tray(b, flip, ctx) {
  const tx = FW + 6;
  const cx = tx + TRAY / 2;
  const g = s('g', { 'data-loc': 'off', class: 'tray' });
  g.append(s('rect', { x: tx, y: 0, width: TRAY, height: H, rx: 6, class: 'hit sq trayrect' }));
  const off = b.off || [0, 0];
  const pc = pips(b);
  [0, 1].forEach((p) => {
    const bottom = (p === 0) !== flip;
    const y = (d) => (bottom ? H - d : d); // d: distance from the side's edge
    g.append(checker(cx, y(R + 8), p));
    g.append(s('text', { x: cx, y: y(bottom ? 58 : 72), 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 700, class: 'offcnt', 'data-off': p }, String(off[p])));
    g.append(s('text', { x: cx, y: y(bottom ? 114 : 98), 'text-anchor': 'middle', 'font-size': 14, class: 'offcnt piplabel' }, ctx.t('pips')));
    g.append(s('text', { x: cx, y: y(bottom ? 90 : 120), 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700, class: 'offcnt pipcount', 'data-pips': p }, String(pc[p])));
  });
  g.append(s('text', { x: cx, y: H / 2 + 5, 'text-anchor': 'middle', 'font-size': 14, class: 'offcnt' }, ctx.t('off')));
  return g;
}

/** markAt puts a target's ring near the tip of its point, clear of the checkers. */
export function markAt(loc, box) {
  if (loc === 'off') return { x: box.x + box.width / 2, y: H / 2 - 30 };
  const top = box.y < H / 2 - MID;
  return { x: box.x + box.width / 2, y: top ? box.y + box.height - 24 : box.y + 24 };
}

/**
 * actions are the turn's buttons: Undo (the last step), Done (sends the
 * turn once its steps make one) and the choice to send a complete turn
 * without Done. A forced pass has no button: the server plays it.
 */
export function actions(a) {
  if (!a.moves.length || forced(a.moves)) return [];
  const { complete } = options(a.moves, a.prefix);
  const done = complete[0];
  return [
    h('button', { type: 'button', id: 'undo-step', disabled: !a.prefix.length, onclick: () => a.back() }, icon('back'), ` ${a.t('undoLast')}`),
    h('button', { type: 'button', id: 'done', class: 'primary', disabled: !done, 'data-move': done?.notation, onclick: () => done && a.send(done) }, a.t('done')),
    h('label', { class: 'autodone' }, h('input', { type: 'checkbox', id: 'auto-done', checked: autoDone(), onchange: (e) => setAutoDone(e.target.checked) }), a.t('autoDone')),
  ];
}

/**
 * info says when a player has no legal move and passes: while the pass is
 * pending, and once played until the next move.
 */
export function info(board, ctx) {
  const pending = !ctx.replay && forced(ctx.view.moves || []) ? board.toMove : null;
  const last = ctx.lastMove?.notation === 'pass' ? ctx.lastMove.player : null;
  const p = pending ?? last;
  if (p === null || p === undefined) return null;
  return h('p', { class: 'note', id: 'pass-note', role: 'status' }, `${playerNames(board, 2, ctx.lang)[p]} — ${ctx.t('noMovePass')}`);
}

/**
 * playerInfo is a side's pip count for the players' list, which stays in
 * sight when a phone shows the board zoomed (the tray out of sight), and in
 * a match its points, as backgammon sites show the score beside the names.
 */
export function playerInfo(p, board, prefix) {
  const b = prefix.length > 1 && board.toMove >= 0 ? partial(board, prefix.map(String), board.toMove) : board;
  const pipNote = h('span', { class: 'pipnote', 'data-pips': p }, `${pips(b)[p]} ${t('pips')}`);
  if (!(board.match > 1)) return pipNote;
  const score = board.score?.[p] ?? 0;
  return h('span', {}, pipNote, ' · ', h('span', { class: 'matchscore', 'data-score': p }, t('matchScore', { n: score })));
}

// The sides are named by the checkers' colours on the board (the sheet
// names none; positions write them x and o).
export function playerNames(board, n, lang) {
  return lang === 'fr' ? ['Blancs', 'Verts'] : ['White', 'Green'];
}

export function swatch(p) {
  const r = svg(2 * R + 2, 2 * R + 2, { class: 'sw' });
  r.append(checker(R + 1, R + 1, p));
  return r;
}

export function label(loc) {
  return loc;
}
