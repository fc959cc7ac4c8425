// The move list of the game page: one turn a row, under the player who
// played it. A dice game's turn is its roll then its move, as backgammon
// players write it ("5-4: 24/20 13/8", "6-6: no move"); a turn is a link to
// the position after it.
import { h } from './dom.js';

const isRoll = (m) => m.player === -1 || m.kind === 'roll';

/**
 * turns groups moves ({seq, player, notation, kind}, in order) into turns
 * {player, rolls, moves, seqs}: the rolls before a player's move go with
 * it. roller(seq) is the seat a roll was for when the page knows it (from
 * the view before the roll), else undefined; a roll for a known seat that
 * no move of that seat follows (a blocked roll) is a turn of its own,
 * with no move. quiet(notation) marks moves that go with the next one
 * (Shut the Box's choice of dice). Trailing rolls and quiet moves make a
 * last turn for toMove.
 */
export function turns(moves, toMove, roller = (/** @type {number} */ seq) => undefined, quiet = (/** @type {string} */ notation) => false) {
  const out = [];
  /** @type {any} */
  let cur = null; // the turn being built: its rolls and quiet moves so far
  const close = (player) => { if (cur) out.push({ ...cur, player: cur.player ?? player }); cur = null; };
  for (const m of moves) {
    const by = isRoll(m) ? roller(m.seq) : m.player;
    // A roll for another seat than the rolls before it, or a second roll
    // for a known seat: the rolls before allowed no move.
    if (cur && cur.rolls.length && isRoll(m) && by !== undefined && cur.player !== undefined) close();
    if (cur && by !== undefined && cur.player !== undefined && by !== cur.player) close();
    cur ??= { player: undefined, rolls: [], moves: [], seqs: [] };
    cur.seqs.push(m.seq);
    if (by !== undefined) cur.player = by;
    if (isRoll(m)) cur.rolls.push(m.notation);
    else {
      cur.moves.push(m);
      if (!quiet(m.notation)) close();
    }
  }
  if (cur) { cur.open = cur.player === undefined || cur.player === toMove; close(toMove); }
  return out;
}

/** turnText writes a turn: "5-4: 9", "6-6: no move", "32-28"; noMove names a roll's forced pass. */
export function turnText(turn, noMove, quiet = (/** @type {string} */ notation) => false) {
  const played = turn.moves.filter((m) => !quiet(m.notation)).map((m) => (m.notation === 'pass' && turn.rolls.length ? noMove : m.notation));
  if (!turn.rolls.length) return played.join(' ');
  if (!played.length) return turn.open ? turn.rolls.join(' ') : `${turn.rolls.join(' ')}: ${noMove}`;
  return `${turn.rolls.join(' ')}: ${played.join(' ')}`;
}

/** rollerAt is the seat a roll made from view v is for, when the renderer r says (roller(board)). */
export function rollerAt(r, v) {
  const p = v && r?.roller ? r.roller(v.board) : -1;
  return p >= 0 ? p : undefined;
}

/**
 * turnRows lays a two-player game's turns out in numbered rows of two
 * cells (seat 0's, seat 1's): a row ends when its second cell is filled or
 * the same seat plays again.
 */
export function turnRows(list) {
  const rows = [];
  for (const tu of list) {
    const p = tu.player === 1 ? 1 : 0;
    let row = rows[rows.length - 1];
    if (!row || row[p] || (p === 0 && row[1])) rows.push(row = [null, null]);
    row[p] = tu;
  }
  return rows;
}

/**
 * renderMoveList fills the list el (and its heading head) with the turns of
 * the page's moves: o holds moves, players, toMove, roller, quiet, name(p),
 * at (the version shown in replay, or null), mark(seq) (the review's mark),
 * noMove and jump(seq).
 */
export function renderMoveList(el, head, o) {
  const list = turns(o.moves, o.toMove, o.roller, o.quiet);
  const link = (tu, who = '') => {
    const last = tu.seqs[tu.seqs.length - 1];
    const at = o.at !== null && tu.seqs.includes(o.at);
    return h('button', { type: 'button', class: `link turn${tu.moves.length ? '' : ' roll'}${at ? ' at' : ''}`, 'data-seq': last, 'data-seqs': tu.seqs.join(' '), onclick: () => o.jump(last) },
      `${who}${turnText(tu, o.noMove, o.quiet)}`, ...tu.moves.map((m) => { const k = o.mark(m.seq); k?.setAttribute('data-for', m.seq); return k; }));
  };
  const two = o.players === 2;
  el.classList.toggle('pairs', two);
  head.replaceChildren(...(two ? [h('span', {}), ...[0, 1].map((p) => h('span', { 'data-player': p }, o.name(p)))] : []));
  const items = two
    ? turnRows(list).map((row, i) => h('li', { value: i + 1 }, h('span', { class: 'n' }, `${i + 1}.`),
      row.map((tu, p) => h('span', { class: 'c' }, tu ? link(tu) : p === 0 ? '…' : ''))))
    : list.map((tu) => h('li', {}, link(tu, tu.player >= 0 ? `${o.name(tu.player)}: ` : '')));
  el.replaceChildren(...items);
  const at = el.querySelector('.at') || el.lastElementChild;
  if (at) el.scrollTop = at.offsetTop - el.clientHeight / 2;
}
