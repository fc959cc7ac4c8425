// Premove: while the opponent thinks, a player may queue one move, chosen
// on the board as it stands: one of their pieces, then a square. When the
// opponent's move arrives, the page plays the queued move at once if it is
// legal in the new position, and drops it otherwise (game.js says so).

export class Premove {
  constructor() {
    this.sel = null; // the piece chosen, before its square
    this.queued = null; // the queued clicks: [piece, square]
  }

  /**
   * click takes a click on loc; mine says which locations hold the
   * player's pieces. A piece of theirs is selected (again: unselected),
   * then any other location queues the move; with nothing selected, a
   * click elsewhere cancels the queued move. It reports a change.
   */
  click(loc, mine) {
    if (this.sel === null) {
      if (mine.has(loc)) { this.sel = loc; this.queued = null; return true; }
      return this.cancel();
    }
    if (loc === this.sel) this.sel = null;
    else if (mine.has(loc)) this.sel = loc;
    else { this.queued = [this.sel, loc]; this.sel = null; }
    return true;
  }

  /** cancel forgets the selection and the queued move; it reports a change. */
  cancel() {
    const had = this.sel !== null || this.queued !== null;
    this.sel = null;
    this.queued = null;
    return had;
  }

  /** locs lists the locations to mark: the queued move's or the selection. */
  locs() {
    return this.queued || (this.sel === null ? [] : [this.sel]);
  }

  /**
   * take forgets the premove and says what to do with it in the new
   * position: {move} when its clicks make exactly one legal move there,
   * {dropped: clicks} when they make none (or need more clicks), {} when
   * nothing was queued. options is game.js's, over the legal moves.
   */
  take(options) {
    const q = this.queued;
    this.cancel();
    if (!q) return {};
    const o = options(q);
    return o.next.size === 0 && o.complete.length === 1 ? { move: o.complete[0] } : { dropped: q };
  }
}
