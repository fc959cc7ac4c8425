// The keyboard cursor's steps over a board: arrow keys move it between the
// locations a renderer draws, from where each is drawn (whatever a renderer
// draws, turned or zoomed, the arrows follow the picture). Pure: the game
// page measures the locations (board-input.js), node --test checks the steps.

/**
 * A location's centre, relative to the board, in CSS px.
 * @typedef {{loc: string, x: number, y: number}} LocBox
 */

/**
 * cursorStep is where an arrow key (dx, dy) takes the cursor from loc,
 * among locations all (their centres): to the nearest column (or row)
 * ahead, on the location nearest to the aim across (the row, or column,
 * the cursor keeps while it moves the other way). It returns {loc, aim},
 * or null at the edge.
 * @param {LocBox[]} all
 * @param {string|null} loc
 * @param {{x: number, y: number}|null} aim
 * @param {number} dx
 * @param {number} dy
 * @returns {{loc: string, aim: {x: number, y: number}}|null}
 */
export function cursorStep(all, loc, aim, dx, dy) {
  const cur = all.find((l) => l.loc === loc);
  if (!cur) return null;
  const ahead = all.filter((l) => (dx ? (l.x - cur.x) * dx : (l.y - cur.y) * dy) > 2);
  if (!ahead.length) return null;
  /** @param {LocBox} l */
  const dist = (l) => (dx ? Math.abs(l.x - cur.x) : Math.abs(l.y - cur.y));
  const step = Math.min(...ahead.map(dist));
  const band = ahead.filter((l) => dist(l) <= step * 1.5);
  const a = aim || { x: cur.x, y: cur.y };
  /** @param {LocBox} l */
  const across = (l) => (dx ? Math.abs(l.y - a.y) : Math.abs(l.x - a.x));
  band.sort((p, q) => across(p) - across(q) || dist(p) - dist(q) || (p.y - q.y) || (p.x - q.x));
  const to = band[0];
  return { loc: to.loc, aim: dx ? { x: to.x, y: a.y } : { x: a.x, y: to.y } };
}
