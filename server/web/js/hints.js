// Solver hints (GET /api/games/{id}/hints, docs/api.md): an opt-in study aid
// for the games whose renderer exports `hints`. When the toggle is on and a
// player is to move, the panel lists the legal moves best first with their
// values. It asks the server once per game version.
import { t, lang } from './i18n.js';
import { h, mount } from './dom.js';
import { api } from './api.js';

const HINTS_KEY = 'plateau.hints';

/** hintsOn says whether this browser wants hints (remembered). */
export function hintsOn() {
  try { return localStorage.getItem(HINTS_KEY) === '1'; } catch { return false; }
}

/** setHintsOn remembers the hints toggle. */
export function setHintsOn(on) {
  try { localStorage.setItem(HINTS_KEY, on ? '1' : '0'); } catch { /* storage may be disabled */ }
}

export class HintPanel {
  /** id is the game's id; redraw is called when an answer arrives. */
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    this.cache = new Map(); // version -> {hints} | {error}
    this.asked = -1;
    this.el = h('section', { class: 'hints', id: 'hints', hidden: true, 'aria-live': 'polite' });
  }

  /**
   * show draws the hints of version v if want, asking for them first.
   * players is the number of players; label names a move; point(move or
   * null) is called when a row is pointed at or focused, and left.
   */
  show(want, v, players, label, point) {
    this.el.dataset.version = '';
    if (!want) { this.el.hidden = true; mount(this.el); return; }
    this.el.hidden = false;
    const got = this.cache.get(v);
    if (!got) {
      mount(this.el, h('p', { class: 'muted' }, t('hintLoading')));
      this.ask(v);
      return;
    }
    if (got.error) { mount(this.el, h('p', { class: 'muted', id: 'hints-error' }, t('error', { m: got.error }))); return; }
    mount(this.el, table(got.hints, players, label, point));
    this.el.dataset.version = String(v);
  }

  async ask(v) {
    if (this.asked >= v) return; // asked already; an answer for a later version may come first
    this.asked = v;
    try {
      const a = await api(`/api/games/${encodeURIComponent(this.id)}/hints`);
      this.cache.set(a.version, { hints: a.hints || {} });
    } catch (e) {
      this.cache.set(v, { error: e.message });
    }
    if (this.cache.size > 20) this.cache.delete(this.cache.keys().next().value);
    this.redraw();
  }
}

function table(hs, players, label, point) {
  const choices = hs.choices || [];
  const pct = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const num = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const win = choices.some((c) => c.win !== undefined && c.win !== null);
  const key = (k) => (hs.sorted_by === k ? 'key' : null);
  return [
    h('table', { class: 'hinttable', id: 'hint-table' },
      h('caption', {}, t('hintsTitle')),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('hintMove')),
        h('th', { scope: 'col', class: key('expected_score') }, t('hintScore')),
        h('th', { scope: 'col', class: key('p_shut') }, t('hintShut')),
        win ? h('th', { scope: 'col', class: key('win') }, t('hintWin')) : null)),
      h('tbody', {}, choices.map((c, i) => h('tr', {
        class: i === 0 ? 'best' : null, 'data-move': c.move, tabindex: 0,
        onmouseenter: () => point?.(c.move), onfocus: () => point?.(c.move), onmouseleave: () => point?.(null), onblur: () => point?.(null),
      },
        h('th', { scope: 'row' }, i === 0 ? '★ ' : '', label ? label(c.move) : c.move),
        h('td', { class: key('expected_score') }, num.format(c.expected_score)),
        h('td', { class: key('p_shut') }, pct.format(c.p_shut)),
        win ? h('td', { class: key('win') }, pct.format(c.win ?? 0)) : null)))),
    win && players > 2 ? h('p', { class: 'muted' }, t('hintEstimate')) : null,
  ];
}
