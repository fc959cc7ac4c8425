// The draughts board's geometry (games/dames.js): the renderer numbers the
// dark squares itself, as games/dames/view.go documents, since the view no
// longer lists them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { darkSquares } from '../web/js/games/dames.js';

test('the 50 dark squares of the 10x10 board', () => {
  const sq = darkSquares(10, 10);
  assert.equal(sq.length, 50);
  // Square n is on row (n-1)/5, column 2*((n-1)%5)+1 on even rows and
  // 2*((n-1)%5) on odd rows (the formula of the Go view's doc).
  for (const { square, row, col } of sq) {
    const n = Number(square) - 1;
    assert.equal(row, Math.floor(n / 5), `row of ${square}`);
    assert.equal(col, 2 * (n % 5) + (row % 2 === 0 ? 1 : 0), `column of ${square}`);
  }
  assert.deepEqual(sq[0], { square: '1', row: 0, col: 1 });
  assert.deepEqual(sq[5], { square: '6', row: 1, col: 0 });
  assert.deepEqual(sq[49], { square: '50', row: 9, col: 8 });
});
