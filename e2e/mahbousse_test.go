package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"plateau/game"
	"plateau/games"
)

// bgMove is a legal Mahboussé move as the page has it (MoveInfo).
type bgMove struct {
	Notation string
	Kind     string
	Clicks   []string
	Paths    [][]string
}

// bgPoint is a point of the Mahboussé board JSON.
type bgPoint struct {
	ID     string
	Number [2]int
	Owner  int
	Count  int
	Pinned int
}

type bgView struct {
	ToMove int
	Pips   [2]int
	Dice   []int
	Points []bgPoint
}

const bgViewJS = `(() => { const b = plateauPage.view.board; return {ToMove: b.toMove, Pips: b.pips, Dice: b.dice, Points: b.points}; })()`

// drawnJS reads a point as the board draws it: its checkers by owner (the
// count label when the stack is taller than drawn) and its pinned checker.
const drawnJS = `((id) => { const g = document.querySelector('#board [data-loc="' + id + '"]');
	const n = (p) => { const shown = g.querySelectorAll('.checker:not(.pinned) .pc' + p).length; const l = g.querySelector('.cnt.c' + p);
		return l ? +l.textContent : shown; };
	const pin = g.querySelector('.checker.pinned circle');
	return {Own: [n(0), n(1)], Pinned: pin ? +pin.getAttribute('class').slice(2) : -1}; })`

type drawnPoint struct {
	Own    [2]int
	Pinned int
}

func (tb *tab) drawn(id string) drawnPoint {
	tb.t.Helper()
	return eval[drawnPoint](tb, fmt.Sprintf("%s(%q)", drawnJS, id))
}

func (tb *tab) prefix() string {
	tb.t.Helper()
	return eval[string](tb, `document.querySelector('#board').dataset.prefix`)
}

// clickPoint clicks a board location and waits for the partial turn to become want.
func (tb *tab) clickPoint(loc string, want []string) {
	tb.t.Helper()
	tb.clickAt(fmt.Sprintf(`#board [data-loc=%q]`, loc))
	tb.waitJS("the partial turn "+strings.Join(want, " "), fmt.Sprintf(`document.querySelector('#board').dataset.prefix === %q`, strings.Join(want, " ")))
}

// sendDone clicks Done and waits for the turn to be played; it returns the
// notation of the move played.
func (tb *tab) sendDone() string {
	tb.t.Helper()
	v := tb.turn().Version
	tb.clickAt("#done")
	tb.waitJS("the turn played", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	return eval[string](tb, fmt.Sprintf(`plateauPage.moves.find((m) => m.seq === %d)?.notation || ''`, v+1))
}

// checkPips compares the pip counts drawn with the server's.
func checkPips(t *testing.T, tb *tab, want [2]int) {
	t.Helper()
	for _, where := range []string{"#board", "#players"} {
		got := eval[[]int](tb, `[0, 1].map((p) => { const e = document.querySelector('`+where+` [data-pips="' + p + '"]'); const r = e.getBoundingClientRect();
			return r.width > 0 && r.height > 0 ? +e.textContent.replace(/\D/g, '') : -1; })`)
		if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("pip counts shown in %s: %v, want %v", where, got, want)
		}
	}
	// The players' list, always on the screen, shows them even when the
	// board is zoomed on a phone and the tray is out of sight.
	if !eval[bool](tb, `[0, 1].every((p) => { const r = document.querySelector('#players [data-pips="' + p + '"]').getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })`) {
		t.Error("the pip counts of the players' list are not in sight")
	}
}

// diceClearJS says whether dice are drawn and none covers a point number.
const diceClearJS = `(() => { const r = (e) => e.getBoundingClientRect();
	const nums = [...document.querySelectorAll('#board .pnum')].map(r), dice = [...document.querySelectorAll('#board .die rect')].map(r);
	const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
	return dice.length > 0 && nums.length === 24 && !dice.some((d) => nums.some((n) => hit(d, n))); })()`

func TestMahbousseBoard(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)

	// In a match each player's points show beside the name, as backgammon
	// sites show the score; a single game shows none.
	t.Run("match score", func(t *testing.T) {
		scores := `[...document.querySelectorAll('#players .matchscore')].map((e) => e.textContent).join(', ')`
		id, toks := seededGame(t, st, "mahbousse", map[string]string{"match": "3"}, testSeed("mahbousse-match"))
		a := newTab(t, bctx, "match")
		openHotseat(a, base, id, toks)
		if got := eval[string](a, scores); got != "score 0, score 0" {
			t.Errorf("a 3-point match shows the scores %q, want \"score 0, score 0\"", got)
		}
		id, toks = seededGame(t, st, "mahbousse", nil, testSeed("mahbousse-single"))
		openHotseat(a, base, id, toks)
		if got := eval[string](a, scores); got != "" {
			t.Errorf("a single game shows the scores %q, want none", got)
		}
	})

	// A turn made step by step: each step drawn before Done, one step
	// taken back with Undo; then a sum landing in one click.
	t.Run("steps", func(t *testing.T) {
		id, toks := seededGame(t, st, "mahbousse", nil, testSeed("mahbousse-steps"))
		a := newTab(t, bctx, "steps")
		openHotseat(a, base, id, toks)
		view := eval[bgView](a, bgViewJS)
		checkPips(t, a, view.Pips)
		if view.Pips != [2]int{360, 360} {
			t.Errorf("start pip counts %v, want 360 each", view.Pips)
		}
		if !eval[bool](a, diceClearJS) {
			t.Error("desktop: a die covers a point number")
		}
		for _, size := range [][2]int64{{390, 844}, {360, 640}} {
			a.do("phone size", chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
			a.waitJS(fmt.Sprintf("the dice clear of the numbers at %dx%d", size[0], size[1]), `innerWidth < 400 && `+diceClearJS)
			checkPips(t, a, view.Pips)
		}
		// A laptop screen shows the whole board, its points 40 CSS px wide.
		eval[bool](a, `(() => { document.querySelector('#board svg').dataset.stale = '1'; return true; })()`)
		a.do("laptop size", chromedp.EmulateViewport(1024, 700))
		a.waitJS("the board drawn again", `innerWidth === 1024 && !document.querySelector('#board svg').dataset.stale`)
		type fit struct {
			Zoomed bool
			Least  float64
		}
		if got := eval[fit](a, `(() => { const w = document.querySelector('#board');
			return {Zoomed: w.classList.contains('zoomed'), Least: Math.min(...[...w.querySelectorAll('[data-loc] .zone')].map((e) => e.getBoundingClientRect().width))}; })()`); got.Zoomed || got.Least < 40 {
			t.Errorf("at 1024x700 the board is not whole with points of 40 px: %+v", got)
		} else {
			t.Logf("at 1024x700 the whole board shows, its points %.1f px wide", got.Least)
		}
		a.do("desktop size", chromedp.EmulateViewport(1280, 900))

		moves := eval[[]bgMove](a, `plateauPage.view.moves`)
		i := slices.IndexFunc(moves, func(m bgMove) bool { return len(m.Clicks) >= 4 })
		if i < 0 {
			t.Fatalf("no turn of two steps among %d moves", len(moves))
		}
		m, mover := moves[i], view.ToMove
		q := m.Clicks
		num := func(id string) int {
			for _, p := range view.Points {
				if p.ID == id {
					return p.Number[mover]
				}
			}
			return 0 // off
		}
		v0 := a.turn().Version
		from, to := a.drawn(q[0]), a.drawn(q[1])
		a.clickPoint(q[0], q[:1])
		if got := eval[int](a, `document.querySelectorAll('#board .checker.lifted').length`); got != 1 {
			t.Errorf("%d checkers drawn picked up, want 1", got)
		}
		a.clickPoint(q[1], q[:2])
		// The checker is drawn on its new point, the die greyed, the pips
		// counted down, and nothing is sent yet.
		from2, to2 := a.drawn(q[0]), a.drawn(q[1])
		if from2.Own[mover] != from.Own[mover]-1 {
			t.Errorf("point %s drawn with %d checkers after a step from it, want %d", q[0], from2.Own[mover], from.Own[mover]-1)
		}
		if to.Own[1-mover] == 1 && to.Pinned < 0 {
			if to2.Pinned != 1-mover || to2.Own[mover] != 1 {
				t.Errorf("point %s: a step onto a lone checker is drawn as %+v, want it pinned", q[1], to2)
			}
		} else if to2.Own[mover] != to.Own[mover]+1 {
			t.Errorf("point %s drawn with %d checkers after a step to it, want %d", q[1], to2.Own[mover], to.Own[mover]+1)
		}
		if got := eval[int](a, `document.querySelectorAll('#board .die.used').length`); got != 1 {
			t.Errorf("%d dice greyed after one step, want 1", got)
		}
		want := view.Pips
		want[mover] -= num(q[0]) - num(q[1])
		checkPips(t, a, want)
		screenshot(t, a, "mahbousse-turn")
		if v := a.turn().Version; v != v0 {
			t.Fatalf("a step was sent before Done: version %d -> %d", v0, v)
		}
		if !eval[bool](a, `document.querySelector('#done').disabled`) && len(q) > 2 {
			t.Error("Done is enabled after one step of two")
		}
		// The second step, taken back with Undo, then made again.
		before := a.drawn(q[3])
		a.clickPoint(q[2], q[:3])
		a.clickPoint(q[3], q[:4])
		a.clickAt("#undo-step")
		a.waitJS("the step taken back", fmt.Sprintf(`document.querySelector('#board').dataset.prefix === %q`, strings.Join(q[:2], " ")))
		if got := a.drawn(q[3]); got != before && q[3] != q[1] {
			t.Errorf("after Undo point %s is drawn %+v, want %+v as before the step", q[3], got, before)
		}
		for k := 2; k < len(q); k++ {
			a.clickPoint(q[k], q[:k+1])
		}
		if got := a.sendDone(); got != m.Notation {
			t.Errorf("the turn played is %q, want %q", got, m.Notation)
		}

		// The sum in one click: the next player picks a checker up and
		// clicks the landing of both dice.
		a.waitJS("the next turn", `document.querySelector('#status').dataset.turn === 'me' && document.querySelector('#board').dataset.prefix === ''`)
		moves = eval[[]bgMove](a, `plateauPage.view.moves`)
		mover = eval[bgView](a, bgViewJS).ToMove
		var sum []string
		for _, m := range moves {
			for _, p := range m.Paths {
				if sum == nil && len(p) >= 4 && p[1] == p[2] {
					sum = p[:4]
				}
			}
		}
		if sum == nil {
			t.Fatal("no turn moves one checker with both dice")
		}
		a.clickPoint(sum[0], sum[:1])
		if !eval[bool](a, fmt.Sprintf(`!!document.querySelector('#board [data-loc=%q].target')`, sum[3])) {
			t.Fatalf("the sum landing %s is no target after picking up %s", sum[3], sum[0])
		}
		a.clickAt(fmt.Sprintf(`#board [data-loc=%q]`, sum[3]))
		a.waitJS("both steps made", fmt.Sprintf(`(() => { const p = document.querySelector('#board').dataset.prefix.split(' ');
			return p.length === 4 && p[0] === %q && p[1] === p[2] && p[3] === %q; })()`, sum[0], sum[3]))
		if got := eval[int](a, `document.querySelectorAll('#board .die.used').length`); got != 2 {
			t.Errorf("%d dice greyed after the sum, want 2", got)
		}
		if got := a.drawn(sum[3]); got.Own[mover] < 1 {
			t.Errorf("the sum landing %s is drawn %+v: no checker of the mover", sum[3], got)
		}
		// Finish the turn (a double has more steps) and send it.
		for k := 0; k < 4 && eval[bool](a, `document.querySelector('#done').disabled`); k++ {
			p := a.prefix()
			a.clickAt(`#board [data-loc].target`)
			a.waitJS("a step", fmt.Sprintf(`document.querySelector('#board').dataset.prefix !== %q`, p))
		}
		clicks := strings.Fields(a.prefix())
		var wantMove string
		for _, m := range moves {
			for _, p := range m.Paths {
				if slices.Equal(p, clicks) {
					wantMove = m.Notation
				}
			}
		}
		if got := a.sendDone(); got != wantMove || got == "" {
			t.Errorf("the turn played is %q, want %q (clicks %v)", got, wantMove, clicks)
		}
	})

	// The renderer's turn building, on a hand-made move list.
	t.Run("logic", func(t *testing.T) {
		a := newTab(t, bctx, "logic")
		a.open(base+"/", `!!document.querySelector('#create')`)
		got := eval[string](a, `(async () => {
			const { options, click, back, partial, pips, forced, diceOf } = await import('/static/js/games/mahbousse.js');
			const fail = [];
			const eq = (what, x, y) => { if (JSON.stringify(x) !== JSON.stringify(y)) fail.push(what + ': ' + JSON.stringify(x) + ' != ' + JSON.stringify(y)); };
			const moves = [
				{notation: '24/18 18/15', kind: 'turn', clicks: ['24', '18', '18', '15'], paths: [['24', '18', '18', '15'], ['24', '21', '21', '15']]},
				{notation: '24/18 24/21', kind: 'turn', clicks: ['24', '18', '24', '21'], paths: [['24', '18', '24', '21'], ['24', '21', '24', '18']]},
				{notation: '24/21 13/7', kind: 'turn', clicks: ['24', '21', '13', '7'], paths: [['24', '21', '13', '7'], ['13', '7', '24', '21']]},
			];
			eq('checkers to pick up', [...options(moves, []).next].sort(), ['13', '24']);
			eq('single and sum landings', [...options(moves, ['24']).next].sort(), ['15', '18', '21']);
			eq('the sum in one click', click(moves, ['24'], '15', false).prefix, ['24', '18', '18', '15']);
			eq('a single step', click(moves, ['24'], '21', false).prefix, ['24', '21']);
			eq('another checker picked instead', click(moves, ['24', '21', '24'], '13', false).prefix, ['24', '21', '13']);
			eq('the picked checker put back', click(moves, ['24'], '24', false).prefix, []);
			eq('an illegal landing changes nothing', click(moves, ['24'], '20', false).changed, false);
			eq('no send without auto', click(moves, ['24', '21', '13'], '7', false).send, undefined);
			eq('auto sends a complete turn', click(moves, ['24', '21', '13'], '7', true).send.notation, '24/21 13/7');
			eq('complete turn', options(moves, ['13', '7', '24', '21']).complete.map((m) => m.notation), ['24/21 13/7']);
			eq('undo a step', back(['24', '21', '13', '7']), ['24', '21']);
			eq('undo a pick-up', back(['24', '21', '13']), ['24', '21']);
			eq('a forced pass', forced([{notation: 'pass', kind: 'pass', clicks: []}])?.notation, 'pass');
			eq('no forced pass when a turn exists', forced(moves), null);
			const pt = (id, n, owner, count, pinned = -1) => ({id, number: [n, 25 - n], owner, count, pinned});
			const board = {points: [pt('3', 3, 1, 1), pt('5', 5, -1, 0), pt('6', 6, 0, 2), pt('8', 8, 1, 2, 0)], off: [0, 0]};
			const after = partial(board, ['6', '3', '6', '5'], 0);
			eq('a lone checker pinned', after.points[0], pt('3', 3, 0, 1, 1));
			eq('an empty point taken', after.points[1], pt('5', 5, 0, 1));
			eq('the point left empty', after.points[2].count, 0);
			eq('pips before', pips(board), [6 * 2 + 8, 22 + 17 * 2]);
			eq('pips after', pips(after), [3 + 5 + 8, 22 + 17 * 2]);
			const used = (dice, prefix) => diceOf({...board, dice}, prefix, 0).map((d) => d.used ? d.v : 0);
			eq('the die of a step', used([6, 3], ['6', '3']), [0, 3]);
			eq('a double', used([1, 1], ['6', '5', '5', '3']), [1, 1, 1, 0]);
			eq('a bear-off from a lower point', used([6, 5], ['3', 'off']), [0, 5]);
			eq('a bear-off with its die', used([6, 3], ['3', 'off']), [0, 3]);
			eq('a jump of the sum', used([2, 1], ['6', '3']), [2, 1]);
			const freed = partial({points: [pt('4', 4, 0, 1, 1), pt('2', 2, -1, 0)], off: [0, 0]}, ['4', '2'], 0);
			eq('a checker freed when its pinner leaves', freed.points[0], pt('4', 4, 1, 1));
			return fail.join('\n');
		})()`)
		if got != "" {
			t.Error(got)
		}
	})

	// A forced pass is played by itself, with a message and no button.
	t.Run("pass", func(t *testing.T) {
		seed, line := forcedPass(t)
		id, toks := seededGame(t, st, "mahbousse", nil, seed)
		a := newTab(t, bctx, "pass")
		openHotseat(a, base, id, toks)
		for j, n := range line {
			a.waitJS("my turn", `document.querySelector('#status').dataset.turn === 'me'`)
			moves := eval[[]bgMove](a, `plateauPage.view.moves`)
			i := slices.IndexFunc(moves, func(m bgMove) bool { return m.Notation == n })
			if i < 0 {
				t.Fatalf("the page does not offer %q (position %s)", n, a.turn().Position)
			}
			q := moves[i].Clicks
			if j < len(line)-1 {
				for k := range q {
					a.clickPoint(q[k], q[:k+1])
				}
				if got := a.sendDone(); got != n {
					t.Fatalf("played %q, want %q", got, n)
				}
				continue
			}
			// The last turn goes by itself once complete: the setting is on.
			a.clickAt("#auto-done")
			a.waitJS("the setting remembered", `localStorage.getItem('plateau.autodone') === '1'`)
			v := a.turn().Version
			for k := range q[:len(q)-1] {
				a.clickPoint(q[k], q[:k+1])
			}
			a.clickAt(fmt.Sprintf(`#board [data-loc=%q]`, q[len(q)-1]))
			a.waitJS("the turn sent without Done", fmt.Sprintf(`plateauPage.moves.some((m) => m.seq === %d && m.notation === %q)`, v+1, n))
		}
		a.waitJS("the pass played by itself", `plateauPage.moves.some((m) => m.notation === 'pass') && !document.querySelector('#actions [data-move="pass"]')
			&& (document.querySelector('#pass-note')?.textContent || '').includes('no legal move: pass')`)
		// The pip counts drawn are the server's, pinned checkers included.
		checkPips(t, a, eval[bgView](a, bgViewJS).Pips)
		a.clickAt(`[data-lang="fr"]`)
		a.waitJS("the message in French", `(document.querySelector('#pass-note')?.textContent || '').includes('aucun coup possible : passe')`)
		a.clickAt(`[data-lang="en"]`)
		a.waitJS("English", `(document.querySelector('#pass-note')?.textContent || '').includes('no legal move: pass')`)
	})
}

// forcedPass finds the first seed "pass-N" with which each side playing
// its last listed move reaches, within 8 turns, a turn whose only legal
// move is a pass. It returns the seed and the turns before the pass.
func forcedPass(t *testing.T) ([]byte, []string) {
	t.Helper()
	g, err := games.Registry().Lookup("mahbousse")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 20000 {
		seed := testSeed(fmt.Sprintf("pass-%d", n))
		st, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var rolls uint64
		var line []string
		for len(line) <= 8 && !st.Outcome().Over {
			rollAll(t, st, seed, &rolls)
			ms := st.Moves(nil)
			if len(ms) == 1 && st.FormatMove(ms[0]) == "pass" {
				t.Logf("seed pass-%d: a forced pass after %q, at %s", n, line, st.Position())
				return seed, line
			}
			m := ms[len(ms)-1]
			line = append(line, st.FormatMove(m))
			if err := st.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no seed pass-0 to pass-19999 reaches a forced pass within 8 turns")
	return nil, nil
}
