// A tournament's page (/t/{id}): what it is, a countdown to its start or
// end, join and leave, the reader's game when paired, the standings table
// (live: server-sent events from /api/tournaments/{id}/live), its games in
// progress and finished, and the winner at the end.
import { t, gameName, addStrings } from './i18n.js';
import { h, mount, icon } from './dom.js';
import { api, catalog } from './api.js';
import { when, clockText } from './tournaments.js';
import { levelForm, levelTag } from './tournament-levels.js';

addStrings({
  en: {
    tRank: '#', tPlayer: 'Player', tScore: 'Points', tGames: 'Games', tBuchholz: 'Buchholz', tSB: 'S-B',
    tLeave: 'Leave', tJoined: 'You are in.', tYourGame: 'Your game is ready: play', tWaiting: 'Waiting for an opponent…', tWaitingRound: 'Waiting for round {n}…', tWaitingLast: 'Waiting for the last games to end…',
    tWinner: 'Winner: {n}', tOver: 'Tournament over', tStartsIn: 'Starts in {s}', tEndsIn: 'Ends in {s}',
    tRound: 'Round {n} of {m}', tGamesTitle: 'Games', tFire: 'on fire: the next game counts double', tNoGames: 'No game yet.',
    tPlaying: 'playing', tLeft: 'left', tNotFound: 'No such tournament.', tBye: 'You have a bye this round: 1 point', tSeats: '{n} players a game, casual', tFinished: 'finished',
    tRoundEvery: 'a round every {n} min', tNextRoundIn: 'Round {n} starts in {s}',
  },
  fr: {
    tRank: '#', tPlayer: 'Joueur', tScore: 'Points', tGames: 'Parties', tBuchholz: 'Buchholz', tSB: 'S-B',
    tLeave: 'Quitter', tJoined: 'Vous participez.', tYourGame: 'Votre partie est prête : jouer', tWaiting: 'En attente d’un adversaire…', tWaitingRound: 'En attente de la ronde {n}…', tWaitingLast: 'En attente de la fin des dernières parties…',
    tWinner: 'Vainqueur : {n}', tOver: 'Tournoi terminé', tStartsIn: 'Commence dans {s}', tEndsIn: 'Finit dans {s}',
    tRound: 'Ronde {n} sur {m}', tGamesTitle: 'Parties', tFire: 'en feu : la prochaine partie compte double', tNoGames: 'Pas encore de partie.',
    tPlaying: 'en jeu', tLeft: 'parti', tNotFound: 'Ce tournoi n’existe pas.', tBye: 'Vous êtes exempt à cette ronde : 1 point', tSeats: '{n} joueurs par partie, amicale', tFinished: 'terminée',
    tRoundEvery: 'une ronde toutes les {n} min', tNextRoundIn: 'La ronde {n} commence dans {s}',
  },
});

/** countdown writes a duration in seconds as h:mm:ss or m:ss. */
export function countdown(sec) {
  const s = Math.max(0, Math.floor(sec));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

const RESULTS = { white: '1-0', draw: '½-½', black: '0-1' };

export class TournamentPage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.v = null;
    this.error = '';
    this.skew = 0; // server time minus local time, ms
    this.load();
  }

  async load() {
    try {
      this.cat = await catalog();
      this.take(await api(`/api/tournaments/${encodeURIComponent(this.id)}`));
    } catch (e) {
      mount(this.root, h('p', { class: 'error' }, e.status === 404 ? t('tNotFound') : t('error', { m: e.message })));
      return;
    }
    this.listen();
    this.tick = setInterval(() => this.drawClock(), 1000);
  }

  destroy() { this.gone = true; this.es?.close(); clearInterval(this.tick); }

  // listen follows the live stream; the browser reconnects on its own
  // after each stream's end, until the tournament is over.
  listen() {
    if (this.gone || this.v?.status === 'finished') return;
    this.es = new EventSource(`/api/tournaments/${encodeURIComponent(this.id)}/live`);
    this.es.onmessage = (e) => {
      try { this.take(JSON.parse(e.data)); } catch { /* a broken message: wait for the next */ }
      if (this.v?.status === 'finished') this.es?.close();
    };
  }

  take(v) {
    if (this.gone) return;
    this.skew = Date.parse(v.now) - Date.now();
    if (this.v && v.version === this.v.version) return; // nothing new: keep the page (a click in progress)
    this.v = v;
    this.redraw();
  }

  redraw() {
    if (!this.v) return;
    const v = this.v;
    this.clockEl = h('p', { class: 'tclock', id: 'tclock' });
    mount(this.root, h('div', { class: 'tournament', 'data-status': v.status, 'data-version': v.version },
      h('section', { class: 'card' },
        h('h1', {}, v.name),
        h('p', { class: 'muted' }, `${t(v.kind)} · ${gameName(this.cat, v.game)} · ${clockText(v.spec?.clock)}`,
          v.spec?.seats > 2 ? ` · ${t('tSeats', { n: v.spec.seats })}` : null,
          v.kind === 'swiss' ? ` · ${t('tRound', { n: v.standings.round || 0, m: v.spec?.rounds })}` : null,
          v.spec?.round_every ? ` · ${t('tRoundEvery', { n: v.spec.round_every })}` : null),
        this.clockEl,
        v.standings.winner ? h('p', { class: 'winner', id: 'winner' }, t('tWinner', { n: this.name(v.standings.winner) })) : null,
        this.meEl(),
        this.levelsOpen() ? levelForm(this) : null,
        this.error ? h('p', { class: 'error', role: 'alert' }, this.error) : null),
      h('section', { class: 'card' }, this.table()),
      h('section', { class: 'card' }, h('h2', {}, t('tGamesTitle')), this.games())));
    this.drawClock();
  }

  /** levelsOpen: the reader may enter a level, as a join: an arena until its end, a Swiss tournament until half its rounds have started. */
  levelsOpen() {
    return !!this.v.me?.creator && this.v.joinable;
  }

  name(account) { return this.v.standings.lines.find((l) => l.account === account)?.name || account; }

  drawClock() {
    if (!this.v || !this.clockEl) return;
    const v = this.v;
    const now = Date.now() + this.skew;
    let text = '';
    if (v.status === 'finished') text = t('tOver');
    else if (!v.standings.started) text = t('tStartsIn', { s: countdown((Date.parse(v.starts) - now) / 1000) });
    else if (v.ends) text = t('tEndsIn', { s: countdown((Date.parse(v.ends) - now) / 1000) });
    else if (v.next_round && !v.standings.lines.some((l) => l.playing)) {
      // Between two Swiss rounds of a schedule: the next one's set time.
      text = t('tNextRoundIn', { n: (v.standings.round || 0) + 1, s: countdown((Date.parse(v.next_round) - now) / 1000) });
    }
    this.clockEl.textContent = text;
  }

  meEl() {
    const v = this.v;
    if (v.status === 'finished') return null;
    const me = v.me;
    if (!me) return h('p', {}, h('a', { href: '/', 'data-nav': true }, t('tourneySignIn')));
    if (!me.joined && !v.joinable) return null;
    if (!me.joined) return h('p', {}, h('button', { type: 'button', class: 'primary', id: 'tjoin', onclick: (e) => this.act('join', e.currentTarget) }, t('tourneyJoin')));
    let status;
    if (me.game) status = h('p', {}, h('a', { class: 'primary button', id: 'tgame', href: me.game.url, 'data-nav': true }, t('tYourGame')));
    else if (me.bye && v.standings.started) status = h('p', { class: 'tbye', id: 'tbye' }, t('tBye'));
    else if (!v.standings.started) status = h('p', { class: 'muted', id: 'twaiting' }, t('tJoined'));
    // A Swiss player without a game waits for the next round, not for an opponent.
    else status = h('p', { class: 'muted', id: 'twaiting' }, v.kind === 'swiss' ? this.nextRoundText() : t('tWaiting'));
    return h('div', { class: 'tme' }, status,
      h('button', { type: 'button', id: 'tleave', onclick: (e) => this.act('leave', e.currentTarget) }, t('tLeave')));
  }

  nextRoundText() {
    const n = (this.v.standings.round || 0) + 1;
    return n > (this.v.spec?.rounds || 0) ? t('tWaitingLast') : t('tWaitingRound', { n });
  }

  async act(what, btn) {
    btn.disabled = true;
    try {
      await api(`/api/tournaments/${encodeURIComponent(this.id)}/${what}`, { method: 'POST' });
      this.error = '';
      this.take(await api(`/api/tournaments/${encodeURIComponent(this.id)}`));
    } catch (e) {
      this.error = e.message;
      btn.disabled = false;
      this.redraw();
    }
  }

  table() {
    const st = this.v.standings;
    const swiss = st.kind === 'swiss';
    const head = h('tr', {}, h('th', {}, t('tRank')), h('th', {}, t('tPlayer')), h('th', {}, t('tScore')), h('th', {}, t('tGames')),
      swiss ? [h('th', {}, t('tBuchholz')), h('th', {}, t('tSB'))] : h('th', {}, ''));
    const rows = st.lines.map((l) => h('tr', { 'data-account': l.account, 'data-score': l.score, class: l.left ? 'muted' : null },
      h('td', {}, l.rank), h('td', {}, h('a', { href: `/@/${encodeURIComponent(l.name)}`, 'data-nav': true }, l.name), ' ',
        h('span', { class: 'muted' }, l.rating), l.level ? levelTag(this, l) : null, l.playing ? h('span', { class: 'muted' }, ` · ${t('tPlaying')}`) : null,
        l.left ? h('span', { class: 'muted' }, ` · ${t('tLeft')}`) : null),
      h('td', { class: 'score' }, l.score, l.fire ? h('span', { class: 'fire', title: t('tFire'), 'data-fire': true }, ' ', icon('fire')) : null),
      h('td', {}, l.games),
      swiss ? [h('td', {}, l.buchholz ?? 0), h('td', {}, l.sonnebornBerger ?? 0)]
        : h('td', { class: 'sheet muted' }, (l.sheet || []).join(' '))));
    return h('table', { class: 'standings', id: 'standings' }, h('thead', {}, head), h('tbody', {}, rows));
  }

  games() {
    const gs = this.v.games || [];
    if (!gs.length) return h('p', { class: 'muted' }, t('tNoGames'));
    // A multi-player table names every seat's player (players), in seat order.
    const who = (g) => (g.players?.length > 2 ? g.players : [g.white, g.black]).join(' – ');
    return h('ul', { class: 'tgames' }, gs.map((g) => h('li', { 'data-tgame': g.id, 'data-seats': g.players?.length || 2 },
      h('a', { href: `/g/${g.id}`, 'data-nav': true }, g.round ? `${g.round}. ` : '', who(g), ' ',
        h('span', { class: 'muted' }, RESULTS[g.result] || (g.result ? t('tFinished') : t('tPlaying')))))));
  }
}
