// Building a move click by click from the server's legal moves. Every move
// description carries `clicks`: the locations a player selects, in order.
// The browser never knows the rules: it only matches what was clicked so far
// (the prefix) against the legal moves.

const clicksOf = (m) => (Array.isArray(m.clicks) ? m.clicks.map(String) : []);

// seqs lists the click sequences that make a move: its `paths` when the
// game gives several orders (Mahboussé), else its `clicks`.
const seqs = (m) => (Array.isArray(m.paths) && m.paths.length ? m.paths.map((p) => p.map(String)) : [clicksOf(m)]);

function startsWith(clicks, prefix) {
  if (clicks.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (clicks[i] !== prefix[i]) return false;
  return true;
}

/**
 * options describes what the prefix allows: `next`, the locations that
 * continue some legal move; `complete`, the moves whose clicks are exactly
 * the prefix.
 */
export function options(moves, prefix, unordered = false) {
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
 * click applies a click on loc to the prefix and says what to do:
 * {prefix, send?: move, choose?: [moves], changed: bool}.
 * A click on a continuation extends the prefix; a click on the last chosen
 * location takes it back; a click on another first location starts over;
 * anything else changes nothing (an illegal target).
 */
export function click(moves, prefix, loc, unordered = false) {
  loc = String(loc);
  const { next } = options(moves, prefix, unordered);
  let p;
  if (next.has(loc)) p = [...prefix, loc];
  else if (unordered && prefix.includes(loc)) return { prefix: prefix.filter((x) => x !== loc), changed: true };
  else if (prefix.length && prefix[prefix.length - 1] === loc) return { prefix: prefix.slice(0, -1), changed: true };
  else if (prefix.length && options(moves, [], unordered).next.has(loc)) p = [loc];
  else return { prefix, changed: false };
  const o = options(moves, p, unordered);
  if (o.next.size === 0 && o.complete.length === 1) return { prefix: [], send: o.complete[0], changed: true };
  if (o.next.size === 0 && o.complete.length > 1) return { prefix: p, choose: o.complete, changed: true };
  return { prefix: p, changed: true };
}
