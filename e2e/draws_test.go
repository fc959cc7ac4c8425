package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
)

// drawOffers checks that "Offer draw" shows only in games with a draw by
// agreement, and that the player who offered sees the offer wait for its
// answer until it comes.
func drawOffers(t *testing.T, bctx context.Context, base string) {
	for _, id := range []string{"mahbousse", "shutbox"} {
		a := newTab(t, bctx, id)
		_, invites := createGame(t, a, base, id)
		b := newTab(t, bctx, id+"-2")
		b.open(invites[0], boardReady)
		a.waitJS("the controls", `!!document.querySelector('#resign')`)
		if eval[bool](a, `!!document.querySelector('#draw-offer')`) {
			t.Errorf("%s: the page offers a draw", id)
		}
	}
	a := newTab(t, bctx, "offerer")
	_, invites := createGame(t, a, base, "benedictine")
	b := newTab(t, bctx, "answerer")
	b.open(invites[0], boardReady)
	a.waitJS("the draw button", `!!document.querySelector('#draw-offer:not([disabled])')`)
	a.clickAt("#draw-offer")
	a.waitJS("the offer waiting", `document.querySelector('#draw-offer')?.disabled && !!document.querySelector('#draw-waiting')`)
	b.waitJS("the draw offer", `!!document.querySelector('#draw-pending')`)
	// The wait survives a reload.
	a.do("reload", chromedp.Reload())
	a.waitJS("the offer still waiting after a reload", boardReady+` && document.querySelector('#draw-offer')?.disabled && !!document.querySelector('#draw-waiting')`)
	b.clickAt("#draw-pending button:not(.primary)")
	a.waitJS("the answer", `!document.querySelector('#draw-waiting') && !!document.querySelector('#draw-offer:not([disabled])') && !document.querySelector('#toast').hidden`)
}
