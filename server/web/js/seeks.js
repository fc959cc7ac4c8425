// "Play anyone": the lobby's seeks, live over GET /api/seeks/ws (docs/api.md,
// Seeks), a form to seek a game, and each game's leaderboard. A seek lasts as
// long as this page's connection: leaving the lobby withdraws it.
import { addStrings, t, lang, gameName } from './i18n.js';
import { h, mount, go } from './dom.js';
import { api, remember, SIGNED_OUT } from './api.js';
import { DAYS, daysText } from './corr.js';

addStrings({
  en: {
    playAnyone: 'Play anyone', seek: 'Seek a game', seeking: 'Waiting for an opponent…', cancelSeek: 'Cancel',
    rated: 'Rated', casualShort: 'Casual', ratedGame: 'Rated game', ratingRange: 'Opponent’s rating', anyRating: 'any',
    noClock: 'no clock', seeksNone: 'No one is seeking a game: seek one, and whoever seeks the same is paired with you.',
    acceptSeek: 'Play', yourSeek: 'your seek', seekSignIn: 'Sign in to play anyone (rated games need an account).',
    err_seek_refused: 'This seek is gone or not for you.',
    err_pair_limit: 'You have played your rated games of the day against this player: play casual, or rated against someone else.',
    leaderboard: 'Leaderboard', provisionalPlayers: 'Provisional ratings', boardEmpty: 'No rated game yet.',
    rank: '#', rating: 'Rating', gamesPlayed: 'Games', seeksOffline: 'Reconnecting to the lobby…',
  },
  fr: {
    playAnyone: 'Jouer contre quelqu’un', seek: 'Chercher une partie', seeking: 'En attente d’un adversaire…', cancelSeek: 'Annuler',
    rated: 'Classée', casualShort: 'Amicale', ratedGame: 'Partie classée', ratingRange: 'Classement de l’adversaire', anyRating: 'tous',
    noClock: 'sans pendule', seeksNone: 'Personne ne cherche de partie : cherchez-en une, et qui cherche la même vous sera apparié.',
    acceptSeek: 'Jouer', yourSeek: 'votre recherche', seekSignIn: 'Connectez-vous pour jouer contre quelqu’un (les parties classées demandent un compte).',
    err_seek_refused: 'Cette recherche n’est plus là ou pas pour vous.',
    err_pair_limit: 'Vous avez joué vos parties classées du jour contre ce joueur : jouez une amicale, ou une classée contre quelqu’un d’autre.',
    leaderboard: 'Classement', provisionalPlayers: 'Classements provisoires', boardEmpty: 'Aucune partie classée pour l’instant.',
    rank: 'n°', rating: 'Classement', gamesPlayed: 'Parties', seeksOffline: 'Reconnexion au salon…',
  },
});

// The clocks a seek offers: [minutes, increment seconds, days a move];
// [0, 0, 0] is none, days for correspondence.
const CLOCKS = [[0, 0, 0], [3, 2, 0], [5, 3, 0], [10, 5, 0], [15, 10, 0], ...DAYS.map((d) => [0, 0, d])];
const RANGES = [0, 100, 200, 400];

const clockText = (c) => (c && c.days ? daysText(c.days) : c && c.minutes ? `${c.minutes}+${c.increment || 0}` : t('noClock'));

/** ratingText is a rating with a question mark when provisional. */
export const ratingText = (r, provisional) => `${r}${provisional ? '?' : ''}`;

/** Seeks is the lobby's "Play anyone" section and leaderboard. */
export class Seeks {
  constructor(cat) {
    this.cat = cat.filter((g) => (g.players || []).includes(2));
    this.el = h('section', { class: 'card', id: 'seeks' });
    this.boardEl = h('details', { class: 'card', id: 'leaderboard', ontoggle: (e) => { if (e.target.open) this.loadBoard(); } });
    this.form = { game: this.cat[0]?.id || '', clock: 2, rated: true, range: 0 };
    this.list = null;
    this.mine = null;
    this.error = '';
    this.boardGame = this.form.game;
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.ws?.close();
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/seeks/ws`);
    this.ws = ws;
    ws.onopen = () => { this.offline = false; this.delay = 0; };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      this.onMessage(m);
    };
    ws.onclose = (e) => {
      if (this.closed) return;
      if (e.code === SIGNED_OUT) { // the account signed out: the reload forgets its seats (account.js)
        this.close();
        location.reload();
        return;
      }
      this.offline = true;
      this.mine = null;
      this.account = undefined;
      this.draw();
      this.delay = Math.min(10000, (this.delay || 500) * 2);
      this.retry = setTimeout(() => this.connect(), this.delay);
    };
  }

  onMessage(m) {
    switch (m.type) {
      case 'seeks':
        this.list = m.seeks || [];
        if ('account' in m || this.account === undefined) this.account = m.account || '';
        break;
      case 'seeking': this.mine = m.seek; this.error = ''; break;
      case 'paired':
        remember(m.game, this.pairedGame(), m.seat, m.token);
        this.close();
        go(`/g/${m.game}`);
        return;
      case 'error': {
        this.mine = m.code === 'internal' ? null : this.mine;
        const k = m.code === 'sign_in' ? 'seekSignIn' : `err_${m.code}`;
        this.error = t(k) === k ? t('error', { m: m.message }) : t(k);
        break;
      }
      default: return;
    }
    this.draw();
  }

  // pairedGame is the engine id of a paired game: that of my seek, or of
  // the seek I accepted.
  pairedGame() { return this.mine?.game || this.accepted || this.form.game; }

  send(m) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  seek() {
    const [minutes, increment, days] = CLOCKS[this.form.clock];
    const m = { type: 'seek', game: this.form.game, rated: this.form.rated, range: this.form.range };
    if (days) m.clock = { days };
    else if (minutes) m.clock = { minutes, increment };
    this.error = '';
    this.send(m);
  }

  draw() {
    const f = this.form;
    const sel = (id, value, opts, onchange) => h('select', { id, onchange }, opts.map(([v, label]) => h('option', { value: v, selected: String(v) === String(value) }, label)));
    const form = this.account === '' ? h('p', { class: 'muted', id: 'seek-signin' }, t('seekSignIn'))
      : this.mine ? h('div', { class: 'seeking', role: 'status' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ', t('seeking'), ' ',
      h('span', { class: 'muted' }, `${gameName(this.cat, this.mine.game)} · ${clockText(this.mine.clock)} · ${this.mine.rated ? t('rated') : t('casualShort')}`), ' ',
      h('button', { type: 'button', id: 'seek-cancel', onclick: () => { this.send({ type: 'cancel' }); this.mine = null; this.draw(); } }, t('cancelSeek')))
      : h('form', { class: 'seekform', onsubmit: (e) => { e.preventDefault(); this.seek(); } },
        h('label', { class: 'field' }, h('span', {}, t('game')),
          sel('seek-game', f.game, this.cat.map((g) => [g.id, gameName(this.cat, g.id)]), (e) => { f.game = e.target.value; })),
        h('label', { class: 'field' }, h('span', {}, t('clock')),
          sel('seek-clock', f.clock, CLOCKS.map((c, i) => [i, clockText({ minutes: c[0], increment: c[1], days: c[2] })]), (e) => { f.clock = +e.target.value; })),
        h('label', { class: 'field' }, h('span', {}, t('ratingRange')),
          sel('seek-range', f.range, RANGES.map((r) => [r, r ? `± ${r}` : t('anyRating')]), (e) => { f.range = +e.target.value; })),
        h('label', { class: 'check' }, h('input', { type: 'checkbox', id: 'seek-rated', checked: f.rated, onchange: (e) => { f.rated = e.target.checked; } }), t('ratedGame')),
        h('button', { type: 'submit', class: 'primary', id: 'seek-submit', disabled: this.offline || null }, t('seek')));
    const rows = (this.list || []).map((s) => {
      const own = this.mine && this.mine.id === s.id;
      return h('li', { 'data-seek': s.id },
        h('strong', {}, s.name), ' ', h('span', { class: 'rating' }, ratingText(s.rating, s.provisional)), ' · ',
        gameName(this.cat, s.game), ' · ', h('span', { class: 'tc' }, clockText(s.clock)), ' · ',
        h('span', { class: s.rated ? 'rated' : 'muted' }, s.rated ? t('rated') : t('casualShort')),
        s.range ? h('span', { class: 'muted' }, ` (± ${s.range})`) : null, ' ',
        own ? h('span', { class: 'muted' }, t('yourSeek')) : !this.account ? null : h('button', {
          type: 'button', class: 'primary join', 'data-accept': s.id,
          onclick: () => { this.accepted = s.game; this.error = ''; this.send({ type: 'accept', id: s.id }); },
        }, t('acceptSeek')));
    });
    mount(this.el,
      h('h2', {}, t('playAnyone')),
      this.offline ? h('p', { class: 'muted' }, t('seeksOffline')) : null,
      form,
      this.error ? h('p', { class: 'error', id: 'seek-error', role: 'alert' }, this.error) : null,
      this.list === null ? h('p', { class: 'muted' }, '…')
        : rows.length ? h('ul', { class: 'games', id: 'seek-list' }, rows) : h('p', { class: 'muted', id: 'seek-list' }, t('seeksNone')));
    this.drawBoard();
  }

  // ---- the leaderboard ----------------------------------------------------------

  async loadBoard() {
    const id = this.boardGame;
    try {
      this.board = await api(`/api/leaderboard/${encodeURIComponent(id)}`);
    } catch (e) {
      this.board = { game: id, error: e.message };
    }
    this.drawBoard();
  }

  drawBoard() {
    const b = this.board && this.board.game === this.boardGame ? this.board : null;
    const table = (players, start) => h('table', { class: 'board-table' },
      h('thead', {}, h('tr', {}, h('th', {}, t('rank')), h('th', {}, t('player', { n: '' }).trim()), h('th', {}, t('rating')), h('th', {}, t('gamesPlayed')))),
      h('tbody', {}, players.map((p, i) => h('tr', { 'data-player': p.name },
        h('td', {}, start ? String(i + 1) : ''),
        h('td', {}, h('a', { href: `/@/${encodeURIComponent(p.name)}`, 'data-nav': true }, p.name)),
        h('td', {}, ratingText(p.rating, p.provisional)),
        h('td', {}, String(p.games))))));
    const body = !b ? h('p', { class: 'muted' }, '…')
      : b.error ? h('p', { class: 'error' }, t('error', { m: b.error }))
        : !b.players.length && !b.provisional.length ? h('p', { class: 'muted' }, t('boardEmpty'))
          : [b.players.length ? table(b.players, true) : null,
            b.provisional.length ? [h('h3', {}, t('provisionalPlayers')), table(b.provisional, false)] : null];
    const open = this.boardEl.open;
    mount(this.boardEl,
      h('summary', {}, t('leaderboard')),
      h('label', { class: 'field' }, h('span', {}, t('game')),
        h('select', { id: 'board-game', onchange: (e) => { this.boardGame = e.target.value; this.loadBoard(); } },
          this.cat.map((g) => h('option', { value: g.id, selected: g.id === this.boardGame }, gameName(this.cat, g.id))))),
      h('div', { id: 'board-body', lang }, body));
    this.boardEl.open = open;
  }
}
