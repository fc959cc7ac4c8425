// The move picker (picker.js): a move built click by click from the legal
// moves' clicks: prefixes, confirmation of a move that others extend,
// taking a click back, several paths to one move (Mahboussé), clicks in
// any order (Shut the Box) and draughts' short captures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { click, options, shortCaptures, clicksOf } from '../web/js/picker.js';

const dames = [{ notation: '32-28', clicks: ['32', '28'] }, { notation: '32-27', clicks: ['32', '27'] }, { notation: '33-29', clicks: [33, 29] }];

test('clicks of a quiet move', () => {
  assert.deepEqual([...options(dames, []).next].sort(), ['32', '33']);
  assert.deepEqual(clicksOf(dames[2]), ['33', '29']);
  assert.deepEqual(clicksOf({ notation: 'pass' }), []);
  assert.deepEqual(click(dames, [], '28'), { prefix: [], changed: false }, 'an illegal first click changes nothing');
  const r = click(dames, [], '32');
  assert.deepEqual(r, { prefix: ['32'], changed: true }, 'select');
  assert.deepEqual(click(dames, r.prefix, '33').prefix, ['33'], 'another piece starts over');
  assert.deepEqual(click(dames, r.prefix, '32').prefix, [], 'the selected piece again takes it back');
  assert.equal(click(dames, r.prefix, '40').changed, false, 'an illegal target changes nothing');
  assert.equal(click(dames, r.prefix, '28').send?.notation, '32-28', 'a full move is sent');
  assert.equal(click(dames, ['33'], 29).send?.notation, '33-29', 'a location given as a number');
});

test('a move that others extend waits for a confirmation', () => {
  const bene = [{ notation: 'e2-d3', clicks: ['e2', 'd3'] }, { notation: 'e2-d3 d4xd2', clicks: ['e2', 'd3', 'd4', 'd2'] }];
  const r = click(bene, ['e2'], 'd3');
  assert.equal(r.send, undefined);
  assert.deepEqual(r.prefix, ['e2', 'd3']);
  const o = options(bene, r.prefix);
  assert.deepEqual([o.complete.map((m) => m.notation), [...o.next]], [['e2-d3'], ['d4']]);
});

test('equal clicks: a choice', () => {
  const two = [{ notation: 'a', clicks: ['1', '2'] }, { notation: 'b', clicks: ['1', '2'] }];
  const r = click(two, ['1'], '2');
  assert.deepEqual(r.choose?.map((m) => m.notation), ['a', 'b']);
  assert.deepEqual(r.prefix, ['1', '2']);
});

test('any path of a move (Mahboussé)', () => {
  const mah = [{ notation: '13/7 7/4', clicks: ['13', '7', '7', '4'], paths: [['13', '7', '7', '4'], ['13', '10', '10', '4']] }];
  assert.deepEqual([...options(mah, ['13']).next].sort(), ['10', '7']);
  assert.equal(click(mah, ['13', '10', '10'], '4').send?.notation, '13/7 7/4');
});

test('tiles in any order (Shut the Box)', () => {
  const box = [{ notation: '8+1', clicks: ['8', '1'] }, { notation: '9', clicks: ['9'] }];
  assert.equal(click(box, ['1'], '8', true).send?.notation, '8+1');
  assert.deepEqual(click(box, ['1'], '1', true).prefix, [], 'a tile clicked again is taken back');
  assert.deepEqual([...options(box, [], true).next].sort(), ['1', '8', '9']);
  assert.deepEqual(options(box, [], true).complete, [], 'no click is no move');
});

test('short captures: from the piece to the final square, their way when two share both', () => {
  const caps = shortCaptures([{ notation: '3x14x12', from: 3, to: 12, path: [14, 23, 12] }, { notation: '3x6', from: 3, to: 6, path: [14, 28, 6] },
    { notation: '3x20x12', from: 3, to: 12, path: [20, 29, 12] }, { notation: '33x33', from: 33, to: 33, path: [22, 13, 24, 33] }]);
  assert.deepEqual(caps.map((m) => m.paths?.[0]), [['3', '12', '14'], ['3', '6'], ['3', '12', '20'], ['33', '33']]);
  assert.equal(shortCaptures(dames)[0], dames[0], 'a quiet move keeps its clicks');
  assert.equal(click(caps, ['33'], '33').send?.notation, '33x33', 'a round trip: the piece clicked twice');
  assert.deepEqual([...options(caps, ['3', '12']).next].sort(), ['14', '20'], 'the way asked');
  assert.equal(click(caps, ['3', '12'], '20').send?.notation, '3x20x12');
});
