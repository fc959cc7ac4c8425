package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDames plays draughts as lidraughts players expect: captures by two
// clicks or a drag, an ambiguous capture asking its way, the board turned
// round, premoves played and dropped, the move list in numbered pairs
// under the players' names, the tab title on one's turn, and sounds with a
// remembered mute toggle.
func TestDames(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	t.Run("capture", func(t *testing.T) { damesCapture(t, bctx, base, false) })
	t.Run("drag", func(t *testing.T) { damesCapture(t, bctx, base, true) })
	t.Run("ambiguous", func(t *testing.T) { damesAmbiguous(t, bctx, base) })
	t.Run("flip", func(t *testing.T) { damesFlip(t, bctx, base) })
	t.Run("premove", func(t *testing.T) { damesPremove(t, bctx, base) })
}

// square selects a draughts square on the board.
func square(n int) string { return fmt.Sprintf(`#board svg [data-loc="%d"]`, n) }

// hotseatDames opens a game of draughts with both seats on one screen.
func hotseatDames(t *testing.T, bctx context.Context, base, name string) *tab {
	a := newTab(t, bctx, name)
	newGameForm(t, a, base, "#new-game", "dames", "#seat-1", "me")
	a.waitJS("the game page", boardReady+` && document.querySelector('#status').dataset.turn === 'me'`)
	return a
}

// playNotations plays moves by their notation, one after the other, to set
// a position up (the moves under test are made with the mouse).
func playNotations(t *testing.T, tb *tab, notations ...string) {
	t.Helper()
	for _, n := range notations {
		tb.waitJS("my turn", turnJS+`.Mine && !`+turnJS+`.Busy`)
		v := tb.turn().Version
		ok := eval[bool](tb, fmt.Sprintf(`(() => { const p = window.plateauPage; const m = (p.view.moves || []).find((x) => x.notation === %q);
			if (!m) return false; p.send(m); return true; })()`, n))
		if !ok {
			t.Fatalf("%s is not legal in %s", n, tb.turn().Position)
		}
		tb.waitJS("the move "+n, fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	}
}

// targets lists the squares the board offers to click, in order.
func targets(tb *tab) string {
	return eval[string](tb, `[...document.querySelectorAll('#board svg [data-loc].target')].map((e) => +e.dataset.loc).sort((a, b) => a - b).join(' ')`)
}

// lastNotation is the move list's last move.
const lastNotation = `[...document.querySelectorAll('#movelist button[data-seq]')].at(-1)?.textContent`

// center is where a square is on the screen.
func center(tb *tab, n int) picked {
	return eval[picked](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); el.scrollIntoView({block: 'nearest'});
		const r = el.getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2, OK: true}; })()`, square(n)))
}

// damesCapture makes a double capture, 27x29 over 22 and 18 then 23, with
// two clicks (or one drag): the piece and its final square, no square in
// between.
func damesCapture(t *testing.T, bctx context.Context, base string, drag bool) {
	a := hotseatDames(t, bctx, base, "capture")
	playNotations(t, a, "35-30", "18-23", "31-27", "17-22")
	a.clickAt(square(27)) // a press unlocks the page's sounds
	if got := targets(a); got != "29" {
		t.Fatalf("after 27 the board offers %q, want the capture's final square 29 only", got)
	}
	v := a.turn().Version
	if drag {
		a.clickAt(square(27)) // unselect, then drag
		a.waitJS("27 unselected", `document.querySelector('#board').dataset.prefix === ''`)
		from, to := center(a, 27), center(a, 29)
		a.do("drag 27 halfway to 29", chromedp.MouseEvent(chromedp.MousePressed, from.X, from.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
			chromedp.MouseEvent(chromedp.MouseMoved, (from.X+to.X)/2, (from.Y+to.Y)/2, chromedp.ButtonLeft))
		if got := eval[string](a, `document.querySelector('#board svg > .piece')?.getAttribute('transform') || ''`); !strings.HasPrefix(got, "translate(") {
			t.Errorf("the dragged piece does not follow the pointer: transform %q", got)
		}
		a.do("drop on 29", chromedp.MouseEvent(chromedp.MouseMoved, to.X, to.Y, chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseReleased, to.X, to.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	} else {
		a.clickAt(square(29))
	}
	a.waitJS("the capture played", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	if got := eval[string](a, lastNotation); got != "27x29" {
		t.Errorf("the move list ends with %q, want 27x29", got)
	}
	pos := a.turn().Position
	for _, gone := range []string{"22", "23"} {
		if strings.Contains(strings.SplitN(pos, ":B", 2)[1], ","+gone+",") {
			t.Errorf("black's %s was not captured: %s", gone, pos)
		}
	}
	if got := eval[string](a, `window.plateauSound.last`); got != "capture" {
		t.Errorf("the sound of the capture was %q", got)
	}
}

// damesAmbiguous reaches a position where a white king has two captures
// from 3 to 12 (through 14 or through 20) and a third to 6: after 3 and 12
// the page asks for the square to pass through.
func damesAmbiguous(t *testing.T, bctx context.Context, base string) {
	a := hotseatDames(t, bctx, base, "ambiguous")
	playNotations(t, a, "34-29", "20-24", "29x20", "15x24", "35-30", "24x35", "31-26", "17-21", "26x17", "12x21",
		"36-31", "14-20", "31-26", "11-17", "32-28", "8-12", "37-31", "17-22", "26x8", "3x12", "28x8", "20-24", "8-3", "6-11")
	a.clickAt(square(3))
	if got := targets(a); got != "6 12" {
		t.Fatalf("after the king on 3 the board offers %q, want the final squares 6 12", got)
	}
	if n := eval[int](a, `document.querySelectorAll('#via').length`); n != 0 {
		t.Errorf("the page asks for a way before the final square")
	}
	a.clickAt(square(12))
	a.waitJS("the question of the way", `document.querySelector('#board').dataset.prefix === '3 12' && !!document.querySelector('#via')`)
	if got := targets(a); got != "14 20" {
		t.Fatalf("after 3 and 12 the board offers %q, want the squares the two captures pass through: 14 20", got)
	}
	v := a.turn().Version
	a.clickAt(square(20))
	a.waitJS("the capture through 20", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v))
	if got := eval[string](a, lastNotation); got != "3x20x12" {
		t.Errorf("the move list ends with %q, want 3x20x12", got)
	}
}

type numPos struct {
	X, Y float64 // the centre of a square's number, as a fraction of the board
	Up   bool    // drawn upright
}

// numbers says where the numbers of squares 1 and 46 are on the board.
func numbers(tb *tab) []numPos {
	return eval[[]numPos](tb, `(() => { const svg = document.querySelector('#board svg'); const b = svg.getBoundingClientRect();
		return [1, 46].map((n) => { const el = svg.querySelector('[data-loc="' + n + '"] text.num'); const r = el.getBoundingClientRect(); const m = el.getScreenCTM();
			return {X: (r.left + r.width / 2 - b.left) / b.width, Y: (r.top + r.height / 2 - b.top) / b.height, Up: m.a > 0 && Math.abs(m.b) < 1e-9 && Math.abs(m.c) < 1e-9 && m.d > 0}; }); })()`)
}

// damesFlip turns the board round for a spectator (remembered for the
// game) and for a player, who then moves on the turned board.
func damesFlip(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "white")
	path, _ := createGame(t, a, base, "dames")
	w := newTab(t, bctx, "watcher")
	w.open(base+path, boardReady)
	check := func(tb *tab, flipped bool) {
		t.Helper()
		n := numbers(tb)
		top, bottom := func(p numPos) bool { return p.Y < 0.1 }, func(p numPos) bool { return p.Y > 0.9 }
		left, right := func(p numPos) bool { return p.X < 0.2 }, func(p numPos) bool { return p.X > 0.8 }
		ok := top(n[0]) && left(n[0]) && bottom(n[1]) && left(n[1])
		if flipped {
			ok = bottom(n[0]) && right(n[0]) && top(n[1]) && right(n[1])
		}
		if !ok || !n[0].Up || !n[1].Up {
			t.Fatalf("%s, flipped=%v: the numbers of 1 and 46 are at %+v", tb.name, flipped, n)
		}
	}
	check(w, false)
	w.clickAt("#flip")
	w.waitJS("the turned board", `document.querySelector('#flip').getAttribute('aria-pressed') === 'true'`)
	check(w, true)
	w.do("reload", chromedp.Reload())
	w.waitJS("the board after a reload", boardReady+` && !!document.querySelector('#flip')`)
	check(w, true)

	check(a, false)
	a.clickAt("#flip")
	a.waitJS("the player's turned board", `document.querySelector('#flip').getAttribute('aria-pressed') === 'true'`)
	check(a, true)
	a.clickAt(square(32))
	if got := targets(a); got != "27 28" {
		t.Fatalf("after 32 on the turned board the targets are %q", got)
	}
	a.clickAt(square(28))
	a.waitJS("the move on the turned board", `(() => { const x = `+turnJS+`; return plateauPage.moves.length === 1 && !x.Busy; })()`)
	w.waitJS("the watcher sees it", `plateauPage.moves.length === 1 && !!document.querySelector('#movelist button[data-seq]')`)
	if got := eval[string](w, lastNotation); got != "32-28" {
		t.Errorf("the watcher's move list ends with %q", got)
	}
}

// damesPremove queues a move while the opponent thinks: played at once
// when legal, dropped with a message when not; Escape and a click
// elsewhere cancel it. It checks the move list's pairs, the tab's title and
// the sound's mute toggle on the way.
func damesPremove(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "white")
	_, invites := createGame(t, a, base, "dames")
	b := newTab(t, bctx, "black")
	b.open(invites[0], boardReady)
	a.waitJS("white's turn", `document.querySelector('#status').dataset.turn === 'me'`)
	if got := eval[string](a, `document.title`); got != "● Your turn — Plateau" {
		t.Errorf("white's title on white's turn is %q", got)
	}
	if got := eval[string](b, `document.title`); strings.Contains(got, "●") {
		t.Errorf("black's title on white's turn is %q", got)
	}
	a.clickAt(square(32))
	a.clickAt(square(28))
	b.waitJS("black's turn", `document.querySelector('#status').dataset.turn === 'me'`)
	b.waitJS("black's title", `document.title === '● Your turn — Plateau'`)
	a.waitJS("white's title", `!document.title.includes('●')`)

	// A premove played: 33-29 queued, black answers 16-21.
	a.clickAt(square(33))
	a.waitJS("33 chosen for a premove", `document.querySelector('`+square(33)+`').classList.contains('pre')`)
	a.clickAt(square(29))
	a.waitJS("the premove queued", `document.querySelector('#board').dataset.premove === '33 29' && !!document.querySelector('#premove')`)
	tones := eval[int](a, `window.plateauSound.tones`)
	b.clickAt(square(16))
	b.clickAt(square(21))
	a.waitJS("the premove played", `plateauPage.moves.length === 3 && document.querySelector('#board').dataset.premove === ''`)
	if got := eval[string](a, lastNotation); got != "33-29" {
		t.Errorf("white's premove: the move list ends with %q", got)
	}
	if got := eval[int](a, `window.plateauSound.tones`); got <= tones {
		t.Errorf("no sound for black's move and the premove: %d tones, %d before", got, tones)
	}

	// Escape, and a click elsewhere, cancel a premove.
	b.waitJS("black's turn", `document.querySelector('#status').dataset.turn === 'me'`)
	queue := func() {
		a.clickAt(square(28))
		a.clickAt(square(22))
		a.waitJS("the premove queued", `document.querySelector('#board').dataset.premove === '28 22'`)
	}
	queue()
	a.do("Escape", chromedp.KeyEvent(string(rune(0x1b))))
	a.waitJS("the premove cancelled by Escape", `document.querySelector('#board').dataset.premove === '' && !document.querySelector('#premove')`)
	queue()
	a.clickAt("#status")
	a.waitJS("the premove cancelled by a click elsewhere", `document.querySelector('#board').dataset.premove === ''`)

	// Muted: the next moves ask for sounds but make none; the choice stays.
	a.clickAt("#mute")
	a.waitJS("muted", `document.querySelector('#mute').getAttribute('aria-pressed') === 'true' && localStorage.getItem('plateau.mute') === '1'`)
	a.do("reload", chromedp.Reload())
	a.waitJS("still muted after a reload", boardReady+` && document.querySelector('#mute')?.getAttribute('aria-pressed') === 'true'`)

	// A premove dropped: 28-22 queued, black answers 17-22 and white must take, 28x26.
	queue()
	asked, tones := eval[int](a, `window.plateauSound.asked`), eval[int](a, `window.plateauSound.tones`)
	b.clickAt(square(17))
	b.clickAt(square(22))
	a.waitJS("the premove dropped", `document.querySelector('#status').dataset.turn === 'me' && !document.querySelector('#toast').hidden && document.querySelector('#toast').textContent.includes('dropped') && document.querySelector('#board').dataset.premove === ''`)
	if got := eval[int](a, `plateauPage.moves.length`); got != 4 {
		t.Errorf("after the dropped premove the game has %d moves, want 4", got)
	}
	if got := targets(a); got != "28" {
		t.Errorf("white must take with 28, the board offers %q", got)
	}
	if got := eval[int](a, `window.plateauSound.asked`); got <= asked {
		t.Errorf("black's move asked for no sound")
	}
	if got := eval[int](a, `window.plateauSound.tones`); got != tones {
		t.Errorf("muted, the page made %d tones", got-tones)
	}
	a.clickAt(square(28))
	a.clickAt(square(26)) // over 22 and 21
	a.waitJS("28x26", `plateauPage.moves.length === 5`)

	// The move list: numbered pairs under the players' names.
	for _, tb := range []*tab{a, b} {
		tb.waitJS("the move list", `document.querySelectorAll('#movelist button[data-seq]').length === 5`)
		rows := eval[[]string](tb, `[...document.querySelectorAll('#movelist li')].map((li) => [...li.children].map((c) => c.textContent).join(' '))`)
		if want := []string{"1. 32-28 16-21", "2. 33-29 17-22", "3. 28x26 "}; strings.Join(rows, "|") != strings.Join(want, "|") {
			t.Errorf("%s's move list: %q, want %q", tb.name, rows, want)
		}
		if got := eval[string](tb, `[...document.querySelectorAll('#movehead span')].map((s) => s.textContent).join('|')`); got != "|White|Black" {
			t.Errorf("%s's move list names %q", tb.name, got)
		}
	}
	if got := eval[string](a, `[...document.querySelectorAll('#players li')].map((li) => li.textContent).join('|')`); !strings.Contains(got, "White") || !strings.Contains(got, "Black") || strings.Contains(got, "Blue") {
		t.Errorf("the players are named %q", got)
	}
}
