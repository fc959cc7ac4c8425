// "Your move": the lobby's block of the correspondence games awaiting the
// signed-in player's move (GET /api/account/your-move, docs/api.md,
// Correspondence), read every 30 s while the lobby is open and whenever the
// tab is shown again, and a browser
// notification (Notification API) when a game newly awaits the move, once
// the player has allowed it with the block's button (asked once, on that
// click).
import { addStrings, t, gameName } from './i18n.js';
import { h, mount } from './dom.js';
import { api } from './api.js';
import { me } from './account.js';
import { leftText, tcText, notifyMove } from './corr.js';

addStrings({
  en: {
    yourMove: 'Your move', awaits0: 'No correspondence game awaits your move.', awaits1: '1 game awaits your move',
    awaitsN: '{n} games await your move', vsNames: 'vs {p}', notifyMe: 'Notify me when it is my move',
    notifyOn: 'Notifications on', notifyOff: 'Notifications blocked by the browser',
  },
  fr: {
    yourMove: 'À vous de jouer', awaits0: 'Aucune partie par correspondance n’attend votre coup.', awaits1: '1 partie attend votre coup',
    awaitsN: '{n} parties attendent votre coup', vsNames: 'contre {p}', notifyMe: 'Me prévenir quand c’est à moi',
    notifyOn: 'Notifications activées', notifyOff: 'Notifications bloquées par le navigateur',
  },
});

/** EVERY is how often the list is read, in ms. */
export const EVERY = 30000;
const ASKED = 'plateau.notify-asked';

/** YourMove is the lobby's "your move" block; hidden for a guest. */
export class YourMove {
  constructor(cat) {
    this.cat = cat;
    this.el = h('section', { class: 'card', id: 'your-move', hidden: true });
    /** @type {{count: number, games: any[]}|null} */
    this.list = null;
    /** @type {Set<string>|null} the games listed at the last reading */
    this.seen = null;
    this.at = 0;
    this.start();
  }

  async start() {
    const a = await me();
    if (!a || this.closed) return;
    this.el.hidden = false;
    await this.poll();
    if (this.closed) return;
    this.timer = setInterval(() => this.poll(), EVERY);
    this.onShown = () => { if (!document.hidden) this.poll(); };
    document.addEventListener('visibilitychange', this.onShown);
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    if (this.onShown) document.removeEventListener('visibilitychange', this.onShown);
  }

  async poll() {
    let l;
    try { l = await api('/api/account/your-move'); } catch { return; }
    if (!l || !Array.isArray(l.games) || this.closed) return;
    if (this.seen) for (const g of l.games) if (!this.seen.has(g.id)) this.notify(g);
    this.seen = new Set(l.games.map((g) => g.id));
    this.list = l;
    this.at = performance.now();
    this.draw();
  }

  // line is a game's text: its name, opponents, time control and time left.
  line(g) {
    const parts = [gameName(this.cat, g.game)];
    if (g.opponents?.length) parts.push(t('vsNames', { p: g.opponents.join(', ') }));
    parts.push(tcText({ initial_ms: 0, increment_ms: 0, per_move_ms: g.per_move_ms }));
    if (g.left_ms !== undefined) parts.push(leftText(g.left_ms - (performance.now() - this.at)));
    return parts.join(' · ');
  }

  notify(g) { notifyMove(gameName(this.cat, g.game), this.line(g), g.id); }

  async ask() {
    try { localStorage.setItem(ASKED, '1'); } catch { /* storage may be disabled */ }
    try { await Notification.requestPermission(); } catch { /* an old browser's callback form: ignored */ }
    this.draw();
  }

  // notifyControl is the button that asks the permission, once; then what
  // the browser answered.
  notifyControl() {
    if (typeof Notification === 'undefined') return null;
    if (Notification.permission === 'granted') return h('p', { class: 'muted', id: 'notify-state' }, t('notifyOn'));
    if (Notification.permission === 'denied') return h('p', { class: 'muted', id: 'notify-state' }, t('notifyOff'));
    let asked = false;
    try { asked = !!localStorage.getItem(ASKED); } catch { /* storage may be disabled */ }
    return asked ? null : h('button', { type: 'button', id: 'notify-me', onclick: () => this.ask() }, t('notifyMe'));
  }

  draw() {
    if (this.el.hidden || !this.list) return;
    const n = this.list.count;
    mount(this.el,
      h('h2', {}, t('yourMove')),
      h('p', { id: 'awaiting-count', 'data-count': n }, n === 0 ? t('awaits0') : n === 1 ? t('awaits1') : t('awaitsN', { n })),
      n ? h('ul', { class: 'games', id: 'awaiting' }, this.list.games.map((g) => h('li', { 'data-awaiting': g.id },
        h('a', { href: g.url, 'data-nav': true }, this.line(g))))) : null,
      this.notifyControl());
  }
}
