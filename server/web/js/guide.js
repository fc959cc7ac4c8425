// The guided first game ("Learn by playing" in the lobby): short hints at a
// game's key moments, seen from the legal moves the page already has (a
// capture is available, a pin, a ball pass, a try...): the browser never
// re-implements rules. Each hint shows once per game; the hints can be
// switched off, which is remembered. game.js calls attachGuide(page); the
// strings (lobby-text.js) are loaded only for a guided game.
import { t } from './i18n.js';
import { h, mount } from './dom.js';

const GUIDED = 'plateau.guided'; // {game id: {game, seen: [hint keys]}}
const OFF = 'plateau.guide.off';

const any = (moves, f) => (moves || []).some(f);

// MOMENTS lists, per game, its hints in order: a key and the test on the
// legal moves of the player to move (true: the moment has come). The first
// hint whose moment has come and that was not shown yet is shown.
const MOMENTS = {
  dames: [
    ['start', () => true],
    ['capture', (ms) => any(ms, (m) => m.captured && m.captured.length > 0 && !m.huff)],
  ],
  mahbousse: [
    ['start', (ms) => any(ms, (m) => m.kind === 'turn')],
    ['pin', (ms) => any(ms, (m) => (m.steps || []).some((st) => st.pins))],
  ],
  shutbox: [
    ['cover', (ms) => any(ms, (m) => m.kind === 'cover')],
    ['choose', (ms) => any(ms, (m) => m.kind === 'choose')],
  ],
  benedictine: [
    ['start', () => true],
    ['ball', (ms) => any(ms, (m) => m.ball && m.ball.length > 0)],
    ['try', (ms) => any(ms, (m) => m.try)],
  ],
  intercept: [
    ['start', () => true],
    ['ball', (ms) => any(ms, (m) => m.ball && m.ball.length > 0)],
  ],
};

/**
 * nextHint returns the hint due for game, given the legal moves of my turn
 * and the keys already shown: {key, text}, or null.
 */
export function nextHint(game, moves, seen) {
  for (const [key, test] of MOMENTS[game] || []) {
    if (!seen.includes(key) && test(moves)) return { key, text: hintText(game, key, moves) };
  }
  return null;
}

// hintText is a hint in the current language; {n} is the roll to cover.
function hintText(game, key, moves) {
  const cover = (moves || []).find((m) => m.kind === 'cover');
  return t(`guide_${key}_${game}`, { n: cover ? cover.sum : '' });
}

function load() {
  try { return JSON.parse(localStorage.getItem(GUIDED)) || {}; } catch { return {}; }
}

function save(m) {
  const keep = Object.entries(m).slice(-20); // the latest guided games
  try { localStorage.setItem(GUIDED, JSON.stringify(Object.fromEntries(keep))); } catch { /* storage full or disabled */ }
}

/** markGuided makes game id (of engine game) a guided game. */
export function markGuided(id, game) {
  const m = load();
  m[id] = { game, seen: [] };
  save(m);
}

/** guideOn says whether the learning hints are on (remembered). */
export function guideOn() {
  try { return localStorage.getItem(OFF) !== '1'; } catch { return true; }
}

/** setGuideOn switches the learning hints on or off, for every guided game. */
export function setGuideOn(on) {
  try { localStorage.setItem(OFF, on ? '0' : '1'); } catch { /* storage may be disabled */ }
}

/**
 * attachGuide shows the hints on a game page if its game is a guided one:
 * after each drawing of the page, it looks for a hint due.
 */
export async function attachGuide(page) {
  if (!load()[page.id]) return;
  try { await import('./lobby-text.js'); } catch { return; } // the hints' strings: loaded by guided games only
  const g = new Guide(page);
  const render = page.render.bind(page);
  page.render = (...args) => { render(...args); g.update(); };
  if (page.view && page.r) g.update();
}

class Guide {
  constructor(page) {
    this.page = page;
    this.cur = null; // {key, moves, turn}: the hint shown, the moves and the position it was found in
    this.shown = ''; // what this.el shows: the hint's key, version and language
    this.el = h('aside', { class: 'guide', id: 'guide', 'aria-live': 'polite' });
  }

  update() {
    const p = this.page;
    // Beside the board on a wide screen, where above it the hint would push
    // the turn's buttons below the fold; above it on a phone's one column.
    const home = p.root.querySelector(matchMedia('(min-width: 761px)').matches ? '.side' : '.play');
    if (home && this.el.parentNode !== home) home.prepend(this.el);
    const rec = load()[p.id];
    const v = p.view;
    if (!rec || !v) { this.shown = ''; mount(this.el); return; }
    if (!guideOn()) {
      this.cur = null;
      this.shown = '';
      mount(this.el, h('button', { type: 'button', class: 'link', id: 'guide-on', onclick: () => { setGuideOn(true); this.update(); } }, t('guideOn')));
      return;
    }
    const mineTurn = p.myTurn();
    const game = rec.game || v.game;
    // A hint is for the position it came in: not the version, which the
    // seats' joins and accounts move too (they are events of the game).
    const turn = `${v.position}|${v.toMove}`;
    if (this.cur && this.cur.turn !== turn) this.cur = null;
    if (!this.cur && mineTurn && !v.outcome) {
      const next = nextHint(game, v.moves, rec.seen || []);
      if (next) {
        this.cur = { key: next.key, moves: v.moves, turn };
        const m = load();
        if (m[p.id]) { m[p.id].seen = [...(m[p.id].seen || []), next.key]; save(m); }
      }
    }
    if (!this.cur) { this.shown = ''; mount(this.el); return; }
    // The page redraws on every event; drawing the same hint again would
    // replace its buttons under a pointer pressing them, losing the click.
    const shown = [this.cur.key, this.cur.turn, document.documentElement.lang].join('|');
    if (shown === this.shown && this.el.querySelector('#guide-hint')) return;
    this.shown = shown;
    mount(this.el, h('div', { class: 'guide-hint', id: 'guide-hint', 'data-hint': this.cur.key, role: 'status' },
      h('strong', {}, t('guideTitle')), ' ', h('span', { class: 'guide-text' }, hintText(game, this.cur.key, this.cur.moves)),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: 'guide-ok', onclick: () => { this.cur = null; this.update(); } }, t('guideOk')),
        h('button', { type: 'button', class: 'link', id: 'guide-off', onclick: () => { setGuideOn(false); this.update(); } }, t('guideOff')))));
  }
}
