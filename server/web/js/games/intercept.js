// Intercept: the 13x13 board turned so that the viewer's side is at the
// bottom. Passage pieces are flat discs, repos pieces hollow rings, doubles
// carry a "2" and show their face (flat or hollow); covered stacks show the
// pieces underneath as offset edges with a count; the Arrivée squares carry
// an "A" flag, squares 1-5 their numbers, the ball a white ball.
import { svg, s } from '../dom.js';
import { t } from '../i18n.js';

const Q = 40;
const M = 18;

function sqXY(name) {
  return { x: name.charCodeAt(0) - 97, y: +name.slice(1) - 1 };
}

export function pieceShape(cx, cy, pc, r = Q * 0.38) {
  const g = s('g', { class: `ipiece ${pc.kind} f-${pc.face}` });
  const o = pc.owner;
  if (pc.face === 'repos') {
    g.append(s('circle', { cx, cy, r, class: `pc${o}` }));
    g.append(s('circle', { cx, cy, r: r * 0.5, class: 'hole' }));
  } else {
    g.append(s('circle', { cx, cy, r, class: `pc${o}` }));
    g.append(s('circle', { cx, cy, r: r * 0.7, class: `mk${o}` }));
  }
  if (pc.kind === 'double') {
    g.append(s('circle', { cx, cy, r: r + 3, class: `dbl d${o}` }));
    g.append(s('text', { x: cx + r * 0.55, y: cy - r * 0.45, 'font-size': 12, 'font-weight': 700, class: 'dbltext' }, '2'));
  }
  return g;
}

function ballShape(cx, cy, r) {
  const g = s('g', { class: 'ball' });
  g.append(s('circle', { cx, cy, r, class: 'ballc' }));
  g.append(s('circle', { cx: cx - r * 0.3, cy: cy - r * 0.3, r: r * 0.25, class: 'shine' }));
  return g;
}

export function draw(board, ctx) {
  const n = board.files || 13;
  const seats = board.Seats || board.seats || [];
  const side = (seats.find((x) => x.seat === ctx.seat) || {}).side || 'S';
  const to = ({ x, y }) => {
    const m = n - 1;
    switch (side) {
      case 'N': return { c: m - x, r: y };
      case 'W': return { c: m - y, r: m - x };
      case 'E': return { c: y, r: x };
      default: return { c: x, r: m - y };
    }
  };
  const W = n * Q + 2 * M;
  const root = svg(W, W, { class: 'board intercept', 'aria-label': ctx.view.position });
  const pieces = new Map((board.pieces || []).map((p) => [p.square, p]));
  const stacks = new Map((board.stacks || []).map((st) => [st.square, st]));
  const marks = new Map();
  for (const st of seats) {
    if (st.arrivee) marks.set(st.arrivee, { arr: st.seat });
    (st.squares1to5 || []).forEach((q, i) => { if (!marks.has(q)) marks.set(q, { five: i + 1, seat: st.seat }); });
  }
  const ball = board.ball || {};
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const name = String.fromCharCode(97 + x) + (y + 1);
      const { c, r } = to({ x, y });
      const px = M + c * Q;
      const py = M + r * Q;
      const g = s('g', { 'data-loc': name });
      const mk = marks.get(name);
      const labels = []; // drawn over the pieces, with a halo, to stay readable
      g.append(s('rect', { x: px, y: py, width: Q, height: Q, class: `sq ${(x + y) % 2 ? 'i1' : 'i0'}${mk && mk.arr !== undefined ? ' arr' : ''}${name === board.centre ? ' centre' : ''}` }));
      if (mk && mk.arr !== undefined) {
        // In the corners, outside a piece's circle: a piece on the square never hides them.
        g.append(s('path', { d: `M${px + 1.5},${py + 9} v-7.5 l6,2.5 l-6,2.5`, class: `flag fl${mk.arr}` }));
        labels.push(s('text', { x: px + Q - 0.5, y: py + Q - 1, 'text-anchor': 'end', 'font-size': 11, 'font-weight': 700, class: 'arrtext' }, 'A'));
      } else if (mk && mk.five) {
        labels.push(s('text', { x: px + 1.5, y: py + 9.5, 'font-size': 11, class: 'five' }, String(mk.five)));
      }
      const st = stacks.get(name);
      if (st && st.pieces.length > 1) {
        st.pieces.slice(0, -1).forEach((pc, i) => g.append(s('circle', { cx: px + Q / 2 - 4 - i * 3, cy: py + Q / 2 + 4 + i * 3, r: Q * 0.36, class: `pc${pc.owner} under` })));
      }
      const pc = pieces.get(name);
      if (pc) g.append(pieceShape(px + Q / 2, py + Q / 2, pc));
      if (st && st.pieces.length > 1) {
        g.append(s('rect', { x: px + Q - 16, y: py + 1, width: 15, height: 15, rx: 3, class: 'stackbadge' }));
        g.append(s('text', { x: px + Q - 8.5, y: py + 13, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, class: 'stacktext' }, String(st.pieces.length)));
      }
      if (ball.square === name) g.append(ballShape(px + Q / 2, py + Q / 2, pc ? Q * 0.17 : Q * 0.3));
      g.append(...labels);
      root.append(g);
    }
  }
  // coordinates along the bottom and left edges, in the viewer's frame
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const { c, r } = to({ x, y });
      const file = String.fromCharCode(97 + x);
      const vertical = side === 'W' || side === 'E';
      if (r === n - 1) root.append(s('text', { x: M + c * Q + Q / 2, y: W - 4, 'text-anchor': 'middle', 'font-size': 11, class: 'coord' }, vertical ? String(y + 1) : file));
      if (c === 0) root.append(s('text', { x: M / 2, y: M + r * Q + Q / 2 + 4, 'text-anchor': 'middle', 'font-size': 11, class: 'coord' }, vertical ? file : String(y + 1)));
    }
  }
  return root;
}

export function label(loc) {
  if (loc === 'passage' || loc === 'repos') return t(`kind_${loc}`);
  return loc;
}

export function playerNames(board, n, lang) {
  const seats = board?.Seats || board?.seats || [];
  const names = { S: ['Sud', 'South'], W: ['Ouest', 'West'], N: ['Nord', 'North'], E: ['Est', 'East'] };
  return seats.map((st) => {
    const nm = names[st.side] ? names[st.side][lang === 'fr' ? 0 : 1] : `${st.seat + 1}`;
    return board.mode === 'teams' && n > 2 ? `${nm} (${lang === 'fr' ? 'équipe' : 'team'} ${st.team + 1})` : nm;
  });
}

export function swatch(p) {
  const r = svg(30, 30, { class: 'sw' });
  r.append(pieceShape(15, 15, { owner: p, kind: 'passage', face: 'passage' }, 12));
  return r;
}
