// The computer review's pure part (review.js draws the panel): verdict
// marks, the graph's lines, and the squares of a best move read from its
// notation. node --test checks it (server/jstest).

/** A verdict's mark. */
export const GLYPH = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/**
 * isRoll says whether a move of the move list is a roll of the dice.
 * @param {{player: number, kind?: string}} m
 */
export const isRoll = (m) => m.player === -1 || m.kind === 'roll';

/** glyph is a verdict's mark, "" for none. */
export const glyph = (verdict) => GLYPH[verdict] || '';

/**
 * winLine is the points of a two-player graph: the first player's win
 * chance before the first reviewed move and after each one. moves are the
 * report's moves.
 */
export function winLine(moves) {
  if (!moves.length) return [];
  const p0 = (m, v) => (m.player === 0 ? v : 1 - v);
  return [p0(moves[0], moves[0].before), ...moves.map((m) => p0(m, m.after))];
}

/**
 * playerLines is the lines of a graph of n players: for each player, the
 * points [i, chance], i counting the reviewed moves (0: before the first),
 * of that player's win chance before their first move and after each one.
 */
export function playerLines(moves, n) {
  const lines = Array.from({ length: n }, () => []);
  moves.forEach((m, i) => {
    const l = lines[m.player];
    if (!l) return;
    if (!l.length) l.push([i, m.before]);
    l.push([i + 1, m.after]);
  });
  return lines;
}

/**
 * bestPaths reads the squares of a move's notation for the boards that
 * draw it as arrows (draughts, Bénédictine, Intercept): a list of paths,
 * one per part of the move (Bénédictine's bottle then ball, Intercept's
 * piece then ball), each the square names in order (between -, x or :);
 * locs filters them.
 */
export function bestPaths(notation, locs) {
  return String(notation).split(/[\s/]+/).map((part) => part.replace(/[=^*].*$/, '').split(/[-x:]/).filter((x) => locs.has(x)))
    .filter((p) => p.length);
}

/**
 * mahbousseLocs maps a Mahboussé turn ("13/7 7/4", "8/5*", "6/off"), in the
 * mover's numbering, to the board's point ids (board.points[].number is a
 * point's number for each player).
 */
export function mahbousseLocs(notation, board, mover) {
  const byNumber = new Map((board?.points || []).map((pt) => [String(pt.number?.[mover]), String(pt.id)]));
  const out = [];
  for (const step of String(notation).split(/\s+/)) {
    for (const x of step.replace(/\*/g, '').split('/')) {
      const loc = x === 'off' ? 'off' : byNumber.get(x);
      if (loc && !out.includes(loc)) out.push(loc);
    }
  }
  return out;
}
