// The game cards' ways to start a game with the default variant: against a
// computer level (rated against the level's account, or not), the guided
// first game, or with a friend by invite link. Each reports a failure on
// the card through fail(message).
import { go } from './dom.js';
import { api, remember } from './api.js';
import { markGuided } from './guide.js';

// The computer's level for "Play the computer", and for the guided game.
export const QUICK_LEVEL = 'medium';
const LEARN_LEVEL = 'easy';

/** defaultPlayers is the number of players of a game's default variant. */
export function defaultPlayers(g) {
  if (!g) return 2;
  const p = (g.variants || []).find((v) => v.key === 'players');
  if (p && p.default !== undefined && !Number.isNaN(+p.default)) return +p.default;
  return (g.players && g.players[0]) || 2;
}

// body is the POST /api/games body of game g with the default variant:
// seat 0 me, the other seats other (an AI level, or a human by invite).
function body(g, other) {
  const n = defaultPlayers(g);
  const seats = [{ kind: 'human' }];
  for (let i = 1; i < n; i++) seats.push(other);
  return { game: g.id, variant: {}, seats, casual: true };
}

// start creates game g with the other seats other, remembers my seat,
// and returns the created game, or null once fail has the error.
async function start(g, other, btn, fail) {
  btn.disabled = true;
  try {
    const res = await api('/api/games', { method: 'POST', body: body(g, other) });
    const me = (res.seats || []).find((x) => x.seat === 0);
    remember(res.id, g.id, 0, me && me.token);
    return res;
  } catch (e) {
    btn.disabled = false;
    fail(e.message);
    return null;
  }
}

/** quickLevel starts a casual game of g against a level and opens it. */
export async function quickLevel(g, level, btn, fail) {
  const res = await start(g, { kind: 'ai', level }, btn, fail);
  if (res) go(`/g/${res.id}`);
}

/** playLevel starts a game against a level, rated or not, and opens it. */
export async function playLevel(g, level, rated, btn, fail) {
  if (!rated) { await quickLevel(g, level, btn, fail); return; }
  btn.disabled = true;
  try {
    const res = await api('/api/levels/games', { method: 'POST', body: { game: g.id, level } });
    remember(res.id, g.id, res.seat, res.token);
    go(`/g/${res.id}`);
  } catch (e) {
    btn.disabled = false;
    fail(e.message);
  }
}

/** learn starts the guided game: the easy computer, with hints. */
export async function learn(g, btn, fail) {
  const res = await start(g, { kind: 'ai', level: LEARN_LEVEL }, btn, fail);
  if (!res) return;
  markGuided(res.id, g.id);
  go(`/g/${res.id}`);
}

/** friendGame creates a game whose other seats are invite links; null on failure. */
export function friendGame(g, btn, fail) {
  return start(g, { kind: 'human' }, btn, fail);
}
