package e2e

import (
	"context"
	"fmt"
	"testing"
)

// pressJS is a function that presses and releases the mouse on board
// locations, one after the other in one task of the page: the server
// cannot answer between them, as it cannot between a player's quick
// clicks. Each press goes to the element under the location's centre, as
// a real one does.
const pressJS = `((...locs) => { for (const loc of locs) {
	const el = document.querySelector('#board svg [data-loc="' + loc + '"]'), r = el.getBoundingClientRect();
	const x = r.left + r.width / 2, y = r.top + r.height / 2, top = document.elementFromPoint(x, y);
	const o = {bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, pointerId: 1, isPrimary: true, pointerType: 'mouse'};
	top.dispatchEvent(new PointerEvent('pointerdown', o));
	top.dispatchEvent(new PointerEvent('pointerup', o));
} })`

// quickMove is what a page shows right after its player's quick clicks:
// whether the move was still unconfirmed, the status, the premove queued
// and the milliseconds between the move's release and the premove's first
// press.
type quickMove struct {
	Busy    bool
	Status  string
	Premove string
	Ms      float64
}

// playThenPremove plays move (its clicks) in tb and, in the same task,
// clicks premove.
func playThenPremove(tb *tab, move, premove []string) quickMove {
	tb.t.Helper()
	list := func(xs []string) string {
		s := ""
		for _, x := range xs {
			s += fmt.Sprintf("%q, ", x)
		}
		return s
	}
	return eval[quickMove](tb, fmt.Sprintf(`(() => { const press = %s; press(%s); const t0 = performance.now();
		const busy = document.querySelector('#game').dataset.busy === '1', status = document.querySelector('#status').textContent;
		const ms = performance.now() - t0;
		press(%s);
		return {Busy: busy, Status: status, Premove: document.querySelector('#board').dataset.premove, Ms: ms}; })()`,
		pressJS, list(move), list(premove)))
}

// damesPair opens a draughts game between two people, a (White) and b
// (Black), and waits for White's turn.
func damesPair(t *testing.T, bctx context.Context, base string) (a, b *tab) {
	a = newTab(t, bctx, "white")
	_, invites := createGame(t, a, base, "dames")
	b = newTab(t, bctx, "black")
	b.open(invites[0], boardReady)
	a.waitJS("white's turn", `document.querySelector('#status').dataset.turn === 'me'`)
	return a, b
}

// TestBrowserPremoveQuick: a premove clicked within 50 ms of one's own
// move, before the server confirms it, is queued and played when the
// opponent has answered (issue 68 point 7: such clicks were ignored).
func TestBrowserPremoveQuick(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base := startServer(t)
	a, b := damesPair(t, bctx, base)
	got := playThenPremove(a, []string{"32", "28"}, []string{"28", "22"})
	t.Logf("after 32-28 and the clicks 28, 22 (the man just moved): %+v", got)
	if !got.Busy {
		t.Fatal("32-28 was confirmed before the next clicks: this is no premove before the confirmation")
	}
	if got.Ms > 50 {
		t.Errorf("the premove was clicked %.0f ms after the move, not within 50", got.Ms)
	}
	if got.Premove != "28 22" {
		t.Fatalf("the premove clicked right after 32-28 is %q, want \"28 22\" queued", got.Premove)
	}
	b.waitJS("black's turn", `document.querySelector('#status').dataset.turn === 'me'`)
	b.clickAt(square(16))
	b.clickAt(square(21))
	a.waitJS("the premove played", `plateauPage.moves.length === 3 && document.querySelector('#board').dataset.premove === ''`)
	if got := eval[string](a, lastNotation); got != "28-22" {
		t.Errorf("white's premove: the move list ends with %q, want 28-22", got)
	}
}
