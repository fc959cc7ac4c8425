// The computer levels on each game's card: every level one click away,
// named with its rating in the game's pool ("hard · 3525", GET
// /api/levels; docs/ratings.md, Computer levels), and a Rated box that
// makes the game a rated one against the level's account.
import { addStrings, t } from './i18n.js';
import { h, mount } from './dom.js';
import { api } from './api.js';

addStrings({
  en: { levelsLabel: 'Play a level:', ratedLevel: 'Rated', levelRatingTitle: '{account}, rated {rating} in this game’s pool ({games} rated games)' },
  fr: { levelsLabel: 'Jouer un niveau :', ratedLevel: 'Classée', levelRatingTitle: '{account}, classé {rating} dans ce jeu ({games} parties classées)' },
});

let levelsPromise;
/** levels is GET /api/levels, fetched once a page. */
export function levels() {
  levelsPromise ??= api('/api/levels').catch(() => { levelsPromise = undefined; return { games: [] }; });
  return levelsPromise;
}

/**
 * levelRow is the card's row of level buttons for game id; play(level,
 * rated, button) starts the game. The ratings fill in when they arrive.
 */
export function levelRow(id, play) {
  const rated = h('input', { type: 'checkbox', 'data-rated-level': id });
  const row = h('div', { class: 'gc-levels', 'data-levels': id });
  levels().then((ls) => {
    const g = (ls.games || []).find((x) => x.game === id);
    if (!g) return;
    mount(row, h('span', { class: 'muted' }, t('levelsLabel')), ' ',
      g.levels.map((l) => [h('button', {
        type: 'button', class: 'link level-play', 'data-level-play': `${id}:${l.level}`, 'data-rating': l.rating,
        title: t('levelRatingTitle', { account: l.account, rating: l.rating, games: l.games }),
        onclick: (e) => play(l.level, rated.checked, e.currentTarget),
      }, `${t(l.level)} · ${l.rating}`), ' ']),
      h('label', { class: 'check' }, rated, t('ratedLevel')));
  });
  return row;
}
