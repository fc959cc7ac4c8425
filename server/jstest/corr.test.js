// Correspondence clocks' texts (corr.js): days a move, and a move's time
// left rounded up to the minute.
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.navigator ??= { languages: ['en'] };
const { leftText, tcText, corrClockText, daysText } = await import('../web/js/corr.js');

const H = 3600000;

test('correspondence texts', () => {
  for (const [got, want] of [
    [daysText(1), '1 day a move'],
    [daysText(14), '14 days a move'],
    [tcText({ initial_ms: 0, increment_ms: 0, per_move_ms: 2 * 24 * H }), '2 days a move'],
    [tcText({ initial_ms: 300000, increment_ms: 3000 }), '5+3'],
    [leftText(29 * H), '1 day 5 h left'],
    [leftText(3 * 24 * H), '3 days 0 h left'],
    [leftText(5 * H + 12 * 60000), '5 h 12 min left'],
    [leftText(42 * 60000 - 1), '42 min left'],
    [leftText(1), '1 min left'],
    [leftText(-5), '0 min left'],
    [corrClockText({ per_move_ms: 2 * 24 * H }, 29 * H, true), '2 days a move, 1 day 5 h left'],
    [corrClockText({ per_move_ms: 2 * 24 * H }, 2 * 24 * H, false), '2 days a move'],
  ]) assert.equal(got, want);
});
