// HTTP and WebSocket access to the server (docs/api.md), and the games this
// browser holds seats in (localStorage, with their secret tokens).

export class APIError extends Error {
  constructor(status, code, message, field, reason, retryAfter) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.field = field; // the request's field at fault, when the server names one
    this.reason = reason; // why, when the server names it (a refused password)
    this.retryAfter = retryAfter; // seconds to wait, when rate limited
  }
}

/** api fetches a JSON endpoint; errors become APIError. */
export async function api(path, opts = {}) {
  /** @type {any} */
  const init = { headers: { Accept: 'application/json' }, ...opts };
  if (opts.body !== undefined && typeof opts.body !== 'string') {
    init.body = JSON.stringify(opts.body);
    init.headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new APIError(res.status, e.code || String(res.status), e.message || text || res.statusText, e.field, e.reason, e.retry_after);
  }
  return data;
}

// The server inlines in each page what the page would fetch first: the
// catalog and, on a game page, the game's summary (see server/assets/assets.go).
const boot = (() => {
  try { return JSON.parse(document.getElementById('boot')?.textContent || 'null') || {}; } catch { return {}; }
})();

/** takeBoot returns, once, the game summary inlined in the page for game id: {game} or {missing: true}, else null. */
export function takeBoot(id) {
  if (boot.game && boot.game.id === id) { const g = boot.game; delete boot.game; return { game: g }; }
  if (boot.missing === id) { delete boot.missing; return { missing: true }; }
  return null;
}

let catalogPromise = Array.isArray(boot.catalog) ? Promise.resolve(boot.catalog) : undefined;
/** catalog returns the games the server knows (cached for the page's life). */
export function catalog() {
  catalogPromise ??= api('/api/catalog').catch((e) => { catalogPromise = undefined; throw e; });
  return catalogPromise;
}

// ---- my games -------------------------------------------------------------

const MINE = 'plateau.mine';

/** mine returns {id: {game, tokens: {seat: token}, time}} for the games this browser holds seats in. */
export function mine() {
  try { return JSON.parse(localStorage.getItem(MINE)) || {}; } catch { return {}; }
}

function saveMine(m) {
  const entries = Object.entries(m).sort((a, b) => (b[1].time || 0) - (a[1].time || 0)).slice(0, 50);
  try { localStorage.setItem(MINE, JSON.stringify(Object.fromEntries(entries))); } catch { /* full or disabled */ }
}

/** remember stores a seat token for a game. */
export function remember(id, game, seat, token) {
  const m = mine();
  const g = m[id] || { game, tokens: {} };
  if (game) g.game = game;
  if (token) g.tokens[seat] = token;
  g.time = Date.now();
  m[id] = g;
  saveMine(m);
}

/** forget drops a game from my games. */
export function forget(id) {
  const m = mine();
  delete m[id];
  saveMine(m);
}

/**
 * forgetAll drops every game this browser holds seats in, with their tokens:
 * on sign-out, so that the next person on a shared browser cannot play them.
 */
export function forgetAll() {
  try { localStorage.removeItem(MINE); } catch { /* storage may be disabled */ }
}

/** SIGNED_OUT closes the sockets of a session that ended (sign-out, here or everywhere). */
export const SIGNED_OUT = 4001;

/** tokensFor lists the seat tokens I hold for a game. */
export function tokensFor(id) {
  const g = mine()[id];
  return g ? Object.values(g.tokens) : [];
}

// ---- WebSocket --------------------------------------------------------------

// Reconnection: never more than one attempt a second; after a connection
// that did not stay up STABLE_MS, each attempt waits twice as long as the
// one before (from 1 s to 30 s) plus up to half as much again at random,
// so that clients dropped together (a server that cannot write, a restart)
// do not come back together. A retry time the server gives is honoured.
const MIN_GAP_MS = 1000;
const MAX_BACKOFF_MS = 30000;
const STABLE_MS = 10000;

/** backoff is the wait before reconnection attempt n (0: the first after a stable connection). */
export function backoff(n, random = Math.random) {
  if (n <= 0) return 0;
  const base = Math.min(MAX_BACKOFF_MS, MIN_GAP_MS * 2 ** (n - 1));
  return base * (1 + random() / 2);
}

/**
 * Conn is one game's WebSocket. It says hello with the last version it has,
 * reconnects by itself with a growing delay (see backoff), and matches
 * replies to requests by id. Handlers: onWelcome(msg), onEvent(msg),
 * onStatus(connected bool), onError(msg).
 */
export class Conn {
  constructor(id, tokens, handlers, from = 0) {
    this.id = id;
    this.tokens = tokens;
    this.h = handlers;
    this.version = from; // the first hello asks for the events after it
    this.pending = new Map();
    this.waiters = []; // sends waiting for the welcome
    this.welcomed = false;
    this.seq = 0;
    this.attempts = 0; // reconnections since the last stable connection
    this.retryAfter = 0; // ms the server asked to wait (storage_unavailable)
    this.opened = 0; // when the last attempt started
    this.closed = false;
    this.open();
  }

  // reopen schedules the next connection attempt.
  reopen() {
    const now = Date.now();
    const wait = Math.max(backoff(this.attempts++), this.retryAfter, this.opened + MIN_GAP_MS - now, 0);
    this.retryAfter = 0;
    this.timer = setTimeout(() => this.open(), wait);
  }

  open() {
    this.opened = Date.now();
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', version: this.version, tokens: this.tokens }));
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.dispatch(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.welcomed = false;
      clearInterval(this.pinger);
      clearTimeout(this.stable);
      for (const [, p] of this.pending) p.reject(Object.assign(new Error('connection lost'), { code: 'disconnected' }));
      this.pending.clear();
      if (this.closed) return;
      if (e.code === SIGNED_OUT) { // the account signed out: the reload forgets its seats (account.js)
        this.closed = true;
        location.reload();
        return;
      }
      if (e.code === 4000) { // the game was unloaded, no player being connected: follow it again on demand (resume)
        this.paused = true;
        this.h.onPaused?.();
        return;
      }
      this.h.onStatus?.(false);
      this.reopen();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  // resume reconnects a connection the server paused (close code 4000).
  resume() {
    if (!this.paused || this.closed) return;
    this.paused = false;
    this.attempts = 0;
    this.reopen();
  }

  dispatch(msg) {
    switch (msg.type) {
      case 'welcome':
        this.welcomed = true;
        for (const fn of this.waiters.splice(0)) fn();
        clearTimeout(this.stable);
        this.stable = setTimeout(() => { this.attempts = 0; }, STABLE_MS);
        this.h.onStatus?.(true);
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.raw({ type: 'ping' }), 25000);
        if (typeof msg.version === 'number') this.version = Math.max(this.version, msg.version);
        this.h.onWelcome?.(msg);
        break;
      case 'event':
        if (typeof msg.version === 'number') this.version = Math.max(this.version, msg.version);
        this.h.onEvent?.(msg);
        break;
      case 'seats':
        this.h.onSeats?.(msg);
        break;
      case 'ack':
      case 'error': {
        if (msg.code === 'storage_unavailable' && msg.retry_after > 0) this.retryAfter = msg.retry_after * 1000;
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          if (msg.type === 'ack') p.resolve(msg);
          else p.reject(Object.assign(new Error(msg.message || msg.code), { code: msg.code }));
        } else if (msg.type === 'error') {
          this.h.onError?.(msg);
        }
        if (msg.type === 'error' && msg.code === 'stale_version') this.reconnect();
        break;
      }
      default:
    }
  }

  raw(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  /** send sends a request and resolves with its ack (rejects with its error); before the welcome it waits up to 5 s for it. */
  send(msg) {
    if (!this.welcomed && !this.closed) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiters = this.waiters.filter((f) => f !== go);
          reject(Object.assign(new Error('not connected'), { code: 'disconnected' }));
        }, 5000);
        const go = () => { clearTimeout(timer); this.send(msg).then(resolve, reject); };
        this.waiters.push(go);
      });
    }
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(Object.assign(new Error('not connected'), { code: 'disconnected' }));
        return;
      }
      const id = `c${++this.seq}`;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /** reconnect drops the socket; the reconnect logic says hello with the version held. */
  reconnect() {
    this.ws?.close();
  }

  /** relogin says hello again at once with other tokens (a seat just taken), without the reconnect banner. */
  relogin(tokens) {
    this.tokens = tokens;
    const old = this.ws;
    this.ws = null; // its onclose is ignored
    old?.close();
    clearInterval(this.pinger);
    this.welcomed = false;
    this.open();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.stable);
    clearInterval(this.pinger);
    this.ws?.close();
  }
}
