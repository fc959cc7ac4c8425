// The keyboard cursor's steps (cursor.js) over a board's locations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cursorStep } from '../web/js/cursor.js';

// A 3x3 grid, 10 px apart, and a draughts-like board of dark squares only.
const grid = [];
for (let y = 0; y < 3; y++) for (let x = 0; x < 3; x++) grid.push({ loc: `${x}${y}`, x: x * 10, y: y * 10 });
const dark = [];
for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) if ((x + y) % 2) dark.push({ loc: `${x}${y}`, x: x * 10, y: y * 10 });

test('a grid: one step each way, null at the edge', () => {
  assert.deepEqual(cursorStep(grid, '11', null, 1, 0), { loc: '21', aim: { x: 20, y: 10 } });
  assert.deepEqual(cursorStep(grid, '11', null, 0, -1), { loc: '10', aim: { x: 10, y: 0 } });
  assert.equal(cursorStep(grid, '21', null, 1, 0), null);
  assert.equal(cursorStep(grid, 'nowhere', null, 1, 0), null);
});

test('the aim across is kept, as a text cursor keeps its column', () => {
  // On dark squares only, right from 10 steps down to 21, the next column;
  // right again comes back up to row 0 (the aim), then down twice keeps to
  // column 3 where it can: 21, then 32.
  let s = cursorStep(dark, '10', null, 1, 0);
  assert.deepEqual(s, { loc: '21', aim: { x: 20, y: 0 } });
  s = cursorStep(dark, s.loc, s.aim, 1, 0);
  assert.equal(s?.loc, '30');
  s = cursorStep(dark, '30', s.aim, 0, 1);
  assert.equal(s?.loc, '21');
  s = cursorStep(dark, s.loc, s.aim, 0, 1);
  assert.equal(s?.loc, '32', 'back under the aim of column 3');
});

test('every location of a board is reached', () => {
  for (const board of [grid, dark]) {
    // States are a location and an aim: the same location with another
    // aim may lead elsewhere.
    const id = (st) => `${st.loc}|${st.aim ? `${st.aim.x},${st.aim.y}` : ''}`;
    const start = { loc: board[0].loc, aim: null };
    const seen = new Set([id(start)]);
    const locs = new Set([start.loc]);
    for (let q = [start]; q.length;) {
      const nq = [];
      for (const st of q) for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        const n = cursorStep(board, st.loc, st.aim, dx, dy);
        if (n && !seen.has(id(n))) { seen.add(id(n)); locs.add(n.loc); nq.push(n); }
      }
      q = nq;
    }
    assert.equal(locs.size, board.length);
  }
});
