// The move picker: building a move click by click from the server's legal
// moves. Every move description carries `clicks`: the locations a player
// selects, in order. The browser never knows the rules: it only matches what
// was clicked so far (the prefix) against the legal moves. Pure: the game
// page, the analysis board and the rules pages' examples share it, and
// node --test checks it (server/web/jstest).

/**
 * A legal move as the server describes it (a view's moves).
 * @typedef {object} Move
 * @property {string} notation
 * @property {(string|number)[]} [clicks] the locations clicked, in order
 * @property {(string|number)[][]} [paths] the click sequences that make the move, when several (Mahboussé)
 * @property {string|number} [from]
 * @property {string|number} [to]
 * @property {(string|number)[]} [path] a capture's squares after its first (draughts)
 * @property {(string|number)[]} [captured]
 */

/**
 * clicksOf is a move's clicks as strings.
 * @param {Move} m
 * @returns {string[]}
 */
export const clicksOf = (m) => (Array.isArray(m.clicks) ? m.clicks.map(String) : []);

/**
 * seqs lists the click sequences that make a move: its `paths` when the
 * game gives several orders (Mahboussé), else its `clicks`.
 * @param {Move} m
 * @returns {string[][]}
 */
const seqs = (m) => (Array.isArray(m.paths) && m.paths.length ? m.paths.map((p) => p.map(String)) : [clicksOf(m)]);

/**
 * @param {string[]} clicks
 * @param {string[]} prefix
 */
function startsWith(clicks, prefix) {
  if (clicks.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (clicks[i] !== prefix[i]) return false;
  return true;
}

/**
 * options describes what the prefix allows: `next`, the locations that
 * continue some legal move; `complete`, the moves whose clicks are exactly
 * the prefix.
 * @template {Move} M
 * @param {M[]} moves
 * @param {string[]} prefix
 * @param {boolean} [unordered] clicks in any order (Shut the Box's tiles)
 * @returns {{next: Set<string>, complete: M[]}}
 */
export function options(moves, prefix, unordered = false) {
  /** @type {Set<string>} */
  const next = new Set();
  const complete = [];
  for (const m of moves) {
    const c = clicksOf(m);
    if (unordered) {
      // A set of clicks (Shut the Box tiles): any order.
      if (c.length < prefix.length || !prefix.every((x) => c.includes(x))) continue;
      if (c.length === prefix.length) {
        if (prefix.length > 0) complete.push(m);
      } else for (const x of c) if (!prefix.includes(x)) next.add(x);
      continue;
    }
    let done = false;
    for (const q of seqs(m)) {
      if (!startsWith(q, prefix)) continue;
      if (q.length > prefix.length) next.add(q[prefix.length]);
      else if (prefix.length > 0) done = true;
    }
    if (done) complete.push(m);
  }
  return { next, complete };
}

/**
 * What a click did: the new prefix, and the move to send or the moves to
 * choose among when the clicks are complete.
 * @template {Move} M
 * @typedef {{prefix: string[], send?: M, choose?: M[], changed: boolean}} Click
 */

/**
 * click applies a click on loc to the prefix and says what to do.
 * A click on a continuation extends the prefix; a click on the last chosen
 * location takes it back; a click on another first location starts over;
 * anything else changes nothing (an illegal target).
 * @template {Move} M
 * @param {M[]} moves
 * @param {string[]} prefix
 * @param {string|number} loc
 * @param {boolean} [unordered]
 * @returns {Click<M>}
 */
export function click(moves, prefix, loc, unordered = false) {
  const at = String(loc);
  const { next } = options(moves, prefix, unordered);
  let p;
  if (next.has(at)) p = [...prefix, at];
  else if (unordered && prefix.includes(at)) return { prefix: prefix.filter((x) => x !== at), changed: true };
  else if (prefix.length && prefix[prefix.length - 1] === at) return { prefix: prefix.slice(0, -1), changed: true };
  else if (prefix.length && options(moves, [], unordered).next.has(at)) p = [at];
  else return { prefix, changed: false };
  const o = options(moves, p, unordered);
  if (o.next.size === 0 && o.complete.length === 1) return { prefix: [], send: o.complete[0], changed: true };
  if (o.next.size === 0 && o.complete.length > 1) return { prefix: p, choose: o.complete, changed: true };
  return { prefix: p, changed: true };
}

/**
 * shortCaptures gives each capture (a move with from, to and path, as
 * draughts' are) the clicks a draughts player expects: the piece, then its
 * final square; when two captures share both, the squares where their
 * paths part follow, one at a time, until one capture is left. The moves
 * are returned with these clicks as their only `paths`; others unchanged.
 * @template {Move} M
 * @param {M[]} moves
 * @returns {M[]}
 */
export function shortCaptures(moves) {
  /** @param {Move} m */
  const key = (m) => `${m.from}>${m.to}`;
  /** @param {Move} m */
  const isCap = (m) => Array.isArray(m.path) && m.path.length > 0 && m.from !== undefined && m.to !== undefined;
  /** @type {Map<string, M[]>} */
  const groups = new Map();
  for (const m of moves) if (isCap(m)) groups.set(key(m), [...(groups.get(key(m)) || []), m]);
  return moves.map((m) => {
    if (!isCap(m)) return m;
    const path = m.path || [];
    const seq = [String(m.from), String(m.to)];
    let same = groups.get(key(m)) || [m];
    for (let i = 0; same.length > 1 && i < path.length - 1; i++) {
      const sq = path[i];
      if (same.every((o) => (o.path || [])[i] === sq)) continue;
      seq.push(String(sq));
      same = same.filter((o) => (o.path || [])[i] === sq);
    }
    return { ...m, paths: [seq] };
  });
}
