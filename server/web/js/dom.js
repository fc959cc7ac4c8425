// Tiny DOM helpers: h builds HTML elements, s builds SVG elements.

const SVGNS = 'http://www.w3.org/2000/svg';

function build(el, attrs, kids) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of [kids].flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** h creates an HTML element: h('button', {class: 'x', onclick: f}, 'text'). */
export const h = (tag, attrs, ...kids) => build(document.createElement(tag), attrs, kids);

/** s creates an SVG element. */
export const s = (tag, attrs, ...kids) => build(document.createElementNS(SVGNS, tag), attrs, kids);

/** svg creates a root SVG element with a viewBox. */
export const svg = (w, hgt, attrs, ...kids) =>
  s('svg', { viewBox: `0 0 ${w} ${hgt}`, class: 'board', role: 'img', ...attrs }, ...kids);

// Icons drawn in SVG (24x24, stroked in the text's colour), for symbols
// that the fonts of a plain Linux install may lack (a stopwatch, an
// hourglass: U+23F1, U+231B have no glyph in DejaVu; a flame: U+1F525
// has none without an emoji font).
const ICONS = {
  clock: 'M12 7v5l3 2 M9 2h6 M12 2v2 M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16z',
  hourglass: 'M6 3h12 M6 21h12 M7 3c0 6 10 6 10 9s-10 3-10 9 M17 3c0 6-10 6-10 9s10 3 10 9',
  back: 'M9 14L4 9l5-5 M4 9h11a5 5 0 0 1 0 10h-3',
  turn: 'M16 5l-9 7 9 7z',
  zoom: 'M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14z M15 15l6 6 M10 7v6 M7 10h6',
  fit: 'M4 9V4h5 M15 4h5v5 M20 15v5h-5 M9 20H4v-5',
  flip: 'M7 20V4 M3 8l4-4 4 4 M17 4v16 M13 16l4 4 4-4',
  sound: 'M4 9h4l5-4v14l-5-4H4z M16 9a4 4 0 0 1 0 6 M19 6a8 8 0 0 1 0 12',
  mute: 'M4 9h4l5-4v14l-5-4H4z M16 9l5 6 M21 9l-5 6',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 11v6 M12 7.5v.1',
  fire: 'M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4 3-6 0 2 1 3 2 3 0-3-1-5 1-8z',
  bolt: 'M13 2L5 14h6l-1 8 8-12h-6z',
};

/** icon is an inline SVG icon (decorative: hidden from screen readers). */
export function icon(name) {
  return s('svg', { class: `icon icon-${name}`, viewBox: '0 0 24 24', width: '1em', height: '1em', 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: ICONS[name] || '' }));
}

/** clear empties an element and appends kids. */
export function mount(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
  return el;
}

/** pips are the dot positions of die faces 1-6 on a 3x3 grid (0..8). */
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/** die draws a die face of value v at (x, y) with side size; used marks it spent. */
export function die(x, y, size, v, extra = {}) {
  const g = s('g', { class: `die${extra.used ? ' used' : ''}${extra.cls ? ' ' + extra.cls : ''}`, 'data-value': v });
  g.append(s('rect', { x, y, width: size, height: size, rx: size * 0.18 }));
  const p = PIPS[v] || [];
  for (const i of p) {
    const cx = x + size * (0.25 + 0.25 * (i % 3));
    const cy = y + size * (0.25 + 0.25 * Math.floor(i / 3));
    g.append(s('circle', { cx, cy, r: size * 0.09, class: 'pip' }));
  }
  if (!p.length) g.append(s('text', { x: x + size / 2, y: y + size * 0.68, 'text-anchor': 'middle', 'font-size': size * 0.5 }, String(v ?? '?')));
  if (extra.label) g.append(s('title', {}, extra.label));
  return g;
}

// go navigates inside the app without reloading the page.
export function go(path) {
  history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
