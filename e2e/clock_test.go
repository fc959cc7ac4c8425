package e2e

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// clocks creates a hot-seat draughts game with a 3-second clock from the
// lobby, plays a move for each side (the first one starts the clocks) and
// lets the clock of the side to move run out: the page shows both clocks,
// the running one counting down, then the result "out of time".
func clocks(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "clocks")
	newGameForm(t, a, base, "#new-game", "dames", "#seat-1", "me", "#clock-minutes", "0.05", "#clock-increment", "1")
	a.waitJS("the game page with two clocks", boardReady+` && document.querySelectorAll('#players [data-clock]').length === 2`)
	if got := eval[[]string](a, `[...document.querySelectorAll('#players [data-clock]')].map((e) => e.textContent)`); got[0] != "0:03.0" || got[1] != "0:03.0" {
		t.Errorf("clocks before the first move show %q, want 0:03.0 each", got)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	playMove(t, a, rng) // free: starts the clocks
	playMove(t, a, rng) // seat 2's time runs, then it gains a second
	a.waitJS("seat 1's clock running", `document.querySelector('#players [data-clock="0"]').classList.contains('running')`)
	a.waitJS("seat 1's clock counting down", `document.querySelector('#players [data-clock="0"]').textContent < '0:03'`)
	screenshot(t, a, "clocks-desktop")
	a.waitJS("the end on time", `!!document.querySelector('dialog#result[open]')`)
	if got := eval[string](a, `document.querySelector('#result-text').textContent`); !strings.Contains(got, "out of time") || !strings.Contains(got, "wins") {
		t.Errorf("result %q does not say that a side won on time", got)
	}
	if got := eval[string](a, `document.querySelector('#players [data-clock="0"]').textContent`); got != "0:00.0" {
		t.Errorf("the flagged clock shows %q", got)
	}
}
