// The puzzle page's pure parts (puzzle-state.js): the puzzles seen, the
// next puzzle's request, an attempt's outcome and a rating's change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { remember, nextURL, outcome, delta, solverMoves } from '../web/js/puzzle-state.js';

test('remember keeps each id once, the newest last, at most max', () => {
  assert.deepEqual(remember(['a', 'b'], 'a'), ['b', 'a']);
  assert.deepEqual(remember(['a', 'b', 'c'], 'd', 3), ['b', 'c', 'd']);
  assert.deepEqual(remember([], 'x'), ['x']);
});

test('nextURL: the game, the streak for guests only, the ids seen', () => {
  const q = (u) => Object.fromEntries(new URL(u, 'http://x').searchParams);
  assert.deepEqual(q(nextURL('dames')), { game: 'dames' });
  assert.deepEqual(q(nextURL('dames', { mode: 'streak', streak: 3 })), { game: 'dames', mode: 'streak', streak: '3' });
  assert.deepEqual(q(nextURL('dames', { mode: 'streak', streak: 3, guest: false })), { game: 'dames', mode: 'streak' });
  assert.deepEqual(q(nextURL('shutbox', { seen: ['a', 'b'] })), { game: 'shutbox', exclude: 'a,b' });
  const many = Array.from({ length: 80 }, (_, i) => `p${i}`);
  assert.equal(q(nextURL('dames', { seen: many })).exclude.split(',').length, 50);
  assert.ok(nextURL('dames', { seen: many }).includes('p79'));
});

test('outcome of an attempt', () => {
  assert.equal(outcome({ correct: true, done: false }), 'continue');
  assert.equal(outcome({ correct: true, done: true }), 'solved');
  assert.equal(outcome({ correct: false, done: false }), 'wrong');
  assert.equal(outcome({ correct: true, done: true }, true), 'revealed');
});

test('delta writes the sign', () => {
  assert.equal(delta({ before: 1500, after: 1512.4 }), '+12');
  assert.equal(delta({ before: 1500, after: 1492 }), '\u22128');
  assert.equal(delta({ before: 1500, after: 1500.2 }), '\u00b10');
});

test('solverMoves takes every other move from the first', () => {
  assert.deepEqual(solverMoves(['a', 'b', 'c']), ['a', 'c']);
  assert.deepEqual(solverMoves(['a']), ['a']);
});
