package e2e

import (
	"strings"
	"testing"
)

// TestBrowserTurnPolish checks three points of issue 68's polish list.
func TestBrowserTurnPolish(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, st := startServerStore(t)

	// "Your turn" goes the moment the move is released, not when the
	// server confirms it.
	t.Run("your turn", func(t *testing.T) {
		a, _ := damesPair(t, bctx, base)
		got := playThenPremove(a, []string{"32", "28"}, nil)
		t.Logf("right after 32-28: %+v", got)
		if !got.Busy {
			t.Fatal("32-28 was confirmed at once: the status before the confirmation is not tested")
		}
		if got.Status != "Waiting for Black" {
			t.Errorf("the status right after 32-28 is %q, want \"Waiting for Black\"", got.Status)
		}
	})

	// The guided game's hint leaves the turn's buttons in sight at 1280x900.
	t.Run("guide", func(t *testing.T) {
		a := newTab(t, bctx, "guided")
		a.open(base+"/", cardSettled("mahbousse"))
		a.clickAt(`[data-learn="mahbousse"]`)
		a.waitJS("the first hint and my turn", boardReady+` && !!document.querySelector('#guide-hint') && !!document.querySelector('#done')`)
		type fold struct {
			Done, Undo, Hint, Height float64
		}
		got := eval[fold](a, `(() => { scrollTo(0, 0); const b = (s) => document.querySelector(s).getBoundingClientRect().bottom;
			return {Done: b('#done'), Undo: b('#undo-step'), Hint: b('#guide-hint'), Height: innerHeight}; })()`)
		t.Logf("at 1280x900 with the hint: %+v", got)
		if got.Done > got.Height || got.Undo > got.Height || got.Hint > got.Height {
			t.Errorf("with the guide's hint, Done, Undo or the hint end below the fold: %+v", got)
		}
	})

	// In replay the pip counts beside the names are the replayed
	// position's, as the tray's.
	t.Run("replay pips", func(t *testing.T) {
		id, toks := seededGame(t, st, "mahbousse", nil, testSeed("replay-pips"))
		a := newTab(t, bctx, "replay")
		openHotseat(a, base, id, toks)
		q := eval[[]string](a, `plateauPage.view.moves.find((m) => m.kind === 'turn').clicks`)
		for k := range q {
			a.clickPoint(q[k], q[:k+1])
		}
		a.sendDone()
		// The position after the first roll (a move list row is a whole
		// turn, roll and move): both sides at 360.
		eval[bool](a, `(plateauPage.jump(1), true)`) // event 1 is the opening roll
		a.waitJS("the replay", `plateauPage.replayAt !== null`)
		pips := func(where string) string {
			return eval[string](a, `[0, 1].map((p) => document.querySelector('`+where+` [data-pips="' + p + '"]').textContent.replace(/\D/g, '')).join(' ')`)
		}
		if tray, head := pips("#board"), pips("#players"); tray != head || tray != "360 360" {
			t.Errorf("in replay of the first roll the tray shows pips %q and the players' list %q, want both \"360 360\"", tray, head)
		}
		eval[bool](a, `(plateauPage.jump(plateauPage.version), true)`)
		a.waitJS("live again", `plateauPage.replayAt === null`)
		if tray, head := pips("#board"), pips("#players"); tray != head || strings.HasPrefix(tray, "360 360") {
			t.Errorf("live after a turn, the tray shows pips %q and the players' list %q", tray, head)
		}
	})
}
