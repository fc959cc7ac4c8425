// A pointer gesture on the board, from the press to the release: a tap
// unless the pointer travelled over DRAG_PX on a board that did not move
// under it. A finger wobbles a few pixels, and a board redrawn or
// scrolled under a still finger brings another location under it: neither
// is a drag (issue 68: a tap on a Mahboussé stack landed on the next
// point). While a gesture lasts the page neither redraws nor scrolls the
// board (game.js asks `holds`).

export const DRAG_PX = 10; // CSS px a pointer travels before a press is a drag

export class Gesture {
  /** loc is the location pressed; e the pointerdown; wrap the board's frame. */
  constructor(loc, e, wrap) {
    this.loc = loc;
    this.x = e.clientX;
    this.y = e.clientY;
    this.at = performance.now();
    this.svg = wrap.querySelector('svg');
    this.box = boxOf(this.svg);
    this.scroll = [wrap.scrollLeft, wrap.scrollTop, scrollX, scrollY];
    this.stale = false; // a redraw was put off until the release
  }

  /** holds says whether the gesture still stops redraws (a lost release frees the board after 5 s). */
  holds() {
    return performance.now() - this.at < 5000;
  }

  /** moved says whether the board moved under the pointer since the press. */
  moved(wrap) {
    const svg = wrap.querySelector('svg');
    if (svg !== this.svg) return true;
    const b = boxOf(svg);
    const s = [wrap.scrollLeft, wrap.scrollTop, scrollX, scrollY];
    return ['left', 'top', 'width', 'height'].some((k) => Math.abs(b[k] - this.box[k]) > 0.5) || s.some((v, i) => v !== this.scroll[i]);
  }

  /** isDrag says whether the release e ends a drag: a long enough travel on a board that stayed put. */
  isDrag(e, wrap) {
    return Math.hypot(e.clientX - this.x, e.clientY - this.y) > DRAG_PX && !this.moved(wrap);
  }
}

function boxOf(el) {
  const r = el ? el.getBoundingClientRect() : { left: 0, top: 0, width: 0, height: 0 };
  return { left: r.left, top: r.top, width: r.width, height: r.height };
}
