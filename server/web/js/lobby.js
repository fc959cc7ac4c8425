// The lobby: create a game, copy invite links, join or watch games, resume
// my recent games.
import { t, lang, gameName } from './i18n.js';
import { h, mount, go } from './dom.js';
import { api, catalog, mine, remember, forget } from './api.js';

const LEVELS = ['random', 'greedy', 'easy', 'medium', 'hard', 'max'];

export class Lobby {
  constructor(root) {
    this.root = root;
    this.form = { game: '', variant: {}, seats: ['me', 'friend'], casual: true, minutes: 0, increment: 0 };
    this.lists = { open: null, live: null };
    this.created = null;
    this.load();
  }

  async load() {
    try {
      this.cat = await catalog();
    } catch (e) {
      mount(this.root, h('p', { class: 'error' }, t('error', { m: e.message })));
      return;
    }
    if (!this.form.game && this.cat.length) this.selectGame(this.cat[0].id);
    this.redraw();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  destroy() { clearInterval(this.timer); }

  async refresh() {
    for (const status of ['open', 'live']) {
      try {
        const r = await api(`/api/games?status=${status}&limit=20`);
        this.lists[status] = Array.isArray(r) ? r : (r && (r.games || r.items)) || [];
      } catch { this.lists[status] = this.lists[status] || []; }
    }
    this.drawLists();
  }

  spec() { return this.cat.find((g) => g.id === this.form.game); }

  selectGame(id) {
    this.form.game = id;
    this.form.variant = {};
    const g = this.spec();
    for (const v of g?.variants || []) this.form.variant[v.key] = v.default;
    this.fitSeats();
  }

  seatCount() {
    const g = this.spec();
    if (!g) return 2;
    const p = this.form.variant.players;
    if (p !== undefined && p !== '' && !Number.isNaN(+p)) return +p;
    return (g.players && g.players[0]) || 2;
  }

  fitSeats() {
    const n = this.seatCount();
    const s = this.form.seats.slice(0, n);
    while (s.length < n) s.push(s.length === 0 ? 'me' : 'friend');
    this.form.seats = s;
  }

  redraw() {
    if (!this.cat) return;
    this.formEl = h('section', { class: 'card create' });
    this.listEl = h('div', { class: 'lists' });
    mount(this.root, h('div', { class: 'lobby' }, this.formEl, this.listEl));
    this.drawForm();
    this.drawLists();
  }

  drawForm() {
    const f = this.form;
    const g = this.spec();
    const gameSel = h('select', { id: 'new-game', name: 'game', onchange: (e) => { this.selectGame(e.target.value); this.drawForm(); } },
      this.cat.map((c) => h('option', { value: c.id, selected: c.id === f.game }, gameName(this.cat, c.id))));
    const variants = (g?.variants || []).map((v) => {
      const id = `var-${v.key}`;
      let input;
      const onchange = (e) => {
        f.variant[v.key] = e.target.value;
        if (v.key === 'players') { this.fitSeats(); this.drawForm(); }
      };
      if (v.values && v.values.length) {
        input = h('select', { id, name: v.key, onchange }, v.values.map((x) => h('option', { value: x, selected: x === f.variant[v.key] }, x)));
      } else {
        input = h('input', { id, name: v.key, type: 'number', min: v.min, max: v.max, value: f.variant[v.key], onchange });
      }
      return h('label', { class: 'field', title: v.help || '' }, h('span', {}, v.key), input, v.help ? h('small', {}, v.help) : null);
    });
    const seatOpts = ['me', 'friend', 'open', ...LEVELS.map((l) => `ai:${l}`)];
    const seats = f.seats.map((kind, i) => h('label', { class: 'field' }, h('span', {}, t('seat', { n: i + 1 })),
      h('select', { id: `seat-${i}`, 'data-seat': i, onchange: (e) => { f.seats[i] = e.target.value; } },
        seatOpts.map((o) => h('option', { value: o, selected: o === kind },
          o.startsWith('ai:') ? t('ai', { level: t(o.slice(3)) }) : t(o === 'open' ? 'open_seat' : o))))));
    const btn = h('button', { type: 'submit', id: 'create', class: 'primary' }, t('create'));
    const form = h('form', {
      onsubmit: (e) => { e.preventDefault(); this.create(btn); },
    },
    h('h2', {}, t('newGame')),
    h('label', { class: 'field' }, h('span', {}, t('game')), gameSel),
    variants.length ? h('fieldset', {}, h('legend', {}, t('variant')), variants) : null,
    h('fieldset', {}, h('legend', {}, t('seats')), seats),
    h('fieldset', { class: 'clockset' }, h('legend', {}, t('clock')),
      h('label', { class: 'field' }, h('span', {}, t('clockMinutes')),
        h('input', { id: 'clock-minutes', type: 'number', min: 0, max: 1440, step: 'any', value: f.minutes, onchange: (e) => { f.minutes = +e.target.value || 0; } })),
      h('label', { class: 'field' }, h('span', {}, t('clockIncrement')),
        h('input', { id: 'clock-increment', type: 'number', min: 0, max: 600, step: 'any', value: f.increment, onchange: (e) => { f.increment = +e.target.value || 0; } }))),
    h('label', { class: 'check' }, h('input', { type: 'checkbox', id: 'casual', checked: f.casual, onchange: (e) => { f.casual = e.target.checked; } }), t('casual')),
    btn,
    this.created ? this.createdPanel() : null);
    mount(this.formEl, form);
  }

  createdPanel() {
    const c = this.created;
    const links = c.seats.filter((s) => s.kind === 'human' && !c.mine.includes(s.seat) && s.invite).map((s) => {
      const url = new URL(s.invite, location.origin).href;
      const input = h('input', { readonly: true, value: url, class: 'invite', 'data-seat': s.seat, onfocus: (e) => e.target.select() });
      const copy = h('button', {
        type: 'button',
        onclick: async (e) => {
          try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.('copy'); }
          e.target.textContent = t('copied');
        },
      }, t('copy'));
      return h('div', { class: 'field' }, h('span', {}, t('invite', { n: s.seat + 1 })), h('div', { class: 'row' }, input, copy));
    });
    const open = c.seats.filter((s) => s.kind === 'open').map((s) => h('p', { class: 'muted open-note' }, t('openNote', { n: s.seat + 1 })));
    return h('div', { class: 'created', role: 'status' }, links, open,
      h('a', { href: `/g/${c.id}`, 'data-nav': true, class: 'button primary', id: 'open-created' }, t('open')));
  }

  async create(btn) {
    const f = this.form;
    btn.disabled = true;
    btn.textContent = t('creating');
    const seats = f.seats.map((k) => (k.startsWith('ai:') ? { kind: 'ai', level: k.slice(3) } : { kind: k === 'open' ? 'open' : 'human' }));
    try {
      const body = { game: f.game, variant: f.variant, seats, casual: f.casual };
      if (f.minutes > 0) body.clock = { minutes: f.minutes, increment: f.increment };
      const res = await api('/api/games', { method: 'POST', body });
      const mineSeats = [];
      for (const s of res.seats || []) {
        if (s.kind === 'human' && f.seats[s.seat] === 'me' && s.token) {
          remember(res.id, f.game, s.seat, s.token);
          mineSeats.push(s.seat);
        }
      }
      if (!mineSeats.length) remember(res.id, f.game, null, null);
      this.created = { id: res.id, seats: res.seats || [], mine: mineSeats };
      if (!f.seats.includes('friend')) { go(`/g/${res.id}`); return; }
    } catch (e) {
      this.created = null;
      alert(t('error', { m: e.message }));
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

  drawLists() {
    if (!this.listEl) return;
    const my = mine();
    const row = (g) => {
      const holds = my[g.id] && Object.keys(my[g.id].tokens || {}).length;
      const seats = (g.seats || []).map((s) => (s.kind === 'ai' ? `${t('aiShort')} ${t(s.level || 'easy')}` : s.joined ? '●' : '○')).join(' ');
      const joins = holds ? [] : (g.seats || []).filter((s) => s.open).map((s) => h('button', {
        type: 'button', class: 'primary join', 'data-join': g.id, 'data-seat': s.seat, onclick: (e) => this.join(g, s.seat, e.target),
      }, t('join', { n: s.seat + 1 })));
      return h('li', {}, h('a', { href: `/g/${g.id}`, 'data-nav': true, 'data-game': g.id },
        h('strong', {}, gameName(this.cat, g.game)), ' ', h('span', { class: 'muted' }, seats), ' ',
        g.clock ? [h('span', { class: 'tc', title: t('clock') }, `⏱ ${g.clock.initial_ms / 60000}+${g.clock.increment_ms / 1000}`), ' '] : null,
        h('span', { class: `badge ${g.status}` }, t(`status_${g.status}`)), ' ',
        h('span', { class: 'action' }, holds ? t('resume') : t('watch'))), joins.length ? [' ', joins] : null);
    };
    const list = (title, items, id) => h('section', { class: 'card', id },
      h('h2', {}, title),
      id === 'open-games' && this.joinError ? h('p', { class: 'error', id: 'join-error', role: 'alert' }, this.joinError) : null,
      items === null ? h('p', { class: 'muted' }, '…') : items.length ? h('ul', { class: 'games' }, items.map(row)) : h('p', { class: 'muted' }, t('none')));
    const recent = Object.entries(my).slice(0, 15).map(([id, g]) => h('li', {},
      h('a', { href: `/g/${id}`, 'data-nav': true }, h('strong', {}, gameName(this.cat, g.game)), ' ',
        h('span', { class: 'muted' }, new Date(g.time || 0).toLocaleString(lang)), ' ', h('span', { class: 'action' }, t('resume'))),
      ' ', h('button', { type: 'button', class: 'link', onclick: () => { forget(id); this.drawLists(); } }, t('forget'))));
    mount(this.listEl,
      h('section', { class: 'card', id: 'my-games' }, h('h2', {}, t('myGames')), recent.length ? h('ul', { class: 'games' }, recent) : h('p', { class: 'muted' }, t('none'))),
      list(t('openGames'), this.lists.open, 'open-games'),
      list(t('liveGames'), this.lists.live, 'live-games'));
  }
}
