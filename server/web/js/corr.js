// Correspondence games (docs/api.md, Correspondence): their time controls,
// days a move, and how long a move has left, in the page's language.
import { addStrings, t } from './i18n.js';

addStrings({
  en: {
    corrClock: 'Correspondence', corrNone: 'none', daysMove1: '1 day a move', daysMoveN: '{n} days a move',
    leftDay1H: '1 day {h} h left', leftDaysH: '{d} days {h} h left', leftHM: '{h} h {m} min left', leftM: '{m} min left',
    notifyTitle: 'Your move: {g}',
  },
  fr: {
    corrClock: 'Par correspondance', corrNone: 'non', daysMove1: '1 jour par coup', daysMoveN: '{n} jours par coup',
    leftDay1H: '1 jour {h} h restants', leftDaysH: '{d} jours {h} h restants', leftHM: '{h} h {m} min restantes', leftM: '{m} min restantes',
    notifyTitle: 'À vous de jouer : {g}',
  },
});

/** DAYS are the correspondence time controls, in days a move. */
export const DAYS = [1, 2, 3, 5, 7, 14];

const DAY = 86400000;

/** daysText is a time control of n days a move. */
export const daysText = (n) => (n === 1 ? t('daysMove1') : t('daysMoveN', { n }));

/**
 * leftText says how long a move has left: "1 day 5 h left", "5 h 12 min
 * left", "42 min left" (minutes rounded up: never 0 min while time is left).
 * @param {number} ms
 */
export function leftText(ms) {
  const min = Math.ceil(Math.max(0, ms) / 60000);
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  if (d > 0) return d === 1 ? t('leftDay1H', { h }) : t('leftDaysH', { d, h });
  if (h > 0) return t('leftHM', { h, m: min % 60 });
  return t('leftM', { m: min % 60 });
}

/**
 * tcText is a clock's time control (a summary's or a lobby entry's clock):
 * "2 days a move", or minutes+increment.
 * @param {{initial_ms: number, increment_ms: number, per_move_ms?: number}} c
 */
export function tcText(c) {
  if (c.per_move_ms) return daysText(Math.round(c.per_move_ms / DAY));
  return `${c.initial_ms / 60000}+${c.increment_ms / 1000}`;
}

/**
 * corrClockText is the text of a correspondence seat's clock on the game
 * page: "2 days a move, 1 day 5 h left" for the seat whose clock runs, the
 * time control alone for the others.
 * @param {{per_move_ms?: number}} c
 * @param {number|null} left
 * @param {boolean} running
 */
export function corrClockText(c, left, running) {
  const tc = daysText(Math.round((c.per_move_ms || 0) / DAY));
  return running && left !== null ? `${tc}, ${leftText(left)}` : tc;
}

/**
 * notifyMove shows a browser notification that a game awaits the player's
 * move, if the player allowed notifications (the lobby's button asks);
 * a click on it opens the game.
 * @param {string} gameLabel the game's name
 * @param {string} body
 * @param {string} id the game's id
 */
export function notifyMove(gameLabel, body, id) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(t('notifyTitle', { g: gameLabel }), { body, tag: `plateau-move-${id}` });
    n.onclick = () => { window.focus(); location.assign(`/g/${encodeURIComponent(id)}`); };
  } catch { /* a browser that shows notifications from a service worker only */ }
}
