package e2e

import (
	"context"
	"testing"
)

// pickLogic checks, inside the browser, how game.js builds a move from the
// legal moves' clicks: prefixes, confirmation of a move that others extend,
// taking a click back, several paths to one move (Mahboussé) and clicks in
// any order (Shut the Box).
func pickLogic(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "pick")
	a.open(base+"/", `!!document.querySelector('#create')`)
	got := eval[string](a, `(async () => {
		const { click, options } = await import('/static/js/game.js');
		const fail = [];
		const eq = (what, x, y) => { if (JSON.stringify(x) !== JSON.stringify(y)) fail.push(what + ': ' + JSON.stringify(x) + ' != ' + JSON.stringify(y)); };
		const dames = [{notation: '32-28', clicks: ['32', '28']}, {notation: '32-27', clicks: ['32', '27']}, {notation: '33-29', clicks: ['33', '29']}];
		eq('first clicks', [...options(dames, []).next].sort(), ['32', '33']);
		let r = click(dames, [], '28');
		eq('an illegal first click changes nothing', r, {prefix: [], changed: false});
		r = click(dames, [], '32');
		eq('select', r.prefix, ['32']);
		eq('another piece starts over', click(dames, r.prefix, '33').prefix, ['33']);
		eq('the selected piece again takes it back', click(dames, r.prefix, '32').prefix, []);
		eq('an illegal target changes nothing', click(dames, r.prefix, '40').changed, false);
		eq('a full move is sent', click(dames, r.prefix, '28').send.notation, '32-28');
		const bene = [{notation: 'e2-d3', clicks: ['e2', 'd3']}, {notation: 'e2-d3 d4xd2', clicks: ['e2', 'd3', 'd4', 'd2']}];
		r = click(bene, ['e2'], 'd3');
		eq('a move that others extend waits', [r.send, r.prefix], [undefined, ['e2', 'd3']]);
		const o = options(bene, r.prefix);
		eq('and offers both', [o.complete.map((m) => m.notation), [...o.next]], [['e2-d3'], ['d4']]);
		const mah = [{notation: '13/7 7/4', clicks: ['13', '7', '7', '4'], paths: [['13', '7', '7', '4'], ['13', '10', '10', '4']]}];
		eq('any path of a move', click(mah, ['13', '10', '10'], '4').send.notation, '13/7 7/4');
		const box = [{notation: '8+1', clicks: ['8', '1']}, {notation: '9', clicks: ['9']}];
		eq('tiles in any order', click(box, ['1'], '8', true).send.notation, '8+1');
		eq('a tile clicked again is taken back', click(box, ['1'], '1', true).prefix, []);
		const { shortCaptures } = await import('/static/js/game.js');
		const { turns, turnRows, turnText } = await import('/static/js/movelist.js');
		const caps = shortCaptures([{notation: '3x14x12', from: 3, to: 12, path: [14, 23, 12]}, {notation: '3x6', from: 3, to: 6, path: [14, 28, 6]},
			{notation: '3x20x12', from: 3, to: 12, path: [20, 29, 12]}, {notation: '33x33', from: 33, to: 33, path: [22, 13, 24, 33]}]);
		eq('captures from piece to final square, their way when two share both', caps.map((m) => m.paths[0]), [['3', '12', '14'], ['3', '6'], ['3', '12', '20'], ['33', '33']]);
		eq('a quiet move keeps its clicks', shortCaptures(dames)[0], dames[0]);
		eq('a round trip: the piece clicked twice', click(caps, ['33'], '33').send?.notation, '33x33');
		eq('the way asked', [...options(caps, ['3', '12']).next].sort(), ['14', '20']);
		const n = (ms, toMove, roller, quiet) => turnRows(turns(ms, toMove, roller, quiet)).map((r) => r.map((c) => (c ? turnText(c, 'no move', quiet) : '')));
		const roll = (seq, notation) => ({seq, player: -1, kind: 'roll', notation});
		eq('pairs', n([{player: 0, notation: 'a'}, {player: 1, notation: 'b'}, {player: 0, notation: 'c'}], 1), [['a', 'b'], ['c', '']]);
		eq('black first, a player twice', n([{player: 1, notation: 'a'}, {player: 0, notation: 'b'}, {player: 0, notation: 'c'}], 1), [['', 'a'], ['b', ''], ['c', '']]);
		eq('rolls with their moves', n([roll(1, '6-1'), {seq: 2, player: 1, notation: 'a'}, roll(3, '3-3')], 0), [['', '6-1: a'], ['3-3', '']]);
		eq('the opening roll and a forced pass', n([roll(1, '3:1'), roll(2, '6-3'), {seq: 3, player: 0, notation: '13/7 13/10'}, roll(4, '6-6'), {seq: 5, player: 1, notation: 'pass'}], 0),
			[['3:1 6-3: 13/7 13/10', '6-6: no move']]);
		const by = {1: 0, 3: 1, 5: 0, 6: 1, 8: 1};
		eq('a blocked roll in its roller\'s column', n([roll(1, '5-4'), {seq: 2, player: 0, notation: '9'}, roll(3, '6-3'), {seq: 4, player: 1, notation: '9'},
			roll(5, '6-6'), roll(6, '2-1'), {seq: 7, player: 1, notation: '3'}, roll(8, '5')], 1, (s) => by[s]), [['5-4: 9', '6-3: 9'], ['6-6: no move', '2-1: 3'], ['', '5']]);
		eq('a choice of dice goes with its roll', n([{seq: 1, player: 0, notation: 'roll1'}, roll(2, '4'), {seq: 3, player: 0, notation: '4'}], 1, () => undefined, (x) => x.startsWith('roll')), [['4: 4', '']]);
		return fail.join('\n');
	})()`)
	if got != "" {
		t.Error(got)
	}
}
