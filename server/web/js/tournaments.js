// The lobby's tournaments: the arenas and Swiss events open or running,
// with their start (or end) and players, joined in one click; and a small
// form to create one (signed in). A tournament's page is tournament.js.
import { t, lang, gameName, addStrings } from './i18n.js';
import { h, mount, go } from './dom.js';
import { api } from './api.js';

addStrings({
  en: {
    tourneys: 'Tournaments', tourneyNone: 'No tournament planned: create one.', tourneyJoin: 'Join',
    tourneyStarts: 'starts {w}', tourneyEnds: 'ends {w}', tourneyPlayers: '{n} players', tourneyPlayers_one: '1 player', tourneyCreate: 'Create a tournament',
    arena: 'Arena', swiss: 'Swiss', tourneyMinutes: 'Minutes', tourneyRounds: 'Rounds', tourneyClock: 'Clock (min + s)',
    tourneyStartsIn: 'Starts in (min)', tourneyName: 'Name', tourneyBerserk: 'Berserk allowed', tourneyCreateGo: 'Create',
    tourneySignIn: 'Sign in to create or join a tournament.',
    tourneySeats: 'Players a game', tourneySeatsRated: '{n} · rated', tourneySeatsCasual: '{n} · casual',
    tourneyRoundEvery: 'Minutes between round starts', tourneyRoundEveryHint: '0 or empty: each round as soon as the previous one ends',
  },
  fr: {
    tourneys: 'Tournois', tourneyNone: 'Aucun tournoi prévu : créez-en un.', tourneyJoin: 'Rejoindre',
    tourneyStarts: 'commence {w}', tourneyEnds: 'finit {w}', tourneyPlayers: '{n} joueurs', tourneyPlayers_one: '{n} joueur', tourneyCreate: 'Créer un tournoi',
    arena: 'Arène', swiss: 'Suisse', tourneyMinutes: 'Minutes', tourneyRounds: 'Rondes', tourneyClock: 'Pendule (min + s)',
    tourneyStartsIn: 'Commence dans (min)', tourneyName: 'Nom', tourneyBerserk: 'Berserk permis', tourneyCreateGo: 'Créer',
    tourneySignIn: 'Connectez-vous pour créer ou rejoindre un tournoi.',
    tourneySeats: 'Joueurs par partie', tourneySeatsRated: '{n} · classée', tourneySeatsCasual: '{n} · amicale',
    tourneyRoundEvery: 'Minutes entre les débuts de ronde', tourneyRoundEveryHint: '0 ou vide : chaque ronde dès la fin de la précédente',
  },
});

/** when writes a time relative to now ("in 5 min", "3 min ago"). */
export function when(iso, now = Date.now()) {
  const sec = (Date.parse(iso) - now) / 1000;
  const f = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
  const a = Math.abs(sec);
  if (a < 60) return f.format(Math.round(sec), 'second');
  if (a < 3600) return f.format(Math.round(sec / 60), 'minute');
  if (a < 86400 * 2) return f.format(Math.round(sec / 3600), 'hour');
  return f.format(Math.round(sec / 86400), 'day');
}

/**
 * SEATS are the players a game of the games with casual multi-player
 * arenas (docs/tournaments.md); 2 is the rated two-player tournament.
 */
export const SEATS = { intercept: [2, 4], shutbox: [2, 3, 4] };

/** seatsOf is the form's players a game if its game and kind allow it, else 2. */
const seatsOf = (f) => (f.kind === 'arena' && SEATS[f.game]?.includes(+f.seats) ? +f.seats : 2);

/** clockText writes a tournament's clock as 3+2. */
export const clockText = (c) => `${c?.minutes ?? 0}+${c?.increment ?? 0}`;

export class Tournaments {
  /** @param {any[]} cat the catalog */
  constructor(cat) {
    this.cat = cat;
    this.list = null;
    this.error = '';
    this.form = { kind: 'arena', game: cat[0]?.id || 'dames', minutes: 30, rounds: 5, roundEvery: '', clockMin: 3, clockInc: 2, startsIn: 5, name: '', berserk: false, seats: 2 };
    this.el = h('section', { class: 'card', id: 'tournaments' });
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 10000);
  }

  close() { clearInterval(this.timer); }

  async refresh() {
    try {
      const r = await api('/api/tournaments');
      this.list = r.tournaments || [];
    } catch { this.list ??= []; }
    this.draw();
  }

  async join(tr, btn) {
    btn.disabled = true;
    try {
      await api(`/api/tournaments/${tr.id}/join`, { method: 'POST' });
      go(`/t/${tr.id}`);
    } catch (e) {
      this.error = e.status === 401 ? t('tourneySignIn') : e.message;
      btn.disabled = false;
      this.draw();
    }
  }

  async create(btn) {
    const f = this.form;
    const body = { kind: f.kind, game: f.game, clock: { minutes: +f.clockMin, increment: +f.clockInc }, startsIn: +f.startsIn, name: f.name };
    const seats = seatsOf(f);
    if (f.kind === 'arena') Object.assign(body, { minutes: +f.minutes, berserk: seats === 2 && f.berserk });
    else {
      body.rounds = +f.rounds;
      if (+f.roundEvery) body.round_every = +f.roundEvery; // 0 or empty: each round when the last ends
    }
    if (seats > 2) body.seats = seats;
    btn.disabled = true;
    try {
      const tr = await api('/api/tournaments', { method: 'POST', body });
      go(`/t/${tr.id}`);
    } catch (e) {
      this.error = e.status === 401 ? t('tourneySignIn') : e.message;
      btn.disabled = false;
      this.draw();
    }
  }

  row(tr) {
    const running = tr.status === 'running';
    const time = running && tr.ends ? t('tourneyEnds', { w: when(tr.ends) }) : t('tourneyStarts', { w: when(tr.starts) });
    return h('li', { 'data-tournament': tr.id },
      h('a', { href: `/t/${tr.id}`, 'data-nav': true },
        h('strong', {}, tr.name), ' ',
        h('span', { class: 'muted' }, `${t(tr.kind)} · ${gameName(this.cat, tr.game)} · ${clockText(tr.spec?.clock)}`), ' ',
        h('span', { class: 'age muted' }, time), ' · ',
        h('span', { class: 'muted', 'data-players': tr.players }, t('tourneyPlayers', { n: tr.players }))),
      tr.joinable ? [' ', h('button', { type: 'button', class: 'primary', 'data-tjoin': tr.id, onclick: (e) => this.join(tr, e.currentTarget) }, t('tourneyJoin'))] : null);
  }

  field(label, key, attrs = {}) {
    const f = this.form;
    const input = h('input', {
      ...attrs, name: key, value: attrs.type === 'checkbox' ? null : f[key], checked: attrs.type === 'checkbox' ? f[key] : null,
      oninput: (e) => { f[key] = attrs.type === 'checkbox' ? e.target.checked : e.target.value; },
    });
    return h('label', {}, label, ' ', input);
  }

  formEl() {
    const f = this.form;
    const kind = h('select', { name: 'kind', onchange: (e) => { f.kind = e.target.value; this.draw(); } },
      ['arena', 'swiss'].map((k) => h('option', { value: k, selected: k === f.kind || null }, t(k))));
    const game = h('select', { name: 'game', onchange: (e) => { f.game = e.target.value; this.draw(); } },
      this.cat.map((g) => h('option', { value: g.id, selected: g.id === f.game || null }, gameName(this.cat, g.id))));
    return h('details', { class: 'tourney-create' }, h('summary', {}, t('tourneyCreate')),
      h('div', { class: 'row' }, kind, ' ', game),
      this.field(t('tourneyName'), 'name', { type: 'text', maxlength: 60 }),
      f.kind === 'arena' ? this.field(t('tourneyMinutes'), 'minutes', { type: 'number', min: 1, max: 360 })
        : [this.field(t('tourneyRounds'), 'rounds', { type: 'number', min: 1, max: 15 }),
          this.field(t('tourneyRoundEvery'), 'roundEvery', { type: 'number', min: 0, max: 1440, step: 1, placeholder: '0', title: t('tourneyRoundEveryHint') }),
          h('small', { class: 'muted field-hint', id: 'round-every-hint' }, t('tourneyRoundEveryHint'))],
      h('span', {}, this.field(t('tourneyClock'), 'clockMin', { type: 'number', min: 0.5, step: 0.5 }), ' + ',
        h('input', { name: 'clockInc', type: 'number', min: 0, max: 60, value: f.clockInc, oninput: (e) => { f.clockInc = e.target.value; } })),
      this.field(t('tourneyStartsIn'), 'startsIn', { type: 'number', min: 0, max: 10080 }),
      this.seatsEl(),
      f.kind === 'arena' && seatsOf(f) === 2 ? this.field(t('tourneyBerserk'), 'berserk', { type: 'checkbox' }) : null,
      h('button', { type: 'button', class: 'primary', id: 'tourney-create', onclick: (e) => this.create(e.currentTarget) }, t('tourneyCreateGo')));
  }

  /** seatsEl is the players a game, for an arena of a game with multi-player events. */
  seatsEl() {
    const f = this.form;
    const choice = f.kind === 'arena' && SEATS[f.game];
    if (!choice) return null;
    const seats = seatsOf(f);
    return h('label', {}, t('tourneySeats'), ' ', h('select', { name: 'seats', onchange: (e) => { f.seats = +e.target.value; this.draw(); } },
      choice.map((n) => h('option', { value: n, selected: n === seats || null }, t(n === 2 ? 'tourneySeatsRated' : 'tourneySeatsCasual', { n })))));
  }

  draw() {
    const items = this.list === null ? h('p', { class: 'muted' }, '…')
      : this.list.length ? h('ul', { class: 'tourneys' }, this.list.map((tr) => this.row(tr))) : h('p', { class: 'muted' }, t('tourneyNone'));
    const open = this.el.querySelector('details')?.open;
    const form = this.formEl();
    if (open) form.open = true;
    mount(this.el, h('h2', {}, t('tourneys')),
      this.error ? h('p', { class: 'error', role: 'alert' }, this.error) : null, items, form);
  }
}
