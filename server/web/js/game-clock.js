// The game page's clocks: the server gives each seat's time left and the
// seat whose clock runs; the page counts down from them. Methods of
// GamePage (game.js).
import { corrClockText } from './corr.js';

/**
 * fmtClock shows a time left: m:ss, with tenths under 10 s.
 * @param {number|null} ms
 */
export function fmtClock(ms) {
  if (ms === null) return '';
  if (ms < 10000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s0 = Math.ceil(ms / 1000);
  return `${Math.floor(s0 / 60)}:${String(s0 % 60).padStart(2, '0')}`;
}

/** @satisfies {ThisType<import('./game.js').GamePage>} */
export const clockMethods = {
  // setClock takes the clocks the server gives as of now: each seat's time
  // left and the seat whose clock runs; the page counts down from them.
  setClock(c) {
    this.clock = { ...c, at: performance.now() };
    clearInterval(this.clockTimer);
    if (c.running >= 0) this.clockTimer = setInterval(() => this.tickClocks(), 200);
    this.tickClocks();
  },

  // clockLeft is seat p's time left now in ms (null: no clock).
  clockLeft(p) {
    const c = this.clock;
    const left = c?.left_ms?.[p];
    if (left === null || left === undefined) return null;
    if (c.running !== p || this.view?.outcome) return left;
    return Math.max(0, left - (performance.now() - c.at));
  },

  // clockText is seat p's clock as shown: m:ss, or for a correspondence
  // game its time control and, while it runs, the move's time left.
  clockText(p) {
    const ms = this.clockLeft(p);
    if (ms !== null && this.clock?.per_move_ms) return corrClockText(this.clock, ms, this.clock.running === p && !this.view?.outcome);
    return fmtClock(ms);
  },

  tickClocks() {
    for (const el of this.el.players.querySelectorAll('[data-clock]')) {
      const p = +el.dataset.clock;
      const ms = this.clockLeft(p);
      el.textContent = this.clockText(p);
      el.classList.toggle('low', ms !== null && ms < 10000);
      el.classList.toggle('running', this.clock?.running === p && !this.view?.outcome);
    }
  },
};
