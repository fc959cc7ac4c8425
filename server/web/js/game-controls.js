// The game page's controls: resign, offers, rematch, the typed move, the
// hints toggle and panel, the links under the board, and the result
// dialog. Methods of GamePage (game.js).
import { t } from './i18n.js';
import { h, mount, icon } from './dom.js';
import { hintsOn, setHintsOn } from './hints.js';

/** @satisfies {ThisType<import('./game.js').GamePage>} */
export const controlMethods = {
  renderControls() {
    const v = this.view;
    const over = !!v.outcome;
    const holds = this.seats.length > 0;
    const two = v.players === 2;
    const btn = (id, label, fn, show = true) => (show ? h('button', { type: 'button', id, onclick: fn }, label) : null);
    // A request of mine waiting for its answer: the button stays, disabled, and says so.
    const asked = (id, label, kind, fn, show) => (!show ? null : this.offers[kind] === 'sent'
      ? h('button', { type: 'button', id, disabled: true, class: 'waiting', 'aria-describedby': `${kind}-waiting` }, icon('hourglass'), ' ', label)
      : btn(id, t(kind === 'draw' ? 'offerDraw' : 'undoReq'), fn, !this.offers[kind]));
    const drawGame = !!this.cat?.find((g) => g.id === this.gameId)?.draw_offer;
    const watch = new URL(`/g/${this.id}`, location.origin).href;
    mount(this.el.controls,
      btn('resign', t('resign'), () => this.resign(), holds && !over && two),
      btn('berserk', t('berserk'), () => this.request({ type: 'berserk', seat: this.seats[0] }), this.canBerserk()),
      asked('draw-offer', t('drawSent'), 'draw', () => this.request({ type: 'draw', action: 'offer' }), holds && !over && two && drawGame && this.seats.length === 1),
      asked('undo-request', t('undoSent'), 'undo', () => this.request({ type: 'undo', action: 'request' }), holds && !over && this.summary?.casual !== false && (this.offers.undo === 'sent' || this.moves.some((m) => this.seats.includes(m.player)))),
      btn('rematch', t('rematch'), () => this.request({ type: 'rematch' }), holds && over && !this.rematchId),
      this.rematchId ? h('a', { href: `/g/${this.rematchId}`, 'data-nav': true, class: 'button primary', id: 'rematch-link' }, t('newRematch')) : null,
      this.hintsOffered() ? h('label', { class: 'hint-toggle' }, h('input', { type: 'checkbox', id: 'hints-toggle', checked: hintsOn(), onchange: (e) => { setHintsOn(e.target.checked); this.renderHints(); } }), t('hints')) : null,
      h('p', { class: 'watchlink' }, h('span', { class: 'muted' }, `${t('watchers')}: `), h('a', { href: watch, 'data-nav': true, class: 'url' }, watch)),
      over ? h('p', { class: 'watchlink' }, h('a', { href: `/api/games/${this.id}/export`, download: `${this.id}.json`, id: 'export' },
        t(this.moves.some((m) => m.kind === 'roll') ? 'exportDice' : 'export')),
        this.gameId === 'dames' ? [' · ', h('a', { href: `/api/games/${this.id}/export.pdn`, download: `${this.id}.pdn` }, t('pdn'))] : null) : null,
      // The analysis board, only once the game is over: no engine help during a game.
      over ? h('p', { class: 'watchlink' }, h('a', { href: this.analysisURL(), id: 'analyse-link' }, t('analysisHere'))) : null,
      over ? h('p', { class: 'watchlink' }, h('a', { href: `/puzzles/${encodeURIComponent(this.gameId)}`, id: 'puzzles-link' }, t('puzzlesOf'))) : null);
    this.renderEntry();
  },

  // renderEntry offers keyboard and screen-reader play: type a move's notation.
  renderEntry() {
    const v = this.view;
    if (this.myTurn()) {
      const list = h('datalist', { id: 'legal' }, (v.moves || []).slice(0, 400).map((m) => h('option', { value: m.notation })));
      const input = h('input', { id: 'move-input', list: 'legal', autocomplete: 'off', 'aria-label': t('typeMove'), placeholder: t('typeMove') });
      mount(this.el.entry, list, input, h('button', { type: 'submit' }, t('send')));
      this.el.entry.onsubmit = (e) => {
        e.preventDefault();
        const m = (v.moves || []).find((x) => x.notation === input.value.trim());
        if (m) this.send(m); else this.toast(t('err_illegal_move'));
      };
    } else mount(this.el.entry);
  },

  // canBerserk: an arena's game that allows it, before my first move
  // (half my time, no increment, an extra point for a win).
  canBerserk() {
    const c = this.clock;
    const s = this.seats[0];
    return !!c?.berserk && this.seats.length === 1 && !this.view.outcome && !c.berserked?.[s] &&
      !this.moves.some((m) => m.kind === 'move' && m.player === s);
  },

  resign() {
    // Two steps: the first click asks, the second (within 5 s) resigns.
    const b = this.el.controls.querySelector('#resign');
    if (b && !b.dataset.armed) {
      b.dataset.armed = '1';
      b.textContent = t('resignConfirm');
      b.classList.add('danger');
      setTimeout(() => { if (b.isConnected) { delete b.dataset.armed; b.textContent = t('resign'); b.classList.remove('danger'); } }, 5000);
      return;
    }
    const seat = this.seats.includes(this.view.toMove) ? this.view.toMove : this.seats[0];
    this.request({ type: 'resign', seat });
  },

  // hintsOffered says whether the page offers the solver's hints: for the
  // games whose renderer exports hints, in a game of one seat (Shut the
  // Box solitaire) or of AI seats only; the server refuses them to
  // everyone while people play (403 hints_refused, docs/api.md).
  hintsOffered() {
    const seats = this.summary?.seats || [];
    return !!this.r?.hints && seats.length > 0 && (seats.length === 1 || seats.every((s) => s.kind !== 'human'));
  },

  // analysisURL links the position shown (the replay's, or the last) to
  // the analysis board, with the game's variant.
  analysisURL() {
    const q = new URLSearchParams(this.summary?.variant || {});
    q.set('position', this.shownView().position);
    return `/analysis/${encodeURIComponent(this.gameId)}?${q}`;
  },

  // renderHints shows the solver's hints when the page offers them, the
  // toggle is on and a player is to move.
  renderHints() {
    const v = this.view;
    const want = this.hintsOffered() && hintsOn() && !!v && this.replayAt === null && !v.outcome && v.toMove >= 0;
    this.hints.show(want, this.version, v?.players, this.r?.label && ((m) => this.r.label(m, v.board)), (m) => this.pointHint(m));
  },

  // pointHint outlines on the board the clicks of a hinted move (null: none).
  pointHint(notation) {
    const m = notation && (this.view?.moves || []).find((x) => x.notation === notation);
    const locs = (m?.clicks || []).map(String);
    for (const el of this.el.board.querySelectorAll('[data-loc]')) el.classList.toggle('hinted', locs.includes(el.dataset.loc));
  },

  renderOffers() {
    const items = [];
    for (const kind of ['draw', 'undo']) {
      const p = this.offers[kind];
      if (p === null || p === undefined || !this.seats.length || this.view?.outcome) continue;
      if (p === 'sent') {
        items.push(h('div', { class: 'offer waiting', id: `${kind}-waiting`, role: 'status' }, icon('hourglass'), ' ', t(kind === 'draw' ? 'drawWaiting' : 'undoWaiting')));
        continue;
      }
      const type = kind;
      items.push(h('div', { class: 'offer', id: `${kind}-pending`, role: 'alert' },
        h('span', {}, t(kind === 'draw' ? 'drawOffered' : 'undoRequested', { p: this.playerName(p) })), ' ',
        h('button', { type: 'button', class: 'primary', onclick: () => this.request({ type, action: 'accept' }) }, t('accept')), ' ',
        h('button', { type: 'button', onclick: () => { this.offers[kind] = null; this.request({ type, action: 'decline' }); } }, t('decline'))));
    }
    mount(this.el.offers, items);
  },

  openResult() {
    const o = this.view.outcome;
    if (!o) return;
    const d = this.el.dialog;
    const mineRes = this.seats.length === 1 ? (o.results || [])[this.seats[0]] : null;
    const head = mineRes === 'win' ? t('youWon') : mineRes === 'loss' ? t('youLost') : t('over');
    const shape = mineRes === 'win' ? '★' : mineRes === 'loss' ? '✕' : '◆';
    const changes = this.summary?.rated ? h('div', { id: 'result-ratings' }) : null;
    if (changes) import('./ratingchart.js').then((m) => m.fillRatingChanges(changes, this.id, this.gameId, this.summary.seats)).catch(() => {});
    mount(d, h('form', { method: 'dialog' },
      h('h2', {}, h('span', { 'aria-hidden': 'true' }, `${shape} `), head),
      h('p', { id: 'result-text' }, this.resultText(o)),
      changes,
      h('div', { class: 'row' },
        this.rematchId ? h('a', { href: `/g/${this.rematchId}`, 'data-nav': true, class: 'button', id: 'dialog-rematch-link', onclick: () => d.close() }, t('newRematch'))
          : this.seats.length ? h('button', { type: 'button', id: 'dialog-rematch', onclick: () => { d.close(); this.request({ type: 'rematch' }); } }, t('rematch')) : null,
        h('button', { value: 'close', id: 'dialog-close', class: 'primary' }, t('close')))));
    if (!d.open) { try { d.showModal(); } catch { d.setAttribute('open', ''); } }
  },
};
