// The move list's turns (movelist.js): one turn a row under its player, a
// dice game's roll with its move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { turns, turnRows, turnText } from '../web/js/movelist.js';

const rows = (ms, toMove, roller, quiet) => turnRows(turns(ms, toMove, roller, quiet)).map((r) => r.map((c) => (c ? turnText(c, 'no move', quiet) : '')));
const roll = (seq, notation) => ({ seq, player: -1, kind: 'roll', notation });

test('turns', async (t) => {
  for (const [name, got, want] of [
    ['pairs', rows([{ player: 0, notation: 'a' }, { player: 1, notation: 'b' }, { player: 0, notation: 'c' }], 1), [['a', 'b'], ['c', '']]],
    ['black first, a player twice', rows([{ player: 1, notation: 'a' }, { player: 0, notation: 'b' }, { player: 0, notation: 'c' }], 1), [['', 'a'], ['b', ''], ['c', '']]],
    ['rolls with their moves', rows([roll(1, '6-1'), { seq: 2, player: 1, notation: 'a' }, roll(3, '3-3')], 0), [['', '6-1: a'], ['3-3', '']]],
    ['the opening roll and a forced pass', rows([roll(1, '3:1'), roll(2, '6-3'), { seq: 3, player: 0, notation: '13/7 13/10' }, roll(4, '6-6'), { seq: 5, player: 1, notation: 'pass' }], 0),
      [['3:1 6-3: 13/7 13/10', '6-6: no move']]],
    ['a blocked roll in its roller\'s column', rows([roll(1, '5-4'), { seq: 2, player: 0, notation: '9' }, roll(3, '6-3'), { seq: 4, player: 1, notation: '9' },
      roll(5, '6-6'), roll(6, '2-1'), { seq: 7, player: 1, notation: '3' }, roll(8, '5')], 1, (s) => ({ 1: 0, 3: 1, 5: 0, 6: 1, 8: 1 })[s]),
    [['5-4: 9', '6-3: 9'], ['6-6: no move', '2-1: 3'], ['', '5']]],
    ['a choice of dice goes with its roll', rows([{ seq: 1, player: 0, notation: 'roll1' }, roll(2, '4'), { seq: 3, player: 0, notation: '4' }], 1, () => undefined, (x) => x.startsWith('roll')),
      [['4: 4', '']]],
  ]) await t.test(name, () => assert.deepEqual(got, want));
});
