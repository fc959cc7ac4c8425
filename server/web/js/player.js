// A player's page, /@/{name} (GET /api/players/{name}): their games, newest
// first, filtered by game and by result, a page at a time, each linking to
// the game and to its record. On one's own page, "sign out everywhere".
import { h, mount } from './dom.js';
import { t, lang, gameName, addStrings } from './i18n.js';
import { api, catalog } from './api.js';
import { me, signOut } from './account.js';
import { ratingsSection } from './ratingchart.js';

addStrings({
  en: {
    signOutAll: 'Sign out everywhere', memberSince: 'Playing since {d}', allGames: 'All games', result: 'Result',
    allResults: 'All results', wins: 'Wins', draws: 'Draws', losses: 'Losses', noGames: 'No game here.',
    newer: 'Newer', older: 'Older', date: 'Date', players: 'Players', guest: 'guest', res_win: 'won',
    res_draw: 'draw', res_loss: 'lost', openGame: 'Open', exportShort: 'Record', noPlayer: 'No player is named {n}.',
  },
  fr: {
    signOutAll: 'Se déconnecter partout', memberSince: 'Joue depuis le {d}', allGames: 'Tous les jeux',
    result: 'Résultat', allResults: 'Tous les résultats', wins: 'Victoires', draws: 'Nulles', losses: 'Défaites',
    noGames: 'Aucune partie ici.', newer: 'Plus récentes', older: 'Plus anciennes', date: 'Date', players: 'Joueurs',
    guest: 'invité', res_win: 'gagnée', res_draw: 'nulle', res_loss: 'perdue', openGame: 'Ouvrir',
    exportShort: 'Relevé', noPlayer: 'Aucun joueur ne s’appelle {n}.',
  },
});

export class PlayerPage {
  constructor(el, name) {
    this.el = el;
    this.name = name;
    const q = new URLSearchParams(location.search);
    this.f = { game: q.get('game') || '', result: q.get('result') || '', page: Math.max(1, parseInt(q.get('page'), 10) || 1) };
    this.data = null;
    /** @type {any} */
    this.cat = null; // the catalog of games
    /** @type {any} */
    this.me = null; // the account signed in
    this.error = null;
    this.load();
  }

  destroy() { this.gone = true; }

  async load() {
    const q = new URLSearchParams();
    if (this.f.game) q.set('game', this.f.game);
    if (this.f.result) q.set('result', this.f.result);
    if (this.f.page > 1) q.set('page', String(this.f.page));
    const qs = q.toString() ? `?${q}` : '';
    history.replaceState(null, '', `/@/${encodeURIComponent(this.name)}${qs}`);
    try {
      [this.cat, this.data, this.me] = await Promise.all([catalog(), api(`/api/players/${encodeURIComponent(this.name)}${qs}`), me()]);
      this.error = null;
    } catch (e) {
      this.error = e;
    }
    if (!this.gone) this.redraw();
  }

  set(k, v) {
    this.f[k] = v;
    if (k !== 'page') this.f.page = 1;
    this.load();
  }

  redraw() {
    if (this.error) {
      mount(this.el, h('section', { class: 'player' },
        h('p', { class: 'error' }, this.error.status === 404 ? t('noPlayer', { n: this.name }) : t('error', { m: this.error.message })),
        h('p', {}, h('a', { href: '/', 'data-nav': true }, t('lobby')))));
      return;
    }
    const d = this.data;
    if (!d) return;
    document.title = `${d.name} — Plateau`;
    const mine = this.me && this.me.name.toLowerCase() === d.name.toLowerCase();
    const since = new Date(d.created).toLocaleDateString(lang, { year: 'numeric', month: 'long', day: 'numeric' });
    const select = (id, k, opts) => h('select', { id, onchange: (e) => this.set(k, e.target.value) },
      opts.map(([v, label]) => h('option', { value: v, selected: v === this.f[k] }, label)));
    if (this.ratingsLang !== lang) { // the ratings and their charts, loaded once per language
      this.ratingsEl = ratingsSection(d.name, this.cat);
      this.ratingsLang = lang;
    }
    mount(this.el, h('section', { class: 'player' },
      h('h1', { id: 'player-name' }, d.name),
      h('p', { class: 'muted' }, t('memberSince', { d: since }),
        mine ? [' ', h('button', { type: 'button', id: 'page-signout', onclick: () => signOut('/api/account/signout') }, t('signOut')),
          ' ', h('button', { type: 'button', id: 'signout-all', onclick: () => signOut('/api/account/signout-all') }, t('signOutAll'))] : null),
      this.ratingsEl,
      h('div', { class: 'filters row' },
        h('label', {}, t('game'), ' ', select('filter-game', 'game', [['', t('allGames')], ...this.cat.map((c) => [c.id, gameName(this.cat, c.id)])])),
        h('label', {}, t('result'), ' ', select('filter-result', 'result', [['', t('allResults')], ['win', t('wins')], ['draw', t('draws')], ['loss', t('losses')]]))),
      d.games.length ? this.table(d) : h('p', { class: 'muted', id: 'player-none' }, t('noGames')),
      h('nav', { class: 'pages row' },
        d.page > 1 ? h('button', { type: 'button', id: 'page-prev', onclick: () => this.set('page', d.page - 1) }, `◂ ${t('newer')}`) : null,
        d.more ? h('button', { type: 'button', id: 'page-next', onclick: () => this.set('page', d.page + 1) }, `${t('older')} ▸`) : null)));
  }

  table(d) {
    const seat = (st) => st.name
      ? h(st.name.toLowerCase() === d.name.toLowerCase() ? 'strong' : 'a', st.name.toLowerCase() === d.name.toLowerCase() ? {} : { href: `/@/${encodeURIComponent(st.name)}`, 'data-nav': true }, st.name)
      : st.kind === 'ai' ? `${t('aiShort')} ${t(st.level || 'easy')}` : t('guest');
    return h('table', { class: 'games', id: 'player-games' },
      h('thead', {}, h('tr', {}, [t('date'), t('game'), t('players'), t('result'), ''].map((x) => h('th', {}, x)))),
      h('tbody', {}, d.games.map((g) => h('tr', { 'data-game': g.id },
        h('td', {}, new Date(g.created).toLocaleDateString(lang)),
        h('td', {}, gameName(this.cat, g.game)),
        h('td', { class: 'who' }, g.seats.map((st, i) => [i ? ' – ' : '', seat(st)])),
        h('td', { class: `res ${g.result || g.status}` }, g.result ? t(`res_${g.result}`) : t(`status_${g.status}`)),
        h('td', { class: 'links' },
          h('a', { href: g.url, 'data-nav': true, class: 'open' }, t('openGame')), ' ',
          h('a', { href: g.export, class: 'export', download: `${g.id}.json` }, t('exportShort')))))));
  }
}
