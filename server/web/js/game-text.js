// The game page's words: its status line, title, variant and a game's
// result with its reason, in the page's language. Methods of GamePage
// (game.js).
import { t, lang, gameName, has } from './i18n.js';
import { variantName, valueName } from './lobby-text.js';

// The engines and the room say why a game ended in English words
// (game.Outcome.Reason); the page shows each in its language. Every reason
// the server can give is here (e2e/reasons_test.go checks it).
const REASONS = {
  'try scored': 'try', 'threefold repetition': 'repetition', 'no legal move': 'nomove',
  'both mother checkers pinned': 'bothpinned', 'deadlock: neither player can ever move': 'deadlock',
  'all checkers borne off': 'borneoff', 'mother checker pinned': 'motherpinned', 'no pieces left': 'nopieces',
  '25 moves each with only kings moving and no capture': 'kings25', '20 moves each without a capture or a man move': 'quiet20',
  'the same move played a third time': 'samemove', 'ball placed on the Arrivée': 'arrivee', 'no player can move': 'noplayer',
  'turn limit reached': 'limit', blocked: 'blocked', 'box shut': 'shut', 'every player is blocked or has shut the box': 'allblocked',
  'draw agreed': 'agreed', time: 'time',
};
/** @type {[RegExp, string, (m: RegExpExecArray, page: any) => Record<string, string>][]} */
const REASON_PATTERNS = [
  [/^player (\d+) resigned$/, 'resigned', (m, page) => ({ p: page.playerName(+m[1]) })],
  [/^match won (\d+)-(\d+)$/, 'match', (m) => ({ a: m[1], b: m[2] })],
  [/^(\d+) moves each in a counted endgame$/, 'endgame', (m) => ({ n: m[1] })],
];

/**
 * joinNames writes players' names as a list ("West and East"), a team's
 * suffix shared by all of them once at the end: "West and East (team 2)".
 * @param {string[]} names
 */
export function joinNames(names) {
  const suffix = /\s\([^()]*\)$/.exec(names[0] || '')?.[0];
  const shared = suffix && names.every((n) => n.endsWith(suffix));
  const base = shared ? names.map((n) => n.slice(0, -suffix.length)) : names;
  const list = base.length > 1 ? `${base.slice(0, -1).join(', ')} ${t('and')} ${base[base.length - 1]}` : base.join('');
  return shared ? list + suffix : list;
}

/** @satisfies {ThisType<import('./game.js').GamePage>} */
export const textMethods = {
  // renderVariant names, in the page's language, the options this game
  // changed from the defaults (the number of players shows in the list).
  renderVariant() {
    const opts = this.cat?.find((g) => g.id === this.gameId)?.variants || [];
    const chosen = this.summary?.variant || {};
    const parts = opts.filter((o) => o.key !== 'players' && chosen[o.key] !== undefined && String(chosen[o.key]) !== String(o.default))
      .map((o) => `${variantName(this.gameId, o.key)}${lang === 'fr' ? ' : ' : ': '}${valueName(this.gameId, o.key, chosen[o.key])}`);
    this.el.variant.textContent = parts.length ? `${t('variant')} — ${parts.join(' · ')}` : '';
  },

  renderStatus() {
    const v = this.view;
    let text;
    if (this.replayAt !== null) text = `${t('replay')} ${this.replayAt}/${this.version}`;
    else if (v.outcome) text = `${t('over')} — ${this.resultText(v.outcome)}`;
    else if (v.toMove === -1) text = t('rolling');
    else if (this.busy && this.seats.includes(v.toMove)) text = this.sentText(v);
    else if (this.myTurn()) text = this.seats.length > 1 ? t('hotseat', { p: this.playerName(v.toMove) }) : t('yourTurn');
    else if (v.toMove >= 0) text = this.seats.length ? t('waiting', { p: this.playerName(v.toMove) }) : t('toMove', { p: this.playerName(v.toMove) });
    else text = '';
    if (!this.seats.length) text = `${t('spectator')} · ${text}`;
    this.el.status.textContent = text;
    this.el.status.dataset.turn = this.myTurn() ? 'me' : String(v.toMove);
    this.renderTitle();
  },

  // sentText is the status from the release of my move to its
  // confirmation: the opponent awaited, when there is one other player.
  sentText(v) {
    const others = [...Array(v.players).keys()].filter((p) => !this.seats.includes(p));
    return others.length === 1 ? t('waiting', { p: this.playerName(others[0]) }) : t('moveSent');
  },

  // renderTitle names the game, and the tab says when it is my turn.
  renderTitle() {
    const name = gameName(this.cat, this.gameId);
    this.el.title.textContent = name;
    document.title = this.myTurn() ? `● ${t('yourTurn')} — Plateau` : `${name} — Plateau`;
  },

  resultText(o) {
    if (o.reason === 'aborted') return t('aborted'); // a rated game ended too soon (docs/ratings.md)
    const r = o.results || [];
    const winners = r.map((x, i) => (x === 'win' ? i : -1)).filter((i) => i >= 0);
    const drawn = r.map((x, i) => (x === 'draw' ? i : -1)).filter((i) => i >= 0);
    let s0;
    if (winners.length === 1) s0 = t('won', { p: this.playerName(winners[0]) });
    else if (winners.length) s0 = t('wonMany', { p: joinNames(winners.map((i) => this.playerName(i))) });
    else if (drawn.length && drawn.length < r.length) s0 = t('drawn', { p: joinNames(drawn.map((i) => this.playerName(i))) });
    else s0 = t('draw');
    if (o.scores) s0 += ` · ${t('scoreIs', { s: o.scores.join(' / ') })}`;
    if (o.reason) s0 += ` (${this.reasonText(o.reason)})`;
    return s0;
  },

  // reasonText is an outcome's reason in the page's language, naming
  // players as the page does.
  reasonText(reason) {
    const code = REASONS[reason];
    if (code) return t(`reason_${code}`);
    for (const [re, c, params] of REASON_PATTERNS) {
      const m = re.exec(reason);
      if (m) return t(`reason_${c}`, params(m, this));
    }
    return has(`reason_${reason}`) ? t(`reason_${reason}`) : reason;
  },
};
