// The puzzle page's pure parts (puzzles.js): the request for the next
// puzzle, the puzzles seen lately, an attempt's outcome and a rating's
// change as text. No DOM: server/jstest/puzzle-state.test.js tests them.

// SEEN is how many puzzle ids the page remembers, so as not to show them
// again soon (the server leaves out those an account attempted).
export const SEEN = 100;

// remember returns seen with id last, once, at most max ids kept.
export function remember(seen, id, max = SEEN) {
  const out = seen.filter((x) => x !== id);
  out.push(id);
  return out.slice(Math.max(0, out.length - max));
}

// nextURL is the request for the next puzzle of game: in streak mode with
// a guest's streak (an account's is the server's), without the puzzles seen.
export function nextURL(game, { mode = 'rated', seen = [], streak = 0, guest = true } = {}) {
  const q = new URLSearchParams({ game });
  if (mode === 'streak') {
    q.set('mode', 'streak');
    if (guest && streak > 0) q.set('streak', String(streak));
  }
  const ids = seen.slice(-50);
  if (ids.length) q.set('exclude', ids.join(','));
  return `/api/puzzles/next?${q}`;
}

// outcome names what an attempt's answer means for the page: 'continue'
// (right, the line goes on), 'solved' (the whole line), 'wrong', or
// 'revealed' (the solution asked for).
export function outcome(ans, revealed = false) {
  if (revealed) return 'revealed';
  if (!ans.correct) return 'wrong';
  return ans.done ? 'solved' : 'continue';
}

// delta writes a rating's change: +12, −8 (a minus sign), ±0.
export function delta(change) {
  const d = Math.round(change.after - change.before);
  if (d > 0) return `+${d}`;
  if (d < 0) return `\u2212${-d}`;
  return '\u00b10';
}

// solverMoves returns the solver's moves of a solution (its even indices).
export function solverMoves(solution) {
  return solution.filter((_, i) => i % 2 === 0);
}
