package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"plateau/games"
)

// TestEveryGame checks what every game page shares: keyboard play, end
// reasons in French, draw offers, phone and desktop sizes.
func TestEveryGame(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	t.Run("keyboard", func(t *testing.T) { keyboardGame(t, bctx, base) })
	t.Run("cursor", func(t *testing.T) { cursorEveryGame(t, bctx, base) })
	t.Run("reasons", func(t *testing.T) { frenchReasons(t, bctx, base) })
	t.Run("draws", func(t *testing.T) { drawOffers(t, bctx, base) })
	t.Run("phone", func(t *testing.T) { phoneSizes(t, bctx, base) })
	t.Run("desktop", func(t *testing.T) { desktopSizes(t, bctx, base) })
}

// cursorJS says where the keyboard cursor is and where a location is, in
// CSS px relative to the board, and what has the focus.
const cursorJS = `(() => {
	const b = document.querySelector('#board'), o = b.querySelector('svg').getBoundingClientRect();
	const at = (loc) => { const el = loc == null ? null : b.querySelector('svg [data-loc="' + CSS.escape(loc) + '"]');
		if (!el) return {X: -1, Y: -1}; const r = el.getBoundingClientRect(); return {X: r.left - o.left + r.width / 2, Y: r.top - o.top + r.height / 2}; };
	const c = at(b.dataset.cursor ?? null), w = at(%q);
	const k = b.querySelector('.kcursor');
	return {Cursor: b.dataset.cursor || '', CX: c.X, CY: c.Y, TX: w.X, TY: w.Y, Focus: document.activeElement?.id || document.activeElement?.tagName || '',
		Shown: !!k && getComputedStyle(k).display !== 'none'};
})()`

type cursorInfo struct {
	Cursor         string
	CX, CY, TX, TY float64
	Focus          string
	Shown          bool
}

func key(k string) chromedp.Action[chromedp.Void] { return chromedp.KeyEvent(k) }

// pathJS finds the shortest sequence of arrow keys that takes the page's
// cursor to a location, with the page's own cursorStep (breadth first).
const pathJS = `(async () => {
	const m = await import(document.querySelector('link[rel=modulepreload][href$="js/cursor.js"]').href);
	const page = window.plateauPage, all = page.locBoxes(), target = %q;
	const id = (s) => s.loc + '|' + (s.aim ? s.aim.x.toFixed(1) + ',' + s.aim.y.toFixed(1) : '');
	const dirs = [['ArrowLeft', -1, 0], ['ArrowRight', 1, 0], ['ArrowUp', 0, -1], ['ArrowDown', 0, 1]];
	const start = {loc: page.cursor, aim: page.aim};
	const seen = new Set([id(start)]);
	for (let q = [[start, []]]; q.length && seen.size < 50000;) {
		const nq = [];
		for (const [st, path] of q) {
			if (st.loc === target) return path;
			for (const [k, dx, dy] of dirs) {
				const n = m.cursorStep(all, st.loc, st.aim, dx, dy);
				if (n && !seen.has(id(n))) { seen.add(id(n)); nq.push([n, [...path, k]]); }
			}
		}
		q = nq;
	}
	return null;
})()`

// moveCursorTo presses the arrow keys that bring the cursor to loc.
func moveCursorTo(t *testing.T, tb *tab, loc string) {
	t.Helper()
	keys := eval[[]string](tb, fmt.Sprintf(pathJS, loc))
	if keys == nil {
		t.Fatalf("%s: no arrow keys lead the cursor to %s", tb.name, loc)
	}
	for _, k := range keys {
		c := eval[cursorInfo](tb, fmt.Sprintf(cursorJS, loc))
		if c.Focus != "board" || !c.Shown {
			t.Fatalf("%s: the board lost the focus or its cursor: %+v", tb.name, c)
		}
		tb.do("arrow key", key(map[string]string{"ArrowLeft": kb.ArrowLeft, "ArrowRight": kb.ArrowRight, "ArrowUp": kb.ArrowUp, "ArrowDown": kb.ArrowDown}[k]))
	}
	if c := eval[cursorInfo](tb, fmt.Sprintf(cursorJS, loc)); c.Cursor != loc {
		t.Fatalf("%s: the keys %v left the cursor on %s, not %s", tb.name, keys, c.Cursor, loc)
	}
}

// tabToBoard presses Tab until the board has the focus and its cursor.
func tabToBoard(t *testing.T, a *tab) {
	t.Helper()
	for i := 0; eval[string](a, `document.activeElement?.id || ''`) != "board"; i++ {
		if i == 40 {
			t.Fatalf("%s: 40 Tab keys did not reach the board", a.name)
		}
		a.do("Tab", key(kb.Tab))
	}
	a.waitJS("the cursor", `!!document.querySelector('#board').dataset.cursor`)
}

// keyboardGame plays a whole game of draughts on one screen (hot-seat) with
// the keyboard only: Tab to the board, arrows to each square of a move,
// Enter to select it; the focus stays on the board after every move.
func keyboardGame(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "keyboard")
	newGameForm(t, a, base, "#new-game", "dames", "#seat-1", "me")
	a.waitJS("the game page", boardReady+` && document.querySelector('#status').dataset.turn === 'me'`)
	tabToBoard(t, a)

	// A selection taken back with Escape.
	first := eval[string](a, `window.plateauPage.view.moves[0].clicks[0]`)
	moveCursorTo(t, a, first)
	a.do("Space", key(" "))
	a.waitJS("a piece selected", fmt.Sprintf(`document.querySelector('#board').dataset.prefix === %q`, first))
	a.do("Escape", key(kb.Escape))
	a.waitJS("the selection taken back", `document.querySelector('#board').dataset.prefix === ''`)

	rng := rand.New(rand.NewPCG(11, 12))
	plies := 0
	for ; plies < 600; plies++ {
		ti := a.turn()
		if ti.Over {
			break
		}
		if !ti.Mine || ti.Busy {
			a.waitJS("the screen's turn", `document.querySelector('#status').dataset.turn === 'me' || document.querySelector('#game').dataset.over === '1'`)
			continue
		}
		type mv struct {
			Notation string
			Clicks   []string
		}
		moves := eval[[]mv](a, `window.plateauPage.view.moves.map((m) => ({Notation: m.notation, Clicks: (m.clicks || []).map(String)}))`)
		m := moves[rng.IntN(len(moves))]
		for _, loc := range m.Clicks {
			moveCursorTo(t, a, loc)
			a.do("Enter", key(kb.Enter))
			// The focus stays on the board (unless the move ended the game: the result dialog takes it).
			if got := eval[string](a, `document.activeElement?.id || document.activeElement?.tagName`); got != "board" && !a.turn().Over {
				t.Fatalf("after selecting %s the focus is on %s, not the board", loc, got)
			}
		}
		// Two moves with the same clicks: the page asks which, by buttons after the board.
		if eval[bool](a, fmt.Sprintf(`!!document.querySelector('#actions [data-move=%q]')`, m.Notation)) {
			for i := 0; eval[string](a, `document.activeElement?.dataset?.move || ''`) != m.Notation; i++ {
				if i == 20 {
					t.Fatalf("Tab did not reach the button of %s", m.Notation)
				}
				a.do("Tab", key(kb.Tab))
			}
			a.do("Enter", key(kb.Enter))
		}
		a.waitJS("the move "+m.Notation, fmt.Sprintf(`(() => { const x = %s; return (x.Version > %d && !x.Busy) || x.Over; })()`, turnJS, ti.Version))
		if f := eval[string](a, `document.activeElement?.id || document.activeElement?.tagName`); f != "board" && !a.turn().Over {
			t.Fatalf("after the move %s the focus is on %s, not the board", m.Notation, f)
		}
	}
	if !a.turn().Over {
		t.Fatalf("600 plies by keyboard did not end the game")
	}
	a.waitJS("the result dialog", `!!document.querySelector('dialog#result[open]')`)
	t.Logf("a game of draughts played by keyboard in %d plies: %s", plies, eval[string](a, `document.querySelector('#result-text').textContent`))
}

// reachJS lists the board's locations that no arrow keys reach from the
// cursor, with the page's own cursorStep.
const reachJS = `(async () => {
	const m = await import(document.querySelector('link[rel=modulepreload][href$="js/cursor.js"]').href);
	const page = window.plateauPage, all = page.locBoxes();
	const id = (s) => s.loc + '|' + (s.aim ? s.aim.x.toFixed(1) + ',' + s.aim.y.toFixed(1) : '');
	const start = {loc: page.cursor, aim: page.aim}, seen = new Set([id(start)]), locs = new Set([start.loc]);
	for (let q = [start]; q.length && seen.size < 100000;) {
		const nq = [];
		for (const st of q) for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
			const n = m.cursorStep(all, st.loc, st.aim, dx, dy);
			if (n && !seen.has(id(n))) { seen.add(id(n)); locs.add(n.loc); nq.push(n); }
		}
		q = nq;
	}
	return all.map((l) => l.loc).filter((l) => !locs.has(l));
})()`

// cursorEveryGame checks on every game's board that the arrow keys reach
// every location, and that Enter on a target selects it (or plays it) as a
// click does.
func cursorEveryGame(t *testing.T, bctx context.Context, base string) {
	for _, id := range games.Registry().IDs() {
		a := newTab(t, bctx, id)
		newGameForm(t, a, base, "#new-game", id, "#seat-1", "me") // hot-seat: the screen's turn whoever starts
		a.waitJS("my turn", boardReady+` && document.querySelector('#status').dataset.turn === 'me'`)
		tabToBoard(t, a)
		if lost := eval[[]string](a, reachJS); len(lost) > 0 {
			t.Errorf("%s: the arrow keys never reach %q", id, lost)
		}
		before := a.turn()
		target := eval[string](a, `[...document.querySelectorAll('#board svg [data-loc].target')].pop()?.dataset.loc ?? ''`)
		if target == "" {
			t.Fatalf("%s: no target on the board at my turn", id)
		}
		moveCursorTo(t, a, target)
		a.do("Enter", key(kb.Enter))
		a.waitJS("the target selected by Enter", fmt.Sprintf(`(() => { const x = %s; return x.Prefix !== %q || x.Version !== %d || x.Busy; })()`, turnJS, before.Prefix, before.Version))
		if f := eval[string](a, `document.activeElement?.id || document.activeElement?.tagName`); f != "board" {
			t.Errorf("%s: after Enter the focus is on %s, not the board", id, f)
		}
	}
}
