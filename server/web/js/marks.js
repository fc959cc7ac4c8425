// The marks of a board's locations: the targets of the next click, the
// chosen ones and the last move's, for the game page and the rules pages'
// examples alike.
import { s } from './dom.js';

/**
 * The part of a renderer the marks use.
 * @typedef {object} MarkRenderer
 * @property {(loc: string, board: any) => string} [label] a location's name for screen readers
 * @property {(loc: string, box: DOMRect, board: any) => {x: number, y: number}} [markAt] where a location's mark goes
 */

/**
 * markBoard marks the locations drawn in wrap by renderer r (board is the
 * view's board): the class target on the next click's targets, sel on the
 * chosen ones, last on the last move's, each labelled for screen readers;
 * and, shapes and not only colours, a ring on each target and a dot on each
 * chosen one. It returns the first element of each location.
 * @param {Element} wrap
 * @param {MarkRenderer} r
 * @param {any} board
 * @param {Set<string>} next
 * @param {string[]} chosen
 * @param {string[]} last
 * @returns {Map<string, SVGGraphicsElement>}
 */
export function markBoard(wrap, r, board, next, chosen, last) {
  /** @type {Map<string, SVGGraphicsElement>} */
  const byLoc = new Map();
  for (const el of wrap.querySelectorAll('[data-loc]')) {
    const g = /** @type {SVGGraphicsElement} */ (el);
    const loc = g.dataset.loc || '';
    if (!byLoc.has(loc)) byLoc.set(loc, g);
    g.classList.toggle('target', next.has(loc));
    g.classList.toggle('sel', chosen.includes(loc));
    g.classList.toggle('last', last.includes(loc));
    g.setAttribute('aria-label', r.label ? r.label(loc, board) : loc);
  }
  const root = wrap.querySelector('svg');
  if (!root) return byLoc;
  root.querySelector('.marks')?.remove();
  const marks = s('g', { class: 'marks', 'aria-hidden': 'true' });
  /** @param {string} loc @param {string} cls */
  const mark = (loc, cls) => {
    const el = byLoc.get(loc);
    if (!el?.getBBox) return;
    const b = el.getBBox();
    const at = r.markAt ? r.markAt(loc, b, board) : { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    marks.append(s('circle', { cx: at.x, cy: at.y, r: Math.max(3, Math.min(b.width, b.height) * 0.22), class: cls }));
  };
  for (const loc of next) mark(loc, 'm-target');
  for (const loc of chosen) mark(loc, 'm-sel');
  root.append(marks);
  return byLoc;
}
