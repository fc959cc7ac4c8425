// The lobby: a card per game (its start position drawn by its renderer, what
// it is, and one-click ways to play: against the computer, with a friend by
// invite link, or a guided first game), the full form behind "More options",
// my recent games, and the open, live and inactive games.
import { t, lang, gameName } from './i18n.js';
import { h, icon, mount, go } from './dom.js';
import { api, catalog, mine, remember, forget } from './api.js';
import { CARD_ORDER, variantName, variantHelp, valueName, playersText, ladderFor, levelText, levelNote } from './lobby-text.js';
import { Seeks } from './seeks.js';
import { puzzleLine } from './puzzle-link.js';
import { YourMove } from './yourmove.js';
import { DAYS, daysText, tcText } from './corr.js';
import { Tournaments } from './tournaments.js';
import { levelRow } from './level-cards.js';
import { QUICK_LEVEL, defaultPlayers, quickLevel, playLevel, learn, friendGame } from './card-play.js';

const LEVELS = ['random', 'greedy', 'easy', 'medium', 'hard', 'max'];

// The start positions (GET /api/starts), inlined in the lobby page.
let startsPromise = (() => {
  try {
    const b = JSON.parse(document.getElementById('boot')?.textContent || 'null');
    return b && b.starts ? Promise.resolve(b.starts) : undefined;
  } catch { return undefined; }
})();
function starts() {
  startsPromise ??= api('/api/starts').catch(() => { startsPromise = undefined; return {}; });
  return startsPromise;
}

/** ago says how long ago, from a number of seconds. */
function ago(sec) {
  const f = new Intl.RelativeTimeFormat(lang, { numeric: 'always', style: 'short' });
  if (sec < 60) return f.format(-Math.max(1, Math.round(sec)), 'second');
  if (sec < 3600) return f.format(-Math.round(sec / 60), 'minute');
  if (sec < 86400 * 2) return f.format(-Math.round(sec / 3600), 'hour');
  return f.format(-Math.round(sec / 86400), 'day');
}

export class Lobby {
  constructor(root) {
    this.root = root;
    this.form = { game: '', variant: {}, seats: ['me', 'friend'], casual: true, minutes: 0, increment: 0, days: 0 };
    this.lists = { open: null, live: null, inactive: null };
    this.created = null;
    this.friend = {}; // game id -> created game with an invite link
    this.renderers = {};
    /** @type {import('./seeks.js').Seeks|null} */
    this.seeks = null;
    /** @type {import('./yourmove.js').YourMove|null} */
    this.yourMove = null;
    /** @type {import('./tournaments.js').Tournaments|null} */
    this.tourneys = null;
    this.load();
  }

  async load() {
    try {
      this.cat = await catalog();
    } catch (e) {
      mount(this.root, h('p', { class: 'error' }, t('error', { m: e.message })));
      return;
    }
    this.order = [...this.cat].sort((a, b) => rank(a.id) - rank(b.id));
    if (!this.form.game && this.order.length) this.selectGame(this.order[0].id);
    this.redraw();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
    this.drawThumbs();
  }

  destroy() { clearInterval(this.timer); this.gone = true; this.seeks?.close(); this.yourMove?.close(); this.tourneys?.close(); }

  async refresh() {
    await Promise.all(['open', 'live', 'inactive'].map(async (status) => {
      try {
        const r = await api(`/api/games?status=${status}&limit=20`);
        this.lists[status] = Array.isArray(r) ? r : [];
      } catch { this.lists[status] = this.lists[status] || []; }
    }));
    this.drawLists();
  }

  spec(id = this.form.game) { return this.cat.find((g) => g.id === id); }

  selectGame(id) {
    this.form.game = id;
    this.form.variant = {};
    const g = this.spec();
    for (const v of g?.variants || []) this.form.variant[v.key] = v.default;
    this.fitSeats();
  }

  seatCount() {
    const p = this.form.variant.players;
    if (p !== undefined && p !== '' && !Number.isNaN(+p)) return +p;
    return defaultPlayers(this.spec());
  }

  fitSeats() {
    const n = this.seatCount();
    const s0 = this.form.seats.slice(0, n);
    while (s0.length < n) s0.push(s0.length === 0 ? 'me' : 'friend');
    this.form.seats = s0;
  }

  redraw() {
    if (!this.cat) return;
    this.cardsEl = h('div', { class: 'gamecards', id: 'game-cards' }, this.order.map((g) => this.card(g)));
    this.formEl = h('div', { class: 'create' });
    this.listEl = h('div', { class: 'lists' });
    // The form stays open across a redraw (a change of language): read
    // from the element itself, since its toggle event comes in a later
    // task, which a click on the language may overtake.
    const open = this.more?.open;
    this.more = h('details', { class: 'card more', id: 'more-options', open: open || null },
      h('summary', {}, t('moreOptions')), this.formEl);
    this.seeks ??= new Seeks(this.order);
    this.yourMove ??= new YourMove(this.order);
    this.tourneys ??= new Tournaments(this.order);
    mount(this.root, h('div', { class: 'lobby' },
      h('p', { class: 'intro' }, t('lobbyIntro')),
      puzzleLine(this.cat),
      this.yourMove.el,
      this.cardsEl,
      h('div', { class: 'lobby-lower' }, h('div', {}, this.seeks.el, this.tourneys.el, this.more), h('div', {}, this.listEl, this.seeks.boardEl))));
    this.tourneys.draw();
    this.seeks.draw();
    this.yourMove.draw();
    this.drawForm();
    this.drawLists();
    this.drawThumbs();
  }

  // ---- game cards ------------------------------------------------------------

  card(g) {
    const id = g.id;
    const name = gameName(this.cat, id);
    const thumb = h('div', { class: 'thumb', 'data-thumb': id, role: 'img', 'aria-label': t('startPosition', { g: name }) });
    const f = this.friend[id];
    return h('article', { class: 'card gamecard', 'data-game': id },
      h('div', { class: 'gc-head' },
        h('h2', {}, name),
        h('p', { class: 'meta muted' }, `${playersText(g.players)} · ${t(`length_${id}`)}`)),
      h('div', { class: 'gc-body' }, thumb, h('p', { class: 'desc' }, t(`desc_${id}`))),
      h('div', { class: 'gc-actions' },
        h('button', { type: 'button', class: 'primary', 'data-quick': id, onclick: (e) => quickLevel(g, QUICK_LEVEL, e.currentTarget, this.fail(id)) }, t('playAI')),
        h('button', { type: 'button', 'data-friend': id, onclick: (e) => this.playFriend(id, e.currentTarget) }, t('playFriend'))),
      h('p', { class: 'muted gc-level', 'data-level': id }, t('ai', { level: levelText(g, defaultPlayers(g), {}, QUICK_LEVEL) })),
      levelRow(id, (level, rated, btn) => playLevel(g, level, rated, btn, this.fail(id))),
      h('div', { class: 'gc-links' },
        h('button', { type: 'button', class: 'link', 'data-learn': id, onclick: (e) => learn(g, e.currentTarget, this.fail(id)) }, t('learn')),
        h('a', { href: `/rules/${id}?lang=${lang}`, 'data-rules': id }, t('rules')),
        h('a', { href: `/analysis/${id}`, 'data-analysis': id }, t('analysisBoard')),
        h('a', { href: `/puzzles/${id}`, 'data-puzzles': id }, t('puzzles'))),
      f ? this.friendPanel(id, f) : null);
  }

  // drawThumbs draws each game's start position with its own renderer.
  async drawThumbs() {
    if (!this.cardsEl) return;
    const views = await starts();
    for (const el of this.cardsEl.querySelectorAll('[data-thumb]')) {
      const id = el.dataset.thumb;
      const v = views[id];
      if (!v) continue;
      try {
        this.renderers[id] ??= await import(`./games/${id}.js`);
        const r = this.renderers[id];
        const ctx = { replay: true, seat: 0, players: v.players, toMove: v.toMove, rolled: false, lang, t, last: [], view: v, mine: [], thumb: true };
        const pic = r.draw(v.board, ctx);
        pic.setAttribute('aria-hidden', 'true');
        pic.removeAttribute('role');
        mount(el, pic);
      } catch { /* a card without its picture still plays */ }
    }
  }

  /** fail shows an error on game id's card. */
  fail(id) {
    return (m) => {
      const card = this.cardsEl.querySelector(`[data-game="${id}"]`);
      card.querySelector('.gc-error')?.remove();
      card.append(h('p', { class: 'error gc-error', role: 'alert' }, t('error', { m })));
    };
  }

  /** playFriend creates a game whose other seats are invite links, and shows them. */
  async playFriend(id, btn) {
    const res = await friendGame(this.spec(id), btn, this.fail(id));
    if (!res) return;
    this.friend[id] = res;
    const card = this.cardsEl.querySelector(`[data-game="${id}"]`);
    card.querySelector('.friend')?.remove();
    card.append(this.friendPanel(id, res));
    btn.disabled = false;
    card.querySelector('.friend input')?.focus();
  }

  friendPanel(id, res) {
    return h('div', { class: 'friend', role: 'status', 'data-created': res.id },
      h('p', {}, t('friendLink')),
      this.inviteRows(res, [0]),
      h('a', { href: `/g/${res.id}`, 'data-nav': true, class: 'button primary', 'data-open': res.id }, t('open')));
  }

  // inviteRows are the invite links, with a copy button, of the human
  // seats of a created game except mine.
  inviteRows(res, mineSeats) {
    return (res.seats || []).filter((x) => x.kind === 'human' && !mineSeats.includes(x.seat) && x.invite).map((x) => {
      const url = new URL(x.invite, location.origin).href;
      const input = h('input', { readonly: true, value: url, class: 'invite', 'data-seat': x.seat, 'aria-label': t('invite', { n: x.seat + 1 }), onfocus: (e) => e.target.select() });
      const copy = h('button', {
        type: 'button',
        onclick: async (e) => {
          const b = e.currentTarget;
          try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.('copy'); }
          b.textContent = t('copied');
        },
      }, t('copy'));
      return h('div', { class: 'field' }, (res.seats || []).length > 2 ? h('span', {}, t('invite', { n: x.seat + 1 })) : null, h('div', { class: 'row' }, input, copy));
    });
  }

  // ---- the full form -----------------------------------------------------------

  drawForm() {
    const f = this.form;
    const g = this.spec();
    const gameSel = h('select', { id: 'new-game', name: 'game', onchange: (e) => { this.selectGame(e.target.value); this.drawForm(); } },
      this.order.map((c) => h('option', { value: c.id, selected: c.id === f.game }, gameName(this.cat, c.id))));
    const variants = (g?.variants || []).map((v) => {
      const id = `var-${v.key}`;
      let input;
      const onchange = (e) => {
        f.variant[v.key] = e.target.value;
        if (v.key === 'players') this.fitSeats();
        // Any option may change which ladder the levels' Elo comes from.
        this.drawForm();
      };
      if (v.values && v.values.length) {
        input = h('select', { id, name: v.key, onchange }, v.values.map((x) => h('option', { value: x, selected: x === f.variant[v.key] }, valueName(g.id, v.key, x))));
      } else {
        input = h('input', { id, name: v.key, type: 'number', min: v.min, max: v.max, value: f.variant[v.key], onchange });
      }
      const help = variantHelp(g.id, v.key);
      const helpEl = help ? h('small', { class: 'vhelp', id: `help-${v.key}`, hidden: true }, help) : null;
      const toggle = help ? h('button', {
        type: 'button', class: 'info', 'data-help': v.key, 'aria-expanded': 'false', 'aria-controls': `help-${v.key}`, title: t('variantHelp'), 'aria-label': `${t('variantHelp')} ${variantName(g.id, v.key)}`,
        onclick: (e) => {
          const b = e.currentTarget;
          helpEl.hidden = !helpEl.hidden;
          b.setAttribute('aria-expanded', String(!helpEl.hidden));
        },
      }, icon('info')) : null;
      return h('div', { class: 'field' },
        h('div', { class: 'vlabel' }, h('label', { for: id }, variantName(g.id, v.key)), toggle),
        input, helpEl);
    });
    const seatOpts = ['me', 'friend', 'open', ...LEVELS.map((l) => `ai:${l}`)];
    // A level no stronger than the one below it, as measured, says so
    // under its seat: the select's text may be cut short in a narrow form.
    const seatNote = (kind) => (kind.startsWith('ai:') ? levelNote(g, this.seatCount(), f.variant, kind.slice(3)) : undefined);
    const seats = f.seats.map((kind, i) => {
      const text = seatNote(kind);
      const note = h('small', { id: `seat-note-${i}`, class: 'seat-note', hidden: !text }, text || '');
      return h('label', { class: 'field' }, h('span', {}, t('seat', { n: i + 1 })),
        h('select', {
          id: `seat-${i}`, 'data-seat': i, 'aria-describedby': `seat-note-${i}`,
          onchange: (e) => {
            f.seats[i] = e.target.value;
            note.textContent = seatNote(f.seats[i]) || '';
            note.hidden = !note.textContent;
          },
        },
        seatOpts.map((o) => h('option', { value: o, selected: o === kind, title: seatNote(o) },
          o.startsWith('ai:') ? t('ai', { level: levelText(g, this.seatCount(), f.variant, o.slice(3)) }) : t(o === 'open' ? 'open_seat' : o)))),
        note);
    });
    const btn = h('button', { type: 'submit', id: 'create', class: 'primary' }, t('create'));
    const form = h('form', {
      onsubmit: (e) => { e.preventDefault(); this.create(btn); },
    },
    h('label', { class: 'field' }, h('span', {}, t('game')), gameSel),
    variants.length ? h('fieldset', {}, h('legend', {}, t('variant')), variants) : null,
    h('fieldset', {}, h('legend', {}, t('seats')), seats,
      // The levels' figures are on a scale of their own, which a player
      // rated 1500 would otherwise read as their own.
      ladderFor(g, this.seatCount(), f.variant) ? h('small', { class: 'muted elo-scale', id: 'elo-scale' }, t('eloScale')) : null),
    h('fieldset', { class: 'clockset' }, h('legend', {}, t('clock')),
      h('label', { class: 'field' }, h('span', {}, t('clockMinutes')),
        h('input', { id: 'clock-minutes', type: 'number', min: 0, max: 1440, step: 'any', value: f.minutes, onchange: (e) => { f.minutes = +e.target.value || 0; } })),
      h('label', { class: 'field' }, h('span', {}, t('clockIncrement')),
        h('input', { id: 'clock-increment', type: 'number', min: 0, max: 600, step: 'any', value: f.increment, onchange: (e) => { f.increment = +e.target.value || 0; } })),
      h('label', { class: 'field' }, h('span', {}, t('corrClock')),
        h('select', { id: 'clock-days', onchange: (e) => { f.days = +e.target.value || 0; } },
          [0, ...DAYS].map((d) => h('option', { value: d, selected: d === f.days || null }, d ? daysText(d) : t('corrNone')))))),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', id: 'casual', checked: f.casual, onchange: (e) => { f.casual = e.target.checked; } }), t('casual')),
    btn,
    this.createError ? h('p', { class: 'error', id: 'create-error', role: 'alert' }, this.createError) : null,
    this.created ? this.createdPanel() : null);
    mount(this.formEl, form);
  }

  createdPanel() {
    const c = this.created;
    const open = c.seats.filter((x) => x.kind === 'open').map((x) => h('p', { class: 'muted open-note' }, t('openNote', { n: x.seat + 1 })));
    return h('div', { class: 'created', role: 'status' }, this.inviteRows(c, c.mine), open,
      h('a', { href: `/g/${c.id}`, 'data-nav': true, class: 'button primary', id: 'open-created' }, t('open')));
  }

  async create(btn) {
    const f = this.form;
    this.createError = '';
    btn.disabled = true;
    btn.textContent = t('creating');
    const seats = f.seats.map((k) => (k.startsWith('ai:') ? { kind: 'ai', level: k.slice(3) } : { kind: k === 'open' ? 'open' : 'human' }));
    try {
      const body = { game: f.game, variant: f.variant, seats, casual: f.casual };
      if (f.days > 0) body.clock = { days: f.days };
      else if (f.minutes > 0) body.clock = { minutes: f.minutes, increment: f.increment };
      const res = await api('/api/games', { method: 'POST', body });
      const mineSeats = [];
      for (const x of res.seats || []) {
        if (x.kind === 'human' && f.seats[x.seat] === 'me' && x.token) {
          remember(res.id, f.game, x.seat, x.token);
          mineSeats.push(x.seat);
        }
      }
      if (!mineSeats.length) remember(res.id, f.game, null, null);
      this.created = { id: res.id, seats: res.seats || [], mine: mineSeats };
      if (!f.seats.includes('friend')) { go(`/g/${res.id}`); return; }
    } catch (e) {
      this.created = null;
      this.createError = t('error', { m: e.message });
    }
    this.drawForm();
  }

  // join claims an open seat of a game and opens the game.
  async join(g, seat, btn) {
    btn.disabled = true;
    try {
      const res = await api(`/api/games/${encodeURIComponent(g.id)}/seats/${seat}/claim`, { method: 'POST' });
      remember(g.id, g.game, res.seat, res.token);
      go(`/g/${g.id}`);
    } catch (e) {
      const k = `err_${e.code}`;
      this.joinError = t(k) === k ? t('error', { m: e.message }) : t(k);
      this.refresh();
    }
  }

  // ---- lists -------------------------------------------------------------------

  drawLists() {
    if (!this.listEl || this.gone) return;
    const my = mine();
    const row = (g) => {
      const holds = my[g.id] && Object.keys(my[g.id].tokens || {}).length;
      const seats = (g.seats || []).map((x) => (x.kind === 'ai' ? `${t('aiShort')} ${t(x.level || 'easy')}` : x.joined ? '●' : '○')).join(' ');
      const joins = holds ? [] : (g.seats || []).filter((x) => x.open).map((x) => h('button', {
        type: 'button', class: 'primary join', 'data-join': g.id, 'data-seat': x.seat, onclick: (e) => this.join(g, x.seat, e.currentTarget),
      }, t('join', { n: x.seat + 1 })));
      const n = g.move_count || 0;
      return h('li', { 'data-listed': g.id }, h('a', { href: `/g/${g.id}`, 'data-nav': true, 'data-game': g.id },
        h('strong', {}, gameName(this.cat, g.game)), ' ', h('span', { class: 'muted' }, seats), ' ',
        g.rated ? [h('span', { class: 'rated-tag', 'data-rated': true }, t('rated')), ' '] : null,
        g.clock ? [h('span', { class: 'tc', title: t('clock') }, tcText(g.clock)), ' '] : null,
        h('span', { class: 'age muted', 'data-age': g.age_s }, ago(g.age_s || 0)), ' · ',
        h('span', { class: 'count muted', 'data-moves': n }, t(n === 1 ? 'moveCount1' : 'moveCountN', { n })), ' ',
        h('span', { class: 'action' }, holds ? t('resume') : t('watch'))), joins.length ? [' ', joins] : null);
    };
    const items = (list) => (list === null ? h('p', { class: 'muted' }, '…') : list.length ? h('ul', { class: 'games' }, list.map(row)) : h('p', { class: 'muted' }, t('none')));
    const list = (title, key, id) => h('section', { class: 'card', id },
      h('h2', {}, title),
      id === 'open-games' && this.joinError ? h('p', { class: 'error', id: 'join-error', role: 'alert' }, this.joinError) : null,
      items(this.lists[key]));
    const recent = Object.entries(my).slice(0, 15).map(([id, g]) => h('li', {},
      h('a', { href: `/g/${id}`, 'data-nav': true }, h('strong', {}, gameName(this.cat, g.game)), ' ',
        h('span', { class: 'muted' }, new Date(g.time || 0).toLocaleString(lang)), ' ', h('span', { class: 'action' }, t('resume'))),
      ' ', h('button', { type: 'button', class: 'link', onclick: () => { forget(id); this.drawLists(); } }, t('forget'))));
    const inactive = this.lists.inactive;
    const openInactive = this.listEl.querySelector('#inactive-games')?.open;
    mount(this.listEl,
      list(t('openGames'), 'open', 'open-games'),
      recent.length ? h('section', { class: 'card', id: 'my-games' }, h('h2', {}, t('myGames')), h('ul', { class: 'games' }, recent)) : null,
      list(t('liveGames'), 'live', 'live-games'),
      h('details', { class: 'card', id: 'inactive-games', open: openInactive || null },
        h('summary', {}, `${t('inactiveGames')}${inactive && inactive.length ? ` (${inactive.length})` : ''}`), items(inactive)));
  }
}

// rank is a game's place among the cards (unknown games last).
function rank(id) {
  const i = CARD_ORDER.indexOf(id);
  return i < 0 ? CARD_ORDER.length : i;
}
