// The game page's board and what surrounds it: the players' names and
// clocks, the board fitted to the screen (zoom), the marks of the legal
// clicks and the last move, the move list and replay slider, the review,
// and the board's tools (flip, sound, animations). Methods of GamePage
// (game.js).
import { t, lang } from './i18n.js';
import { h, mount, icon } from './dom.js';
import { renderMoveList, rollerAt } from './movelist.js';
import { animateToggle } from './follow.js';
import { muted, setMuted } from './sound.js';
import { levelText, levelNote } from './lobby-text.js';
import { markBoard } from './marks.js';
import { options } from './picker.js';

// Phone sizes.
const MIN_TAP = 40; // CSS px: the least side of a location on the board
const MIN_TEXT = 11; // CSS px: the least size of the board's text
const TOUCH_OR_NARROW = '(pointer: coarse), (max-width: 760px)'; // where MIN_TAP and MIN_TEXT apply (app.css's phone layout is 760px)

const ZOOM_KEY = 'plateau.zoom';

/** zoomPref is this browser's choice of a zoomed board on a small screen (null: none yet). */
function zoomPref() {
  try { const z = localStorage.getItem(ZOOM_KEY); return z === null ? null : z === '1'; } catch { return null; }
}

/** @param {boolean} on */
export function setZoomPref(on) {
  try { localStorage.setItem(ZOOM_KEY, on ? '1' : '0'); } catch { /* storage may be disabled */ }
}

/** @param {string} id */
const flipKey = (id) => `plateau.flip.${id}`;

/**
 * flipPref is whether this browser turned game id's board round.
 * @param {string} id
 */
export function flipPref(id) {
  try { return localStorage.getItem(flipKey(id)) === '1'; } catch { return false; }
}

/** @param {string} id @param {boolean} on */
function setFlipPref(id, on) {
  try { if (on) localStorage.setItem(flipKey(id), '1'); else localStorage.removeItem(flipKey(id)); } catch { /* storage may be disabled */ }
}

/** @satisfies {ThisType<import('./game.js').GamePage>} */
export const viewMethods = {
  renderPlayers() {
    const v = this.view;
    const seats = this.summary?.seats || [];
    const items = [];
    // The computer's level is named with its published Elo under the
    // game's rules, as the lobby offered it.
    const spec = this.cat?.find((g) => g.id === this.gameId);
    for (let p = 0; p < v.players; p++) {
      const st = seats.find((x) => x.seat === p) || {};
      const joined = st.joined !== false || this.seats.includes(p) || this.moves.some((m) => m.player === p);
      const level = st.level || 'easy';
      const who = st.kind === 'ai' ? `${t('aiShort')} ${levelText(spec, v.players, this.summary?.variant, level)}` : joined ? '' : t('seatFree');
      const sw = this.r.swatch ? this.r.swatch(p, v.board) : null;
      items.push(h('li', { class: `${v.toMove === p ? 'turn ' : ''}${this.seats.includes(p) ? 'me' : ''}`, 'data-player': p },
        sw ? h('span', { class: 'swatch', 'aria-hidden': 'true' }, sw) : null,
        st.name ? h('a', { href: `/@/${encodeURIComponent(st.name)}`, 'data-nav': true, class: 'account-name' }, st.name) : h('span', {}, this.playerName(p)), this.seats.includes(p) ? h('em', {}, ` (${lang === 'fr' ? 'vous' : 'you'})`) : null,
        this.r.playerInfo ? this.r.playerInfo(p, this.shownView().board, this.myTurn() ? this.prefix : []) : null, // the replay's position in replay
        who ? h('span', { class: 'muted', title: st.kind === 'ai' ? levelNote(spec, v.players, this.summary?.variant, level) : undefined }, ` ${who}`) : null,
        st.open && !this.seats.length && !v.outcome ? h('button', { type: 'button', class: 'primary join', 'data-take': p, onclick: (e) => this.take(p, e.target) }, t('take')) : null,
        this.clockLeft(p) !== null ? [icon('clock'), h('span', { class: 'clock', 'data-clock': p, role: 'timer', 'aria-label': t('clock') }, this.clockText(p))] : null,
        this.clock?.berserked?.[p] ? h('span', { class: 'berserked', 'data-berserked': p, title: t('berserked') }, icon('bolt')) : null,
        v.toMove === p ? h('span', { class: 'turnmark', 'aria-label': t('toMove', { p: '' }) }, ' ', icon('turn')) : null));
    }
    mount(this.el.players, items);
    this.tickClocks();
  },

  // fitBoard offers the board a zoomed layout when, on a touch or narrow
  // screen, fitting it would make a location smaller than MIN_TAP or its
  // text smaller than MIN_TEXT CSS px: the board then scrolls sideways in
  // its frame. A button switches between the zoomed board and the whole
  // board, the default, as on lidraughts (a zoomed board clipped the
  // pieces of its edge: issue 68); the choice is remembered. A mouse needs
  // no zoom: a desktop shows the whole board, as draughts and backgammon
  // sites do.
  fitBoard(root) {
    if (!(root instanceof SVGSVGElement)) return;
    const vb = root.viewBox.baseVal;
    if (!vb || !vb.width || !vb.height) return;
    // The frame's width follows the board's shape (app.css): a wide board,
    // Mahboussé's with its trays, is as high as a square one, not narrower.
    this.el.board.style.setProperty('--board-aspect', (vb.width / vb.height).toFixed(4));
    const fitted = root.getBoundingClientRect().width;
    if (!fitted) return;
    let loc = Infinity;
    for (const el of /** @type {NodeListOf<SVGGraphicsElement>} */ (root.querySelectorAll('[data-loc]'))) {
      const b = el.getBBox();
      if (b.width && b.height) loc = Math.min(loc, b.width, b.height);
    }
    let text = Infinity;
    for (const el of root.querySelectorAll('text')) {
      if (!el.textContent.trim() || !el.getClientRects().length) continue;
      const fs = parseFloat(getComputedStyle(el).fontSize);
      if (fs > 0) text = Math.min(text, fs);
    }
    const need = Math.max(loc < Infinity ? MIN_TAP / loc : 0, text < Infinity ? MIN_TEXT / text : 0);
    const small = fitted / vb.width < need && matchMedia(TOUCH_OR_NARROW).matches;
    const zoom = small && zoomPref() === true;
    if (zoom) root.style.minWidth = `${Math.ceil(vb.width * need)}px`;
    this.el.board.classList.toggle('zoomed', zoom);
    this.el.zoom.hidden = !small;
    mount(this.el.zoom, icon(zoom ? 'fit' : 'zoom'), ' ', t(zoom ? 'wholeBoard' : 'zoomBoard'));
  },

  // lastLocs lists the clicks of the last player move at or before version v
  // (none for renderers that mark the last move themselves: drawsLast).
  lastLocs(v) {
    return this.r?.drawsLast ? [] : this.lastMove(v)?.clicks || [];
  },

  // lastMove is the last player move at or before version v: {player,
  // notation, clicks}, its clicks found in the legal moves of the view it
  // was played from; null when none is known.
  lastMove(v) {
    for (let i = v; i > 0; i--) {
      const e = this.history.get(i);
      if (!e || !e.event) return null;
      if (e.event.kind === 'undo_accept') return null;
      if (e.event.kind !== 'move') continue;
      const before = this.history.get(i - 1)?.view;
      const m = before?.moves?.find((x) => x.notation === e.event.notation);
      return { player: e.event.player, notation: e.event.notation, clicks: m?.clicks ? m.clicks.map(String) : [] };
    }
    return null;
  },

  decorate(lastLocs) {
    const v = this.shownView();
    const moves = this.myTurn() ? this.legal(v) : [];
    const { next, complete } = (this.r.options || options)(moves, this.prefix, !!this.r.unordered);
    const chosen = this.r.selected ? this.r.selected(this.prefix) : this.prefix;
    const byLoc = markBoard(this.el.board, this.r, v.board, next, chosen, lastLocs);
    // Actions: confirm a move that others extend, choose among equal ones,
    // take back the partial move, and buttons for clicks the board does not draw.
    const acts = [];
    if (this.r.actions) acts.push(...this.r.actions({ moves, prefix: this.prefix, t, send: (m) => this.send(m), back: () => this.back() }));
    const pick = this.r.actions ? null : this.choose || (complete.length && next.size ? complete : null);
    if (pick) {
      for (const m of pick) acts.push(h('button', { type: 'button', class: 'primary', 'data-move': m.notation, onclick: () => this.send(m) }, this.choose ? m.notation : `${t('confirm')} (${m.notation})`));
    }
    if (!this.prefix.length && !this.r.actions) {
      // Moves made of no click at all (a pass): a button each.
      for (const m of moves) if (!(m.clicks || []).length && !(m.paths || []).length) acts.push(h('button', { type: 'button', class: 'primary', 'data-move': m.notation, onclick: () => this.send(m) }, m.notation));
    }
    for (const loc of next) {
      if (!byLoc.has(loc)) acts.push(h('button', { type: 'button', 'data-loc': loc, class: 'loc' }, this.r.label ? this.r.label(loc, v.board) : loc));
    }
    if (this.prefix.length && !this.r.actions) acts.push(h('button', { type: 'button', id: 'back', onclick: () => this.back() }, icon('back'), ` ${t('undoStep')}`));
    // Two captures from this piece end on the square clicked: which way?
    if (this.r.shortCaptures && this.prefix.length > 1 && next.size) acts.unshift(h('p', { class: 'note', id: 'via', role: 'status' }, t('via')));
    mount(this.el.actions, acts);
    this.markPremove(byLoc);
    this.showTargets();
    this.drawCursor();
    this.keepFocus();
    this.el.board.dataset.prefix = this.prefix.join(' ');
    this.el.board.dataset.version = String(this.version);
    // The time from navigation to a playable board, read by the browser tests.
    if (!performance.getEntriesByName('plateau-ready').length) performance.mark('plateau-ready');
    this.el.board.dataset.position = v.position;
    this.root.querySelector('#game').dataset.over = this.view.outcome ? '1' : '';
    this.root.querySelector('#game').dataset.busy = this.busy ? '1' : '';
  },

  renderMoves() {
    renderMoveList(this.el.moves, this.el.movehead, { moves: this.moves, players: this.view.players, toMove: this.view.toMove, at: this.replayAt,
      roller: (seq) => rollerAt(this.r, this.history.get(seq - 1)?.view), quiet: this.r.quietMove, name: (p) => this.playerName(p),
      mark: (seq) => this.review?.mark(seq), noMove: t('noMove'), jump: (seq) => this.jump(seq) });
    const versions = [...this.history.keys()].filter((k) => this.history.get(k).view);
    const min = versions.length ? Math.min(...versions) : this.version;
    this.el.slider.min = String(min);
    this.el.slider.max = String(this.version);
    this.el.slider.value = String(this.replayAt ?? this.version);
    this.el.slider.disabled = min >= this.version;
    this.el.replayLabel.textContent = this.replayAt === null ? t('live') : `${this.replayAt}/${this.version}`;
  },

  // renderReview shows the computer review of a finished game (review.js,
  // loaded then: a game in play does not need it).
  renderReview(v) {
    if (this.review) {
      this.review.render();
      this.review.drawBest(this.el.board, this.gameId, v.board, this.r);
    } else if (this.view.outcome && !this.reviewLoading) {
      this.reviewLoading = import('./review.js').then(({ Review }) => { this.review = new Review(this); this.render(); });
    }
  },

  // renderTools draws the board's tools: turn the board round (renderers
  // that say flippable) and sound on or off.
  renderTools() {
    const flip = this.r.flippable ? h('button', { type: 'button', id: 'flip', 'aria-pressed': String(this.flipped), onclick: () => {
      this.flipped = !this.flipped;
      setFlipPref(this.id, this.flipped);
      this.render();
    } }, icon('flip'), ` ${t('flip')}`) : null;
    const off = muted();
    mount(this.el.tools, flip, h('button', { type: 'button', id: 'mute', 'aria-pressed': String(off), onclick: () => { setMuted(!muted()); this.renderTools(); } },
      icon(off ? 'mute' : 'sound'), ` ${t(off ? 'soundOff' : 'soundOn')}`), animateToggle(() => this.renderTools()));
  },

  // showTargets scrolls a zoomed board sideways to its targets when none is
  // in sight (on a phone, the move to make is on the screen).
  // On a phone's first drawing with targets, the page scrolls down, if it
  // must, until one is in sight.
  showTargets() {
    if (this.gesture) return; // the board stays put under a finger
    const w = this.el.board;
    const els = [...w.querySelectorAll('svg [data-loc].target')];
    if (els.length && !this.revealed && innerWidth <= 760) {
      this.revealed = true;
      if (!els.some((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })) {
        const low = els.reduce((a, b) => (a.getBoundingClientRect().bottom <= b.getBoundingClientRect().bottom ? a : b));
        const r = low.getBoundingClientRect();
        scrollBy(0, r.bottom - innerHeight + 8);
      }
    }
    if (!w.classList.contains('zoomed')) return;
    const wr = w.getBoundingClientRect();
    const ts = els.map((el) => el.getBoundingClientRect());
    if (!ts.length || ts.some((r) => r.left >= wr.left - 1 && r.right <= wr.right + 1)) return;
    const left = Math.min(...ts.map((r) => r.left));
    const right = Math.max(...ts.map((r) => r.right));
    w.scrollLeft += Math.min(left - wr.left, (left + right) / 2 - (wr.left + wr.right) / 2);
  },
};
