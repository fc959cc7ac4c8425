// The review's pure part (review-lines.js): verdict marks, the graph's
// lines, and the squares of a best move read from its notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { glyph, winLine, playerLines, bestPaths, mahbousseLocs, isRoll } from '../web/js/review-lines.js';

test('glyphs', () => {
  assert.deepEqual(['inaccuracy', 'mistake', 'blunder', 'good', undefined].map(glyph), ['?!', '?', '??', '', '']);
  assert.equal(isRoll({ player: -1 }), true);
  assert.equal(isRoll({ player: 0, kind: 'roll' }), true);
  assert.equal(isRoll({ player: 1, kind: 'move' }), false);
});

test('graph lines', () => {
  const moves = [{ player: 0, before: 0.5, after: 0.4 }, { player: 1, before: 0.6, after: 0.7 }, { player: 0, before: 0.3, after: 0.3 }];
  assert.deepEqual(winLine(moves), [0.5, 0.4, 0.30000000000000004, 0.3]);
  assert.deepEqual(winLine([]), []);
  assert.deepEqual(playerLines(moves, 3), [[[0, 0.5], [1, 0.4], [3, 0.3]], [[1, 0.6], [2, 0.7]], []]);
});

test('bestPaths reads each game\'s notation', async (t) => {
  for (const [notation, locs, want] of [
    ['32-28', '28 32 33', '32>28'], ['19x30', '19 30', '19>30'], ['27x38x49', '27 38 49', '27>38>49'],
    ['e2-d3 d4xd2xf2', 'e2 d3 d4 d2 f2', 'e2>d3|d4>d2>f2'], ['c1xc3xe3', 'c1 c3 e3', 'c1>c3>e3'], ['b7-b8', 'b7 b8', 'b7>b8'],
    ['f1-f2/g7-e5-e3', 'f1 f2 g7 e5 e3', 'f1>f2|g7>e5>e3'], ['d1:f3', 'd1 f3', 'd1>f3'], ['g1=R', 'g1', 'g1'],
    ['g1-g5=R', 'g1 g5', 'g1>g5'], ['h12-g13^', 'h12 g13', 'h12>g13'], ['pass', 'a1', ''],
  ]) {
    await t.test(notation, () => assert.equal(bestPaths(notation, new Set(locs.split(' '))).map((p) => p.join('>')).join('|'), want));
  }
});

test('mahbousseLocs: the mover\'s numbers to the board\'s point ids', async (t) => {
  // Point id k is x's point k, o's point 25-k.
  const board = { points: Array.from({ length: 24 }, (_, k) => ({ id: String(k + 1), number: [k + 1, 24 - k] })) };
  for (const [notation, mover, want] of [['13/7 7/4', 0, '13 7 4'], ['13/7 7/4', 1, '12 18 21'], ['8/5*', 0, '8 5'], ['6/off', 1, '19 off']]) {
    await t.test(`${notation} by ${mover}`, () => assert.equal(mahbousseLocs(notation, board, mover).join(' '), want));
  }
});
