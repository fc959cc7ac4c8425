// A player's ratings (GET /api/players/{name}/ratings) for the player page:
// per game the rating, provisional or not, and its history drawn as an SVG
// line chart.
import { addStrings, t, gameName } from './i18n.js';
import { h, s, mount } from './dom.js';
import { api } from './api.js';

addStrings({
  en: {
    ratings: 'Ratings', noRatings: 'No rated game yet.', provisional: 'provisional',
    ratingHistory: 'Rating history in {g}: from {a} to {b} over {n} rated games', ratingChanges: 'Ratings after this rated game:', ratedGames: '{n} rated games', ratedGames1: '1 rated game',
  },
  fr: {
    ratings: 'Classements', noRatings: 'Aucune partie classée pour l’instant.', provisional: 'provisoire',
    ratingHistory: 'Évolution du classement en {g} : de {a} à {b} en {n} parties classées', ratingChanges: 'Classements après cette partie classée :', ratedGames: '{n} parties classées', ratedGames1: '1 partie classée',
  },
});

const W = 320;
const H = 120;
const PAD = 36; // left: room for the axis labels

/** chart draws a rating history ([{before, after, time}], oldest first) as an SVG line. */
export function chart(history, label) {
  const pts = [history[0].before, ...history.map((p) => p.after)];
  let lo = Math.min(...pts);
  let hi = Math.max(...pts);
  if (hi - lo < 40) { const mid = (hi + lo) / 2; lo = mid - 20; hi = mid + 20; }
  const x = (i) => PAD + (i * (W - PAD - 12)) / Math.max(1, pts.length - 1);
  const y = (r) => H - 12 - ((r - lo) * (H - 24)) / (hi - lo);
  const d = pts.map((r, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(r).toFixed(1)}`).join(' ');
  return s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-chart', role: 'img', 'aria-label': label },
    s('line', { x1: PAD, x2: W - 6, y1: y(hi), y2: y(hi), class: 'grid' }),
    s('line', { x1: PAD, x2: W - 6, y1: y(lo), y2: y(lo), class: 'grid' }),
    s('text', { x: 2, y: y(hi) + 4, class: 'axis' }, String(Math.round(hi))),
    s('text', { x: 2, y: y(lo) + 4, class: 'axis' }, String(Math.round(lo))),
    s('path', { d, class: 'line' }),
    pts.map((r, i) => s('circle', { cx: x(i), cy: y(r), r: 2.5, class: 'dot' }, s('title', {}, String(r)))));
}

/** ratingsSection returns a section that loads and shows a player's ratings. */
export function ratingsSection(name, cat) {
  const el = h('section', { class: 'card', id: 'ratings' }, h('h2', {}, t('ratings')), h('p', { class: 'muted' }, '…'));
  api(`/api/players/${encodeURIComponent(name)}/ratings`).then((pr) => {
    const rs = pr.ratings || [];
    mount(el, h('h2', {}, t('ratings')), rs.length ? rs.map((r) => {
      const g = gameName(cat, r.game);
      const hist = r.history || [];
      return h('div', { class: 'rating-game', 'data-rating-game': r.game },
        h('h3', {}, g, ' ', h('strong', { class: 'rating', 'data-rating': r.rating }, `${r.rating}${r.provisional ? '?' : ''}`),
          r.provisional ? h('span', { class: 'muted' }, ` (${t('provisional')})`) : null,
          ' ', h('span', { class: 'muted' }, t(r.games === 1 ? 'ratedGames1' : 'ratedGames', { n: r.games }))),
        hist.length ? chart(hist, t('ratingHistory', { g, a: hist[0].before, b: r.rating, n: hist.length })) : null);
    }) : h('p', { class: 'muted' }, t('noRatings')));
  }).catch((e) => {
    mount(el, h('h2', {}, t('ratings')), h('p', { class: 'error' }, t('error', { m: e.message })));
  });
  return el;
}

/** fillRatingChanges shows in el each player's rating change by the rated game id (its result dialog). */
export async function fillRatingChanges(el, id, gameId, seats) {
  const rows = await Promise.all((seats || []).filter((st) => st.name).map(async (st) => {
    try {
      const pr = await api(`/api/players/${encodeURIComponent(st.name)}/ratings`);
      const r = (pr.ratings || []).find((x) => x.game === gameId);
      const p = r && (r.history || []).find((x) => x.game_id === id);
      if (!p) return null;
      const d = p.after - p.before;
      return h('li', { 'data-rating-change': st.name }, h('strong', {}, st.name), ` ${p.before} → ${p.after} `,
        h('span', { class: d >= 0 ? 'gain' : 'loss' }, `(${d >= 0 ? '+' : '−'}${Math.abs(d)})`));
    } catch { return null; }
  }));
  const items = rows.filter(Boolean);
  if (items.length) mount(el, h('p', {}, t('ratingChanges')), h('ul', { class: 'rating-changes' }, items));
}
