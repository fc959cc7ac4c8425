// The game page's side of the connection (api.js's Conn): the server's
// messages (welcome, events, status, errors, offers) and the page's requests
// (a move, an offer, a rematch, a seat). Methods of GamePage (game.js).
import { t, gameName } from './i18n.js';
import { h, mount } from './dom.js';
import { api, remember, tokensFor, mine } from './api.js';
import { play as playSound } from './sound.js';

const moveKinds = new Set(['move', 'roll']);

/** @satisfies {ThisType<import('./game.js').GamePage>} */
export const connMethods = {
  onStatus(ok) {
    if (ok && this.el.banner.dataset.storage) { this.storageTrouble(); return; }
    this.el.banner.hidden = ok;
    this.el.banner.textContent = ok ? '' : t('reconnecting');
  },

  // onPaused: the server unloaded the game, no player being connected; the
  // page follows it again when asked.
  onPaused() {
    this.el.banner.hidden = false;
    mount(this.el.banner, t('paused'), ' ',
      h('button', { type: 'button', id: 'resume', onclick: () => { this.onStatus(false); this.conn.resume(); } }, t('followAgain')));
  },

  onWelcome(m) {
    const g = m.game || {};
    this.summary = g;
    const seats = Array.isArray(m.seats) ? m.seats : [];
    const sameSeats = seats.length === this.seats.length && seats.every((x, i) => x === this.seats[i]);
    this.seats = seats;
    if (g.game) remember(this.id, g.game, null, null);
    if (!this.seats.length && mine()[this.id] && !Object.keys(mine()[this.id].tokens).length) { /* spectator entry */ }
    const v = typeof m.version === 'number' ? m.version : g.version || 0;
    const changed = v !== this.version || !this.view;
    this.version = v;
    if (this.awaiting && v >= this.awaiting) { this.busy = false; this.awaiting = 0; }
    const before = this.view?.position;
    if (g.view) {
      this.view = g.view;
      this.history.set(v, { ...(this.history.get(v) || {}), view: g.view });
    }
    this.moves = (Array.isArray(g.moves) ? g.moves : []).map((x) => ({ ...x, seq: x.seq ?? x.version }));
    // A seat's join or a clock event changes the version, not the
    // position: a move half clicked stays.
    if (changed && this.view?.position !== before) this.prefix = [];
    this.gameId = g.game || this.view?.game;
    if (g.clock) this.setClock(g.clock);
    if (g.rematch_id) this.adoptRematch(g.rematch_id);
    if (!changed && this.r && sameSeats) {
      // The welcome confirms what the page drew from the inline summary
      // (or from before a reconnection): no need to draw the board again.
      this.renderStatus();
      this.renderPlayers();
      this.renderControls();
      this.firePremove();
      return;
    }
    this.ready();
  },

  // onError shows an error the server sent unasked; a store that cannot
  // write stays said in the banner until a write succeeds (the next event).
  onError(m) {
    if (m.code === 'storage_unavailable') this.storageTrouble();
    else this.toast(this.errText(m));
  },

  storageTrouble() {
    this.el.banner.hidden = false;
    this.el.banner.dataset.storage = '1';
    this.el.banner.textContent = t('err_storage_unavailable');
  },

  onEvent(m) {
    if (this.el.banner.dataset.storage) { delete this.el.banner.dataset.storage; this.el.banner.hidden = true; }
    const ev = m.event || {};
    const v = m.version ?? ev.seq;
    const prev = this.history.get(v) || {};
    this.history.set(v, { view: m.view || prev.view, event: ev });
    if (moveKinds.has(ev.kind) && !this.moves.some((x) => x.seq === v)) {
      this.moves.push({ seq: v, player: ev.player, notation: ev.notation, kind: ev.kind });
      this.moves.sort((a, b) => a.seq - b.seq);
    }
    if (ev.kind === 'undo_accept' && v > this.version) this.refetchMoves();
    if (v <= this.version) { this.onOffer(ev, true); this.renderSoon(); return; } // a catch-up event: for the move list, replay and pending offers
    this.version = v;
    if (ev.kind === 'move') this.moveSound(ev, v);
    if (m.clock) this.setClock(m.clock); // a live event: its clocks are now
    if (this.awaiting && v >= this.awaiting) { this.busy = false; this.awaiting = 0; }
    const wasOver = !!this.view?.outcome;
    const before = this.view?.position;
    if (m.view) this.view = m.view;
    // A correspondence game open in a tab the player is not looking at.
    if (ev.kind === 'move' && !this.seats.includes(ev.player) && this.myTurn() && this.clock?.per_move_ms && document.hidden) {
      import('./corr.js').then((m) => m.notifyMove(gameName(this.cat, this.gameId), ev.notation || '', this.id)).catch(() => {});
    }
    if (this.summary) this.summary.version = v;
    if (this.view?.position !== before || this.view?.outcome?.over) this.prefix = [];
    this.rolled = ev.kind === 'roll';
    this.onOffer(ev);
    if (ev.kind === 'rematch' && ev.rematch_id) {
      this.adoptRematch(ev.rematch_id);
      if (this.el.dialog.open) this.showResult = true; // add the link to the open dialog
    }
    if (ev.result && this.summary) this.summary.result = ev.result;
    if (!wasOver && (this.view?.outcome?.over || ev.kind === 'end')) this.showResult = true;
    if (this.r) {
      if (this.glide.take(ev, v)) return;
      this.render();
      this.firePremove();
    } else this.ready();
  },

  // moveSound sounds a live move: a capture when the move took pieces (its
  // description in the view it was played from says so).
  moveSound(ev, v) {
    const m = this.history.get(v - 1)?.view?.moves?.find((x) => x.notation === ev.notation);
    playSound(m?.captured?.length ? 'capture' : 'move');
  },

  // refetchMoves reloads the move list after an undo took moves back.
  async refetchMoves() {
    try {
      const g = await api(`/api/games/${encodeURIComponent(this.id)}`);
      this.moves = Array.isArray(g.moves) ? g.moves : [];
      this.render();
    } catch { /* the next welcome will bring them */ }
  },

  // onOffer follows the draw offers and undo requests; quiet: a catch-up
  // event, whose answer was given already (no message).
  onOffer(ev, quiet = false) {
    const mineSeat = this.seats.includes(ev.player);
    switch (ev.kind) {
      case 'draw_offer': this.offers.draw = mineSeat ? 'sent' : ev.player; break;
      case 'undo_request': this.offers.undo = mineSeat ? 'sent' : ev.player; break;
      case 'draw_decline': this.offers.draw = null; if (!mineSeat && !quiet) this.toast(t('drawDeclined')); break;
      case 'undo_decline': this.offers.undo = null; if (!mineSeat && !quiet) this.toast(t('undoDeclined')); break;
      case 'draw_accept': case 'undo_accept': this.offers = {}; break;
      case 'move': case 'resign': case 'timeout': this.offers = {}; break;
      default:
    }
  },

  errText(m) {
    const k = `err_${m.code}`;
    const s0 = t(k);
    return s0 === k ? t('error', { m: m.message || m.code }) : s0;
  },

  async send(m) {
    this.choose = null;
    this.prefix = [];
    this.busy = true;
    this.sent = m; // a premove may start from where it lands (premoveClick)
    this.renderStatus(); // no more "Your turn" while the server confirms
    this.decorate(this.lastLocs(this.version));
    try {
      const ack = await this.conn.send({ type: 'move', version: this.version, move: m.notation });
      // Stay busy until the move's own event has arrived.
      if (ack && typeof ack.version === 'number' && ack.version > this.version) {
        this.awaiting = ack.version;
        return;
      }
    } catch (e) {
      this.pre.cancel(); // queued after a move that was not played
      this.onError(e);
    }
    this.busy = false;
    this.render();
    this.firePremove(); // the events came before the ack: the opponent may have answered
  },

  async request(msg) {
    try {
      const ack = await this.conn.send(msg);
      if (msg.type === 'rematch' && ack) this.takeRematch(ack);
    } catch (e) {
      this.toast(this.errText(e));
    }
    this.render();
  },

  // takeRematch follows a rematch named in an ack.
  takeRematch(ack) {
    if (ack.rematch_id) this.adoptRematch(ack.rematch_id);
  },

  // adoptRematch remembers my seat tokens for the rematch: the server keeps
  // the tokens and turns the seats round by one.
  adoptRematch(id) {
    if (this.rematchId === id) return;
    this.rematchId = id;
    const g = mine()[this.id];
    const n = this.view?.players || 2;
    if (g) for (const [seat, tok] of Object.entries(g.tokens)) remember(id, this.gameId, String((+seat - 1 + n) % n), tok);
  },

  // take claims an open seat for this browser and plays it from now on.
  async take(seat, btn) {
    btn.disabled = true;
    try {
      const res = await api(`/api/games/${encodeURIComponent(this.id)}/seats/${seat}/claim`, { method: 'POST' });
      remember(this.id, this.gameId, res.seat, res.token);
      this.conn.relogin(tokensFor(this.id));
    } catch (e) {
      btn.disabled = false;
      this.toast(this.errText(e));
    }
  },
};
