// The rules page (/rules/{game}, server/assets/rules.go): the text is in the page;
// this script draws each diagram and example with the game's own renderer,
// from the view the server inlined, and lets the reader make each example's
// move by clicks. The engine plays it (POST /api/positions/play) and the page
// says whether it was the move the text asked for, showing the position after
// it. The browser never judges a move itself.
import { h, mount } from './dom.js';
import { t, lang, setLang } from './i18n.js';
import { api } from './api.js';
import { click, options } from './picker.js';
import { markBoard } from './marks.js';

const boot = JSON.parse(document.getElementById('rules-boot').textContent);
// The renderers' own words (and the move buttons') follow the page's language.
if (lang !== boot.lang) setLang(boot.lang);
document.addEventListener('click', (e) => {
  const a = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest('[data-rules-lang]'));
  if (a) setLang(a.dataset.rulesLang);
});

let renderer;
try { renderer = await import(`./games/${boot.game}.js`); } catch { renderer = await import('./games/generic.js'); }

const clicksOf = (m) => (m?.clicks || []).map(String);

// A board of the page: a diagram, or an example the reader plays.
class Board {
  constructor(el, b) {
    this.el = el;
    this.b = b;
    this.wrap = el.querySelector('[data-role=board]');
    this.acts = el.querySelector('[data-role=actions]');
    this.reset();
    if (!b.example) return;
    this.wrap.addEventListener('click', (e) => {
      const loc = e.target instanceof Element && e.target.closest('[data-loc]');
      if (loc && this.wrap.contains(loc)) this.clickLoc(loc.dataset.loc);
    });
    this.wrap.addEventListener('keydown', (e) => {
      const loc = e.target instanceof Element && e.target.closest('[data-loc]');
      if (loc && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); this.clickLoc(loc.dataset.loc); }
      if (e.key === 'Escape' && this.prefix.length) this.back();
    });
    this.acts.addEventListener('click', (e) => {
      const b0 = e.target.closest('[data-loc]');
      if (b0) this.clickLoc(b0.dataset.loc);
    });
    for (const role of ['again', 'reset']) el.querySelector(`[data-role=${role}]`).addEventListener('click', () => this.reset());
  }

  // reset shows the example's start again, waiting for the reader's move.
  reset() {
    this.view = this.b.view;
    this.prefix = [];
    this.choose = null;
    this.last = [];
    this.verdict = '';
    this.busy = false;
    this.render();
  }

  live() { return this.b.example && !this.verdict && !this.busy; }

  render() {
    const v = this.view;
    const ctx = { replay: !this.live(), seat: this.b.seat, players: v.players, toMove: v.toMove, rolled: false, lang, t,
      last: this.last, view: v, mine: this.b.example ? [this.b.view.toMove] : [] };
    mount(this.wrap, renderer.draw(v.board, ctx));
    if (this.b.example) {
      this.el.dataset.verdict = this.verdict;
      this.el.querySelector('[data-role=right]').hidden = this.verdict !== 'right';
      this.el.querySelector('[data-role=wrong]').hidden = this.verdict !== 'wrong';
      this.el.querySelector('[data-role=again]').hidden = this.verdict !== 'wrong';
      this.el.querySelector('[data-role=reset]').hidden = this.verdict !== 'right';
      for (const c of this.el.querySelectorAll('[data-role=played]')) c.textContent = this.verdict ? this.el.dataset.played : '';
    }
    this.decorate();
  }

  // decorate marks the targets of the next click (a dashed ring) and the
  // locations chosen so far (a dot), as on a game page, and lays out the
  // buttons for what the board does not draw.
  decorate() {
    const moves = this.live() ? this.view.moves || [] : [];
    const { next, complete } = options(moves, this.prefix, !!renderer.unordered);
    const byLoc = markBoard(this.wrap, renderer, this.view.board, next, this.prefix, this.last);
    for (const el of this.wrap.querySelectorAll('[data-loc]')) {
      if (next.has(el.dataset.loc)) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'button');
      } else {
        el.removeAttribute('tabindex');
        el.removeAttribute('role');
      }
    }
    if (!this.b.example) return;
    const acts = [];
    const pick = this.choose || (complete.length && next.size ? complete : null);
    for (const m of pick || []) {
      acts.push(h('button', { type: 'button', class: 'primary', 'data-move': m.notation, onclick: () => this.play(m) }, this.choose ? m.notation : `${t('confirm')} (${m.notation})`));
    }
    if (!this.prefix.length) {
      for (const m of moves) if (!clicksOf(m).length && !(m.paths || []).length) acts.push(h('button', { type: 'button', class: 'primary', 'data-move': m.notation, onclick: () => this.play(m) }, m.notation));
    }
    for (const loc of next) {
      if (!byLoc.has(loc)) acts.push(h('button', { type: 'button', 'data-loc': loc, class: 'loc' }, renderer.label ? renderer.label(loc, this.view.board) : loc));
    }
    if (this.prefix.length) acts.push(h('button', { type: 'button', 'data-role': 'back', onclick: () => this.back() }, `↶ ${t('undoStep')}`));
    mount(this.acts, acts);
    this.el.dataset.prefix = this.prefix.join(' ');
  }

  clickLoc(loc) {
    if (!this.live()) return;
    const r = click(this.view.moves || [], this.prefix, loc, !!renderer.unordered);
    if (!r.changed) return;
    this.prefix = r.prefix;
    this.choose = r.choose || null;
    if (r.send) { this.play(r.send); return; }
    this.decorate();
  }

  back() {
    this.prefix = this.prefix.slice(0, -1);
    this.choose = null;
    this.decorate();
  }

  // play asks the engine to make move m on the example's position, then
  // shows the position after it and whether m was a right answer.
  async play(m) {
    this.busy = true;
    this.prefix = [];
    this.choose = null;
    this.decorate();
    const b = this.b;
    try {
      const a = await api('/api/positions/play', { method: 'POST', body: { game: boot.game, variant: b.variant, position: b.position, move: m.notation } });
      this.view = a.view;
      this.last = clicksOf(m);
      this.verdict = b.answers.includes(a.move) ? 'right' : 'wrong';
      this.el.dataset.played = a.move;
    } catch (e) {
      mount(this.acts, h('p', { class: 'error' }, t('error', { m: e.message })));
      this.busy = false;
      return;
    }
    this.busy = false;
    this.render();
    // Keyboard readers go on from the button that starts the example again.
    this.el.querySelector(this.verdict === 'right' ? '[data-role=reset]' : '[data-role=again]').focus({ preventScroll: true });
  }
}

const boards = [];
for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-board]'))) {
  const b = boot.boards[+el.dataset.board - 1];
  if (b) boards.push(new Board(el, b));
}
const main = document.getElementById('rules');
main.dataset.ready = '1';
// drawnAt is the window width the boards were last drawn for (some
// renderers lay out by width): the browser tests wait for it after a resize.
main.dataset.drawnAt = String(window.innerWidth);
window.plateauRules = boards; // for the browser tests
let resized = 0;
window.addEventListener('resize', () => {
  clearTimeout(resized);
  resized = setTimeout(() => {
    for (const b of boards) b.render();
    main.dataset.drawnAt = String(window.innerWidth);
  }, 150);
});
