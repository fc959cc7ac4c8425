// The analysis board's position editor, one per game. An editor reads a
// position text into a small model, changes it by a tool applied to a
// board location (or by its own buttons), and writes it back. It knows the
// position formats (docs/rules/<game>.md), never the rules: the page sends
// every edited text to the server's position parser (POST /api/positions)
// and keeps it only when the server reads it, showing its error otherwise.
//
// An editor is {tools, parse(text, view), write(model), apply(model, tool,
// loc) -> model | {error}, sides(model, view) -> [{value, label}],
// side(model) and setSide(model, value)}, and for Shut the Box panel
// (tiles as buttons: its board draws only the box to move as clickable).

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

// ---- dames: FMJD FEN ----------------------------------------------------------

const dames = {
  tools: ['empty', 'wm', 'wk', 'bm', 'bk'],
  parse(text) {
    const [fen] = text.trim().split(/\s+/);
    const parts = fen.split(':');
    const m = { side: parts[0] === 'B' ? 'B' : 'W', sq: new Map() };
    for (const part of parts.slice(1)) {
      const colour = part[0];
      if (colour !== 'W' && colour !== 'B') continue;
      for (let item of part.slice(1).split(',')) {
        item = item.trim();
        if (!item) continue;
        const king = item[0] === 'K';
        if (king) item = item.slice(1);
        const [a, b] = item.split('-').map(Number);
        for (const n of b ? range(a, b) : [a]) m.sq.set(n, (colour === 'W' ? 'w' : 'b') + (king ? 'k' : 'm'));
      }
    }
    return m;
  },
  write(m) {
    const list = (c) => [...m.sq].filter(([, p]) => p[0] === c).sort((x, y) => x[0] - y[0]).map(([n, p]) => (p[1] === 'k' ? 'K' : '') + n).join(',');
    return `${m.side}:W${list('w')}:B${list('b')}`;
  },
  apply(m, tool, loc) {
    const n = Number(loc);
    if (!Number.isInteger(n) || n < 1) return null;
    const sq = new Map(m.sq);
    if (tool === 'empty') sq.delete(n); else sq.set(n, tool);
    return { ...m, sq };
  },
  sides: () => [{ value: 'W', player: 0 }, { value: 'B', player: 1 }],
  side: (m) => m.side,
  setSide: (m, v) => ({ ...m, side: v }),
};

// ---- Mahboussé ------------------------------------------------------------------

const other = (p) => (p === 'x' ? 'o' : 'x');

// count is the checkers of p on the points (a pinned one under the other's).
function count(m, p) {
  let n = 0;
  for (const pt of m.points) {
    if (pt.o === p) n += pt.n;
    else if (pt.o && pt.pin) n += 1;
  }
  return n;
}

const mahbousse = {
  tools: ['x', 'o', 'remove'],
  parse(text) {
    const [pts, , turn, ...rest] = text.trim().split(/\s+/);
    const points = pts.split(',').map((p) => {
      if (p === '.') return { o: null, n: 0, pin: false };
      const pin = p.endsWith('*');
      return { o: p[0], n: parseInt(p.slice(1), 10) || 0, pin };
    });
    const who = (turn || 'x:roll').split(':')[0];
    return { points, turn: who === 'o' ? 'o' : 'x', rest: rest.filter((r) => r.startsWith('score=')) };
  },
  write(m) {
    const pts = m.points.map((p) => (p.o ? `${p.o}${p.n}${p.pin ? '*' : ''}` : '.')).join(',');
    const off = (p) => 15 - count(m, p);
    return [`${pts}`, `off=${off('x')}-${off('o')}`, `${m.turn}:roll`, ...m.rest].join(' ');
  },
  apply(m, tool, loc) {
    const i = Number(loc) - 1;
    if (!(i >= 0 && i < m.points.length)) return null;
    const points = m.points.map((p) => ({ ...p }));
    const pt = points[i];
    if (tool === 'remove') {
      if (!pt.o) return null;
      if (pt.n > 1) pt.n--;
      else if (pt.pin) Object.assign(pt, { o: other(pt.o), n: 1, pin: false });
      else Object.assign(pt, { o: null, n: 0, pin: false });
      return { ...m, points };
    }
    if (count(m, tool) >= 15) return { error: 'ed_full' };
    if (!pt.o) Object.assign(pt, { o: tool, n: 1, pin: false });
    else if (pt.o === tool) pt.n++;
    else if (pt.n === 1 && !pt.pin) Object.assign(pt, { o: tool, n: 1, pin: true }); // pins the single checker
    else return { error: 'ed_held' };
    return { ...m, points };
  },
  sides: () => [{ value: 'x', player: 0 }, { value: 'o', player: 1 }],
  side: (m) => m.turn,
  setSide: (m, v) => ({ ...m, turn: v }),
};

// ---- Shut the Box ---------------------------------------------------------------

const TILE = '123456789ABC';

const shutbox = {
  tools: [],
  parse(text, view) {
    const [boxes, player, phase] = text.trim().split(/\s+/);
    const n = view?.board?.tiles || 9;
    return {
      n,
      boxes: boxes.split('/').map((b) => new Set(b.replace(/x$/, '').split('').filter((c) => c !== '-'))),
      player: player === '-' ? '1' : player,
      phase: ['roll1', 'roll2', 'choose'].includes(phase) ? phase : 'roll2',
    };
  },
  write(m) {
    const box = (b) => (b.size ? [...b].sort((x, y) => TILE.indexOf(x) - TILE.indexOf(y)).join('') : '-');
    return `${m.boxes.map(box).join('/')} ${m.player} ${m.phase}`;
  },
  toggle(m, i, tile) {
    const boxes = m.boxes.map((b) => new Set(b));
    if (boxes[i].has(tile)) boxes[i].delete(tile); else boxes[i].add(tile);
    return { ...m, boxes };
  },
  tiles: (m) => TILE.slice(0, m.n).split(''),
  apply: () => null,
  sides: (m) => m.boxes.map((_, i) => ({ value: String(i + 1), player: i })),
  side: (m) => m.player,
  setSide: (m, v) => ({ ...m, player: v }),
  phases: ['roll2', 'roll1', 'choose'],
};

// ---- Master Bénédictine ---------------------------------------------------------

const benedictine = {
  tools: ['empty', 'G', 'A', 'O'],
  parse(text) {
    const [ranks, side] = text.trim().split(/\s+/);
    return { rows: ranks.split('/').map((r) => r.split('')), side: side === 'a' ? 'a' : 'g' };
  },
  write: (m) => `${m.rows.map((r) => r.join('')).join('/')} ${m.side}`,
  apply(m, tool, loc) {
    const f = loc.charCodeAt(0) - 97;
    const r = Number(loc.slice(1));
    const row = m.rows.length - r;
    if (!(f >= 0 && f < 7 && row >= 0 && row < m.rows.length)) return null;
    const rows = m.rows.map((x) => (tool === 'O' ? x.map((c) => (c === 'O' ? '.' : c)) : [...x]));
    rows[row][f] = tool === 'empty' ? '.' : tool;
    return { ...m, rows };
  },
  sides: () => [{ value: 'g', player: 0 }, { value: 'a', player: 1 }],
  side: (m) => m.side,
  setSide: (m, v) => ({ ...m, side: v }),
};

// ---- Intercept ------------------------------------------------------------------

// A square of an Intercept rank: '' empty, a piece ('Sp'), or a stack
// ('(NrSr)') kept as written.
function interceptRank(r) {
  const out = [];
  for (let i = 0; i < r.length;) {
    if (/\d/.test(r[i])) {
      let j = i;
      while (j < r.length && /\d/.test(r[j])) j++;
      for (let k = 0; k < Number(r.slice(i, j)); k++) out.push('');
      i = j;
    } else if (r[i] === '(') {
      const j = r.indexOf(')', i);
      out.push(r.slice(i, j + 1));
      i = j + 1;
    } else {
      out.push(r.slice(i, i + 2));
      i += 2;
    }
  }
  return out;
}

const intercept = {
  tools: ['empty', 'p', 'r', 'P', 'R', 'ball'],
  parse(text) {
    const [board, status, ball, turns, passes] = text.trim().split(/\s+/);
    const sides = (board.match(/[SWNE](?=[prPR])/g) || []).filter((c, i, a) => a.indexOf(c) === i);
    return { rows: board.split('/').map(interceptRank), status, ball, turns: turns || '0', passes: passes || '0', owner: sides.includes(status) ? status : 'S' };
  },
  write(m) {
    const rank = (r) => {
      let out = '';
      let run = 0;
      for (const c of r) {
        if (!c) { run++; continue; }
        if (run) { out += run; run = 0; }
        out += c;
      }
      return run ? out + run : out;
    };
    return `${m.rows.map(rank).join('/')} ${m.status} ${m.ball} ${m.turns} ${m.passes}`;
  },
  apply(m, tool, loc) {
    const f = loc.charCodeAt(0) - 97;
    const r = Number(loc.slice(1));
    const row = m.rows.length - r;
    if (!(f >= 0 && row >= 0 && row < m.rows.length && f < m.rows[row].length)) return null;
    if (tool === 'ball') return { ...m, ball: loc };
    const rows = m.rows.map((x) => [...x]);
    rows[row][f] = tool === 'empty' ? '' : m.owner + tool;
    return { ...m, rows };
  },
  // owners are the sides that may own the pieces placed (the tools' colour).
  owners: (view) => (view?.board?.seats || view?.board?.Seats || []).map((s0) => s0.side),
  sides: (m, view) => (view?.board?.seats || view?.board?.Seats || []).map((s0) => ({ value: s0.side, player: s0.seat })),
  side: (m) => m.status,
  setSide: (m, v) => ({ ...m, status: v }),
};

const editors = { dames, mahbousse, shutbox, benedictine, intercept };

/** editorFor returns the position editor of a game, or null. */
export function editorFor(game) {
  return editors[game] || null;
}
