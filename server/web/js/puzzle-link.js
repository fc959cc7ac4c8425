// The lobby's line to the puzzles (/puzzles) and to the puzzle of the day
// (GET /api/puzzles/daily), the latter added when it arrives.
import { t, gameName } from './i18n.js';
import { h } from './dom.js';
import { api } from './api.js';

export function puzzleLine(cat) {
  const el = h('p', { class: 'pz-lobby', id: 'lobby-puzzles' }, h('a', { href: '/puzzles', id: 'lobby-puzzles-link' }, t('puzzles')));
  api('/api/puzzles/daily').then((d) => d.puzzle && el.append(' · ', h('a', { href: `/puzzles/${d.puzzle.game}?id=${encodeURIComponent(d.puzzle.id)}`, id: 'lobby-daily' },
    t('dailyPuzzle', { g: gameName(cat, d.puzzle.game) })))).catch(() => {});
  return el;
}
