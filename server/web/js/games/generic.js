// Fallback renderer for a game without its own: the position text, and the
// shell turns every click into a button.
import { h } from '../dom.js';
import { svg, s } from '../dom.js';

export function draw(board, ctx) {
  return svg(400, 60, { 'aria-label': ctx.view.position },
    s('text', { x: 10, y: 35, 'font-size': 14 }, ctx.view.position));
}

export function info(board) {
  return h('pre', { class: 'muted' }, JSON.stringify(board, null, 1).slice(0, 2000));
}
