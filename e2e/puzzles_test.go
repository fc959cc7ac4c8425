package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"plateau/games"
	"plateau/puzzle"
)

// puzzleReady: the puzzle page has drawn its puzzle.
const puzzleReady = `!!window.plateauPage?.puzzle && !!document.querySelector('#board svg') && !!document.querySelector('#puzzle-msg')`

// firstPuzzle returns the first seed puzzle of a game with n solver moves
// whose first move is not forced.
func firstPuzzle(t *testing.T, gameID string, n int) puzzle.Puzzle {
	t.Helper()
	ps, err := puzzle.Seed(gameID)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Registry().Lookup(gameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if s, err := p.State(g); err == nil && p.SolverMoves() == n && len(s.Moves(nil)) > 1 {
			return p
		}
	}
	t.Fatalf("no %s seed puzzle of %d solver moves", gameID, n)
	return puzzle.Puzzle{}
}

// clickMove makes the move notation on the puzzle page by clicking its
// locations (the solver's box first in Shut the Box, then the board, then
// the buttons under it), then its confirm button if it needs one.
func clickMove(t *testing.T, tb *tab, notation string) {
	t.Helper()
	clicks := eval[[]string](tb, fmt.Sprintf(`(() => {
		const m = window.plateauPage.view.moves.find((x) => x.notation === %q);
		if (!m) return null;
		return (m.paths && m.paths.length ? m.paths[0] : m.clicks).map(String);
	})()`, notation))
	if clicks == nil {
		t.Fatalf("%s is not among the legal moves of the page", notation)
	}
	side := eval[int](tb, `window.plateauPage.puzzle.side`)
	found := eval[int](tb, `window.plateauPage.found.length`)
	state := eval[string](tb, `document.querySelector('#puzzle-msg').dataset.state`)
	for _, loc := range clicks {
		sel := ""
		for _, s := range []string{fmt.Sprintf(`#board .box[data-player="%d"] [data-loc=%q]`, side, loc), fmt.Sprintf(`#board [data-loc=%q]`, loc), fmt.Sprintf(`#actions [data-loc=%q]`, loc)} {
			if eval[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, s)) {
				sel = s
				break
			}
		}
		if sel == "" {
			t.Fatalf("no location %q to click for %s", loc, notation)
		}
		tb.clickAt(sel)
	}
	for _, confirm := range []string{fmt.Sprintf(`#actions [data-move=%q]`, notation), "#done"} {
		if eval[bool](tb, fmt.Sprintf(`!window.plateauPage.busy && window.plateauPage.found.length === %d && document.querySelector('#puzzle-msg').dataset.state === %q && !!document.querySelector(%q)`, found, state, confirm)) {
			tb.clickAt(confirm)
			break
		}
	}
}

// TestPuzzles solves one puzzle of each game by clicks as a signed-in
// player, fails one on purpose, and sees both ratings move: the player's
// up and the puzzle's down when solved, the other way round when failed.
func TestPuzzles(t *testing.T) {
	t.Parallel()
	base, st := startServerStore(t)
	bctx := browser(t)
	tb := newTab(t, bctx, "puzzles")
	tb.open(base+"/puzzles", `!!document.querySelector('#pz-index #puzzle-daily')`)
	tb.signUp("solver", "a long enough password")
	ctx := context.Background()
	for _, gameID := range []string{"dames", "mahbousse", "shutbox", "benedictine", "intercept"} {
		t.Run(gameID, func(t *testing.T) {
			p := firstPuzzle(t, gameID, 1)
			tb.open(fmt.Sprintf("%s/puzzles/%s?id=%s", base, gameID, p.ID), puzzleReady)
			if eval[bool](tb, `!!document.querySelector('#puzzle-themes')`) {
				t.Error("the themes show before the puzzle is solved: they give the idea away")
			}
			clickMove(t, tb, p.Solution[0])
			tb.waitJS("solved", `document.querySelector('#puzzle-msg').dataset.state === 'solved' && !!document.querySelector('#puzzle-change')`)
			if shown := eval[bool](tb, `!!document.querySelector('#puzzle-themes')`); shown != (len(p.Themes) > 0) {
				t.Errorf("solved, themes %q: shown %v", p.Themes, shown)
			}
			dp := eval[int](tb, `+document.querySelector('#puzzle-change').dataset.player`)
			dz := eval[int](tb, `+document.querySelector('#puzzle-change').dataset.puzzle`)
			if dp <= 0 || dz >= 0 {
				t.Errorf("solved: the player's rating moved %+d, the puzzle's %+d: want up and down", dp, dz)
			}
			if sp, err := st.Puzzle(ctx, p.ID); err != nil || sp.Rating.Rating >= p.Rating.Rating || sp.Attempts != 1 {
				t.Errorf("stored puzzle after the solve: %+v, %v (rating was %v)", sp, err, p.Rating.Rating)
			}
			if gameID == "dames" {
				analysisShot(t, tb, "puzzles-solved")
			}
		})
	}
	t.Run("failed", func(t *testing.T) {
		p := firstPuzzle(t, "dames", 2)
		tb.open(fmt.Sprintf("%s/puzzles/dames?id=%s", base, p.ID), puzzleReady)
		wrong := eval[string](tb, fmt.Sprintf(`window.plateauPage.view.moves.map((m) => m.notation).find((n) => n !== %q)`, p.Solution[0]))
		clickMove(t, tb, wrong)
		tb.waitJS("the wrong move judged, in the warning colour", `document.querySelector('#puzzle-msg').dataset.state === 'wrong' && document.querySelector('#puzzle-msg').dataset.fate === 'bad' && !!document.querySelector('#puzzle-change')`)
		dp := eval[int](tb, `+document.querySelector('#puzzle-change').dataset.player`)
		dz := eval[int](tb, `+document.querySelector('#puzzle-change').dataset.puzzle`)
		if dp >= 0 || dz <= 0 {
			t.Errorf("failed: the player's rating moved %+d, the puzzle's %+d: want down and up", dp, dz)
		}
		// The right line after the failure: solved, unrated.
		clickMove(t, tb, p.Solution[0])
		tb.waitJS("the computer's reply", fmt.Sprintf(`window.plateauPage.found.length === 1 && window.plateauPage.moves.some((m) => m.notation === %q)`, p.Solution[1]))
		if fate := eval[string](tb, `document.querySelector('#puzzle-msg').dataset.fate`); fate != "good" {
			t.Errorf("the right move after a wrong one: the message's fate %q, want good (its colour follows the last move)", fate)
		}
		analysisShot(t, tb, "puzzles-reply")
		clickMove(t, tb, p.Solution[2])
		tb.waitJS("solved after a failure", `document.querySelector('#puzzle-msg').dataset.state === 'solved'`)
		if sp, err := st.Puzzle(ctx, p.ID); err != nil || sp.Rating.Rating <= p.Rating.Rating || sp.Attempts != 1 || sp.Solved != 0 {
			t.Errorf("stored puzzle after the failure: %+v, %v (rating was %v)", sp, err, p.Rating.Rating)
		}
	})
	t.Run("phone", func(t *testing.T) {
		ph := newTab(t, bctx, "puzzles-phone")
		ph.do("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait))
		p := firstPuzzle(t, "mahbousse", 1)
		ph.open(fmt.Sprintf("%s/puzzles/mahbousse?id=%s", base, p.ID), puzzleReady)
		if !eval[bool](ph, `document.documentElement.scrollWidth <= innerWidth + 1`) {
			t.Error("the puzzle page scrolls sideways on a phone")
		}
		analysisShot(t, ph, "puzzles-phone-play")
		clickMove(t, ph, p.Solution[0])
		ph.waitJS("solved on a phone", `document.querySelector('#puzzle-msg').dataset.state === 'solved'`)
		analysisShot(t, ph, "puzzles-phone")
	})
}
