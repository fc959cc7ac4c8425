// The game page's input: pointer presses, taps and drags on the board, the
// keyboard (keys and the cursor over the board's locations), the move built
// click by click (picker.js) and the premove queued while the opponent
// thinks (premove.js). Methods of GamePage (game.js).
import { t } from './i18n.js';
import { h, s } from './dom.js';
import { Gesture } from './gesture.js';
import { cursorStep } from './cursor.js';
import { clicksOf, options, click, shortCaptures } from './picker.js';

/** @satisfies {ThisType<import('./game.js').GamePage>} */
export const inputMethods = {
  locAt(e) {
    const el = (e.target instanceof Element ? e.target : null)?.closest('[data-loc]');
    return el && this.el.board.contains(el) ? el.dataset.loc : null;
  },

  // A press on a location starts a gesture (gesture.js): the board is not
  // redrawn until its release. A board drawn again at each click
  // (drawsPrefix: Mahboussé) takes the click at the release, which a
  // redrawing cannot then move; others take it at the press, so that the
  // piece chosen follows a drag.
  pointerDown(e) {
    if (e.button > 0) return;
    const loc = this.locAt(e);
    this.gesture = loc === null ? null : new Gesture(loc, e, this.el.board);
    if (loc === null) { if (this.pre.cancel()) this.decorate(this.lastLocs(this.version)); return; }
    e.preventDefault();
    try { this.el.board.setPointerCapture(e.pointerId); } catch { /* a synthetic event */ }
    if (this.r?.drawsPrefix) return;
    this.clickLoc(loc);
    this.dragStart(e, loc);
  },

  pointerUp(e) {
    const g = this.gesture;
    this.gesture = null;
    this.dragEnd();
    if (!g) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const el = /** @type {HTMLElement|null|undefined} */ (under?.closest?.('[data-loc]'));
    const loc = el && this.el.board.contains(el) ? el.dataset.loc : null;
    const drag = loc !== null && loc !== g.loc && g.isDrag(e, this.el.board);
    if (g.stale) this.render();
    if (this.r?.drawsPrefix) this.clickLoc(g.loc);
    if (drag) this.clickLoc(loc); // a drag ends on another location
  },

  pointerCancel() {
    const g = this.gesture;
    this.gesture = null;
    this.dragEnd();
    if (g?.stale) this.render();
  },

  onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const onBoard = e.target === this.el.board;
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key === 'Escape' || e.key === 'Backspace') {
      if (this.prefix.length) { e.preventDefault(); this.back(); } else if (this.pre.cancel()) this.decorate(this.lastLocs(this.version));
    } else if (onBoard && arrows[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.moveCursor(...arrows[e.key]);
    } else if (onBoard && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      if (this.cursor !== null) this.clickLoc(this.cursor);
    } else if ((e.key === 'ArrowLeft' && e.altKey) || e.key === '[') {
      e.preventDefault();
      this.jump(Math.max(+this.el.slider.min, (this.replayAt ?? this.version) - 1));
    } else if ((e.key === 'ArrowRight' && e.altKey) || e.key === ']') {
      e.preventDefault();
      this.jump((this.replayAt ?? this.version) + 1);
    }
  },

  // locBoxes lists the board's locations with their centres, relative to
  // the board, in CSS px; one per location.
  locBoxes() {
    const root = this.el.board.querySelector('svg');
    if (!root) return [];
    const o = root.getBoundingClientRect();
    const seen = new Set();
    const out = [];
    for (const el of root.querySelectorAll('[data-loc]')) {
      const loc = el.dataset.loc;
      const r = el.getBoundingClientRect();
      if (seen.has(loc) || (!r.width && !r.height)) continue;
      seen.add(loc);
      out.push({ loc, el, x: r.left - o.left + r.width / 2, y: r.top - o.top + r.height / 2 });
    }
    return out;
  },

  // startCursor puts the cursor on the first target (or location).
  startCursor() {
    const all = this.locBoxes();
    const first = all.find((l) => l.el.classList.contains('target')) || all[0];
    if (first) this.setCursor(first.loc);
  },

  setCursor(loc, keepAim = false) {
    this.cursor = loc;
    if (!keepAim) this.aim = null;
    this.drawCursor();
    const el = this.el.board.querySelector(`svg [data-loc="${CSS.escape(loc)}"]`);
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  },

  // moveCursor moves the cursor to the nearest location in a direction:
  // one step along the row (or column), keeping the aim of earlier steps
  // across, like a text cursor keeps its column.
  moveCursor(dx, dy) {
    const all = this.locBoxes();
    if (!all.some((l) => l.loc === this.cursor)) { this.startCursor(); return; }
    const next = cursorStep(all, this.cursor, this.aim, dx, dy);
    if (!next) return;
    this.aim = next.aim;
    this.setCursor(next.loc, true);
  },

  // drawCursor draws the cursor's frame (shown while the board has the
  // keyboard focus) and names its location for screen readers.
  drawCursor() {
    const root = this.el.board.querySelector('svg');
    if (!root) return;
    root.querySelector('.kcursor')?.remove();
    this.el.board.querySelector('#kcursor-loc')?.removeAttribute('id');
    const el = this.cursor === null ? null : root.querySelector(`[data-loc="${CSS.escape(this.cursor)}"]`);
    if (!el) { this.el.board.removeAttribute('aria-activedescendant'); return; }
    const b = el.getBBox();
    const pad = 1.5;
    root.append(s('rect', { class: 'kcursor', 'aria-hidden': 'true', x: b.x + pad, y: b.y + pad, width: Math.max(0, b.width - 2 * pad), height: Math.max(0, b.height - 2 * pad), rx: 3 }));
    el.id = 'kcursor-loc';
    this.el.board.setAttribute('aria-activedescendant', 'kcursor-loc');
    this.el.board.dataset.cursor = this.cursor;
  },

  clickLoc(loc) {
    if (!this.myTurn()) { this.premoveClick(loc); return; }
    const moves = this.legal(this.shownView());
    const r = this.r.click ? this.r.click(moves, this.prefix, loc) : click(moves, this.prefix, loc, !!this.r.unordered);
    if (!r.changed) return;
    this.prefix = r.prefix;
    this.choose = r.choose || null;
    if (this.el.board.contains(this.el.board.querySelector(`svg [data-loc="${CSS.escape(loc)}"]`))) {
      this.cursor = loc;
      this.aim = null;
    }
    if (r.send) { this.send(r.send); return; }
    if (this.r.drawsPrefix) { this.render(); return; } // the board shows the steps so far
    this.decorate(this.lastLocs(this.version));
  },

  back() {
    this.prefix = this.r.back ? this.r.back(this.prefix) : this.prefix.slice(0, -1);
    this.choose = null;
    if (this.r.drawsPrefix) this.render(); else this.decorate(this.lastLocs(this.version));
  },

  // legal is the moves of view v as the page clicks them: captures from
  // their piece to their final square for renderers that say shortCaptures.
  legal(v) {
    const ms = v?.moves || [];
    if (!this.r?.shortCaptures) return ms;
    if (this.legalOf !== ms) { this.legalOf = ms; this.legalShort = shortCaptures(ms); }
    return this.legalShort;
  },

  // canPremove says whether a player may queue a move now: one seat on this
  // screen, the live game, the opponent to move or my move sent and not
  // yet confirmed (from the moment it is released: issue 68).
  canPremove() {
    const v = this.view;
    return !!this.r?.premove && this.seats.length === 1 && !!v && !v.outcome && this.replayAt === null && v.toMove >= 0 && (this.busy || !this.seats.includes(v.toMove));
  },

  premoveClick(loc) {
    if (!this.canPremove()) return;
    const mine = new Set((this.r.premove(this.view.board, this.seats[0]) || []).map(String));
    if (this.busy && this.sent) { // the board still shows my move unplayed: its piece is where it lands
      const c = clicksOf(this.sent);
      mine.delete(String(this.sent.from ?? c[0]));
      mine.add(String(this.sent.to ?? c[c.length - 1]));
    }
    if (this.pre.click(String(loc), mine)) this.decorate(this.lastLocs(this.version));
  },

  // markPremove marks the queued move (or its piece) on the board and says
  // it is queued.
  markPremove(byLoc) {
    const locs = this.canPremove() ? this.pre.locs() : [];
    for (const [loc, el] of byLoc) el.classList.toggle('pre', locs.includes(loc));
    this.el.board.dataset.premove = (this.pre.queued || []).join(' ');
    if (this.pre.queued && locs.length) {
      this.el.actions.append(h('p', { class: 'premove', id: 'premove', role: 'status' }, t('premove', { m: this.pre.queued.join('-') }), ' ',
        h('button', { type: 'button', class: 'link', onclick: () => { this.pre.cancel(); this.decorate(this.lastLocs(this.version)); } }, t('cancel'))));
    }
  },

  // firePremove plays the queued move when my turn comes, if it is legal
  // now; otherwise it says the move was dropped. A piece selected but not
  // yet moved stays selected when it can move.
  firePremove() {
    if (!this.myTurn()) {
      if (!this.canPremove() && this.pre.cancel()) this.decorate(this.lastLocs(this.version));
      return;
    }
    const moves = this.legal(this.view);
    const sel = this.pre.sel;
    const r = this.pre.take((q) => options(moves, q));
    if (r.move) { this.send(r.move); return; }
    if (r.dropped) this.toast(t('premoveDropped', { m: r.dropped.join('-') }));
    else if (sel !== null) {
      const c = click(moves, [], sel);
      if (c.changed && !c.send) this.prefix = c.prefix;
    }
    this.decorate(this.lastLocs(this.version));
  },

  // dragStart lets the piece just selected follow the pointer until it is
  // released (the square under the pointer then takes the click).
  dragStart(e, loc) {
    const sel = this.prefix.length === 1 || this.pre.sel !== null;
    const el = sel && this.el.board.querySelector(`svg [data-loc="${CSS.escape(loc)}"] .piece`);
    if (!el) return;
    this.drag = { el, x: e.clientX, y: e.clientY };
    try { this.el.board.setPointerCapture(e.pointerId); } catch { /* a synthetic event */ }
  },

  dragMove(e) {
    const d = this.drag;
    const m = d && d.el.isConnected && d.el.ownerSVGElement?.getScreenCTM();
    if (!m) return;
    if (!d.home) { // on top of every square while it moves
      d.home = d.el.parentNode;
      d.el.style.pointerEvents = 'none';
      d.el.ownerSVGElement.append(d.el);
    }
    d.el.setAttribute('transform', `translate(${(e.clientX - d.x) / m.a} ${(e.clientY - d.y) / m.d})`);
  },

  dragEnd() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.el.removeAttribute('transform');
    d.el.style.pointerEvents = '';
    if (d.home?.isConnected) d.home.append(d.el);
  },
};
