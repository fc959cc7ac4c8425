// Following another player's move (the computer's, a remote person's, a
// partner's) as it happened: the page first shows the position it was
// played from, with the roll it was played with, then each checker or
// piece glides from its point or square to the next (STEP ms a step: each
// step of a Mahboussé turn, each capture of a draughts move, in order),
// then the page draws the game as it is. A forced pass stays on the board
// a moment with its message. Animation is off when the player says so
// (remembered) or the system asks for reduced motion.
import { h, mount } from './dom.js';
import { t, lang } from './i18n.js';

const STEP = 200; // ms a step
const ROLL_HOLD = 500; // ms the roll is shown before the first step
const END_HOLD = 300; // ms the last step stays, with its dice, before the next roll
const PASS_HOLD = 1500; // ms a forced pass and its message stay before the next move
const KEY = 'plateau.animate';

/** animate says whether moves glide: the player's choice, else the system's reduced-motion wish. */
export function animate() {
  try {
    const v = localStorage.getItem(KEY);
    if (v !== null) return v === '1';
  } catch { /* storage may be disabled */ }
  return !matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** animateToggle is the tools' button that turns animation on or off; redraw draws the tools again. */
export function animateToggle(redraw) {
  const on = animate();
  return h('button', { type: 'button', id: 'animate', 'aria-pressed': String(on), onclick: () => {
    try { localStorage.setItem(KEY, on ? '0' : '1'); } catch { /* storage may be disabled */ }
    redraw();
  } }, t('animate'));
}

const wait = (ms) => new Promise((ok) => { setTimeout(ok, ms); });

// pieceAt is the piece a step moves at loc on the board drawn: the top
// checker of a point (player's own in the tray), a draughtsman, a bottle,
// an Intercept piece (the top one of a stack).
function pieceAt(root, loc, player) {
  const g = root.querySelector(`[data-loc="${CSS.escape(String(loc))}"]`);
  if (!g) return null;
  const all = [...g.querySelectorAll('.checker:not(.pinned), .piece, .bottle, .ipiece')];
  return all.filter((e) => e.querySelector(`.pc${player}`)).pop() || all.pop() || null;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Follow queues the live events of a page (GamePage) and shows those of
 * other players' moves before the page draws the game again.
 */
export class Follow {
  constructor(page) {
    this.page = page;
    this.queue = [];
    this.running = false;
  }

  /** busy says whether a move is being shown: the page then waits to draw. */
  busy() { return this.running; }

  /**
   * take is given each live event (version v); it says true when the event
   * waits for a move being shown, or is one to show: the page then leaves
   * the drawing to Follow.
   */
  take(ev, v) {
    const p = this.page;
    const shown = ev.kind === 'move' && (ev.auto || (animate() && !p.seats.includes(ev.player)));
    if (!this.running && !shown) return false;
    this.queue.push({ ev, v });
    if (!this.running) this.run();
    return true;
  }

  async run() {
    this.running = true;
    try {
      while (this.queue.length) {
        const { ev, v } = this.queue.shift();
        if (ev.kind !== 'move' || !this.page.history.get(v - 1)?.view) continue;
        if (ev.auto) {
          this.frame(v);
          await wait(PASS_HOLD);
        } else if (animate() && !this.page.seats.includes(ev.player)) await this.show(ev, v);
      }
    } catch { /* a frame that cannot be drawn: the page draws the game */ }
    this.running = false;
    this.page.render();
    this.page.firePremove();
  }

  // show plays the move of event v from the view before it.
  async show(ev, v) {
    const p = this.page;
    const before = p.history.get(v - 1).view;
    const m = (before.moves || []).find((x) => x.notation === ev.notation);
    if (!m) return;
    if (p.r.drawsPrefix) {
      // Step by step, the renderer drawing the position after each (Mahboussé).
      const clicks = (m.clicks || []).map(String);
      this.frame(v - 1, []);
      await wait(ROLL_HOLD);
      for (let k = 0; k + 1 < clicks.length; k += 2) {
        const from = pieceAt(p.el.board, clicks[k], ev.player);
        const start = from && centre(from);
        this.frame(v - 1, clicks.slice(0, k + 2));
        await this.glide(pieceAt(p.el.board, clicks[k + 1], ev.player), start ? [start] : []);
      }
      await wait(END_HOLD);
      return;
    }
    // One piece along its way: a draughts capture lands on each square of its path.
    const route = m.path?.length ? [m.from, ...m.path] : m.bottle?.length ? m.bottle : (m.clicks || []).slice(0, 2);
    if (route.length < 2) return;
    this.frame(v - 1);
    const from = pieceAt(p.el.board, route[0], ev.player);
    const start = from && centre(from);
    this.frame(v);
    const on = (sq) => { const g = p.el.board.querySelector(`[data-loc="${CSS.escape(String(sq))}"]`); return g && centre(g); };
    const via = route.slice(1, -1).map(on).filter(Boolean);
    await this.glide(pieceAt(p.el.board, route[route.length - 1], ev.player), start ? [start, ...via] : []);
  }

  // glide moves el from the screen points way (in order) to where it is
  // drawn, STEP ms a leg.
  async glide(el, way) {
    if (!el || !way.length) { await wait(STEP); return; }
    const end = centre(el);
    const scale = el.ownerSVGElement?.getScreenCTM()?.a || 1; // screen px per SVG unit
    const at = (q) => ({ transform: `translate(${(q.x - end.x) / scale}px, ${(q.y - end.y) / scale}px)` });
    el.ownerSVGElement?.append(el); // above the other points and the dice on its way
    el.dataset.gliding = JSON.stringify({ from: way[0], to: end });
    const a = el.animate([...way.map(at), { transform: 'translate(0px, 0px)' }], { duration: STEP * way.length, easing: 'ease-in-out' });
    await a.finished.catch(() => {});
    delete el.dataset.gliding;
  }

  // frame draws the board of version v, with the steps prefix of its
  // player to move made, as the page would in replay.
  frame(v, prefix = []) {
    const p = this.page;
    const view = p.history.get(v).view;
    const ctx = { replay: true, seat: p.perspective(), players: view.players, toMove: view.toMove, rolled: false, lang, t, last: p.lastLocs(v), view,
      mine: p.seats, prefix, lastMove: p.lastMove(v), flip: p.flipped };
    const board = p.r.draw(view.board, ctx);
    board.classList.add('following');
    mount(p.el.board, board);
    p.fitBoard(board);
    mount(p.el.info, p.r.info ? p.r.info(view.board, ctx) : null);
  }
}
