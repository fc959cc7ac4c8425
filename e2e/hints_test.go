package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// hintsShown waits for the hints panel to show the hints of the board's
// version (or for the end of the game) and says whether it shows them.
const hintsShown = `(() => { const p = document.querySelector('#hints'), b = document.querySelector('#board');
	return !!p && !p.hidden && p.dataset.version === b.dataset.version && document.querySelectorAll('#hint-table tbody tr').length > 0; })()`

// hintsPanel plays Shut the Box solitaire with the hints on: the panel
// lists every legal move best first, follows the game, speaks French, and
// goes away when turned off. A game between people offers no hints.
func hintsPanel(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "hints")
	newGameForm(t, a, base, "#new-game", "shutbox", "#seat-1", "me")
	a.waitJS("the two players' game page", boardReady+` && document.querySelector('#status').dataset.turn === 'me' && !!document.querySelector('#controls .watchlink')`)
	if eval[bool](a, `!!document.querySelector('#hints-toggle')`) {
		t.Fatal("a game between two people offers hints (the server refuses them while it runs)")
	}
	newGameForm(t, a, base, "#new-game", "shutbox", "#var-players", "1")
	a.waitJS("the game page", boardReady+` && document.querySelector('#status').dataset.turn === 'me' && !!document.querySelector('#hints-toggle')`)
	if eval[bool](a, `!document.querySelector('#hints').hidden`) {
		t.Fatal("hints shown before the toggle is on")
	}
	a.check("#hints-toggle", true)
	// The first hints wait for the solver's table of the whole game.
	a.waitJSWithin("the hints", hintsShown, 90*time.Second)
	type table struct {
		Moves, Legal []string
		Head         []string
		Best         bool
	}
	got := eval[table](a, `({Moves: [...document.querySelectorAll('#hint-table tbody tr')].map((r) => r.dataset.move),
		Legal: plateauPage.view.moves.map((m) => m.notation),
		Head: [...document.querySelectorAll('#hint-table thead th')].map((th) => th.textContent),
		Best: document.querySelector('#hint-table tbody tr').classList.contains('best')})`)
	moves, legal := slices.Sorted(slices.Values(got.Moves)), slices.Sorted(slices.Values(got.Legal))
	if !slices.Equal(moves, legal) || !got.Best || !slices.Equal(got.Head, []string{"Move", "Expected score", "Shut chance"}) {
		t.Errorf("hints table: moves %v (legal %v), head %q, best marked %v", got.Moves, got.Legal, got.Head, got.Best)
	}

	// Focusing (or pointing at) a row outlines its tiles on the board.
	type outline struct{ Hinted, Clicks []string }
	o := eval[outline](a, `(() => { const r = document.querySelector('#hint-table tbody tr'); r.focus();
		return {Hinted: [...document.querySelectorAll('#board [data-loc].hinted')].map((e) => e.dataset.loc),
			Clicks: plateauPage.view.moves.find((m) => m.notation === r.dataset.move).clicks.map(String)}; })()`)
	if !slices.Equal(slices.Sorted(slices.Values(o.Hinted)), slices.Sorted(slices.Values(o.Clicks))) {
		t.Errorf("the best hint outlines %v, its clicks are %v", o.Hinted, o.Clicks)
	}
	screenshot(t, a, "shutbox-hints")

	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("the hints in French", hintsShown+` && document.querySelector('#hint-table caption').textContent.startsWith('Conseils')`)
	a.clickAt(`[data-lang="en"]`)
	a.waitJS("the hints in English", hintsShown+` && document.querySelector('#hint-table caption').textContent.startsWith('Hints')`)

	// Turned off, the panel goes away; back on, it comes back. (Before
	// the moves: a solitaire may end in two, its result then covering the
	// controls.)
	a.check("#hints-toggle", false)
	a.waitJS("the hints hidden", `document.querySelector('#hints').hidden`)
	a.check("#hints-toggle", true)
	a.waitJS("the hints back", hintsShown)

	// The panel follows the game: after a move, the next decision's hints.
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2 {
		if a.turn().Over {
			break
		}
		v0 := a.turn().Version
		playMove(t, a, rng)
		a.waitJS("the next hints", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy && (x.Over ? document.querySelector('#hints').hidden : %s); })()`, turnJS, v0, hintsShown))
	}
}
