package e2e

import (
	"fmt"
	"testing"
)

// TestPartialMoveKept: a piece selected stays selected when an event that
// does not change the position arrives (here the opponent's draw offer):
// the second click completes the move. The page used to drop the half-made
// move on any new version, and the click was lost. The same happened when
// the page's own seat join came back in the welcome after a first click.
func TestPartialMoveKept(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	bctx := browser(t)
	a := newTab(t, bctx, "partial-a")
	_, invites := createGame(t, a, base, "dames")
	b := newTab(t, bctx, "partial-b")
	b.open(invites[0], boardReady)
	b.waitJS("b seated, connected", `window.plateauPage.seats.length === 1 && window.plateauPage.conn?.ws?.readyState === 1`)
	a.waitJS("my turn, connected", `document.querySelector('#status').dataset.turn === 'me' && window.plateauPage.conn?.ws?.readyState === 1`)
	a.clickAt(`#board svg [data-loc="32"]`)
	a.waitJS("32 selected", `window.plateauPage.prefix.length === 1`)
	version := eval[int](a, `window.plateauPage.version`)

	b.clickAt("#draw-offer")
	a.waitJS("the draw offer", fmt.Sprintf(`!!document.querySelector('#draw-pending') && window.plateauPage.version > %d`, version))
	if n := eval[int](a, `window.plateauPage.prefix.length`); n != 1 {
		t.Fatalf("the selection of 32 was dropped by the opponent's draw offer (prefix of %d locations)", n)
	}
	a.clickAt(`#board svg [data-loc="28"]`)
	a.waitJS("32-28 played", `window.plateauPage.moves.some((m) => m.notation === '32-28')`)
	b.waitJS("32-28 seen by the opponent", `window.plateauPage.moves.some((m) => m.notation === '32-28')`)
}
