package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// hotseat plays draughts with both seats on one screen: a move by
// dragging, a partial move by keyboard taken back with Escape, then moves by
// clicks for both sides.
func hotseat(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "hotseat")
	newGameForm(t, a, base, "#new-game", "dames", "#seat-1", "me")
	a.waitJS("the game page", boardReady+` && document.querySelector('#status').dataset.turn === 'me'`)
	if got := eval[string](a, `document.querySelector('#status').textContent`); !strings.Contains(got, "Hot-seat") {
		t.Errorf("hot-seat status says %q", got)
	}

	// Keyboard: the board takes the focus with its cursor on a highlighted
	// piece, Enter selects it, Escape takes it back.
	eval[bool](a, `(() => { document.querySelector('#board').focus(); return true; })()`)
	a.waitJS("the cursor on a target", `document.querySelector('#board [data-loc="' + document.querySelector('#board').dataset.cursor + '"]')?.classList.contains('target')`)
	a.do("Enter", chromedp.KeyEvent("\r"))
	a.waitJS("a piece selected by keyboard", `document.querySelector('#board').dataset.prefix !== ''`)
	a.do("Escape", chromedp.KeyEvent(string(rune(0x1b))))
	a.waitJS("the selection taken back", `document.querySelector('#board').dataset.prefix === ''`)

	// Drag a piece to a highlighted square.
	v0 := a.turn().Version
	from := eval[picked](a, fmt.Sprintf(pickJS, 0.0))
	a.do("press", chromedp.MouseEvent(chromedp.MousePressed, from.X, from.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	to := eval[picked](a, fmt.Sprintf(pickJS, 0.0))
	if !to.OK || to.Prefix == "" {
		t.Fatalf("pressing a piece did not select it: %+v", to)
	}
	a.do("drag", chromedp.MouseEvent(chromedp.MouseMoved, (from.X+to.X)/2, (from.Y+to.Y)/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, to.X, to.Y, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseReleased, to.X, to.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	a.waitJS("the dragged move", fmt.Sprintf(`(() => { const x = %s; return x.Version > %d && !x.Busy; })()`, turnJS, v0))

	// The language switch redraws the game page.
	a.clickAt(`[data-lang="fr"]`)
	a.waitJS("the game page in French", `document.querySelector('#resign')?.textContent === 'Abandonner' && document.querySelector('#status').textContent.includes('Même écran')`)
	a.clickAt(`[data-lang="en"]`)
	a.waitJS("the game page in English", `document.querySelector('#resign')?.textContent === 'Resign'`)

	rng := rand.New(rand.NewPCG(5, 6))
	for range 4 {
		if !a.turn().Mine {
			t.Fatalf("hot-seat: the screen cannot move: %+v", a.turn())
		}
		playMove(t, a, rng)
	}

	// Replay: Alt+Left steps back through the history, a click on the last
	// move of the list comes back to the live game.
	live := a.turn()
	a.do("Alt+Left", chromedp.KeyEvent(kb.ArrowLeft, chromedp.KeyModifiers(chromedp.ModifierAlt)))
	a.waitJS("the replay", fmt.Sprintf(`document.querySelector('#board').dataset.position !== %q && document.querySelector('#status').textContent.startsWith('Replay')`, live.Position))
	if n := eval[int](a, `document.querySelectorAll('#board [data-loc].target').length`); n != 0 {
		t.Errorf("the replayed board has %d clickable targets", n)
	}
	eval[bool](a, `(() => { [...document.querySelectorAll('#movelist button[data-seq]')].at(-1).id = 'last-move'; return true; })()`)
	a.clickAt("#last-move")
	a.waitJS("the live game", fmt.Sprintf(`document.querySelector('#board').dataset.position === %q && document.querySelector('#status').dataset.turn === 'me'`, live.Position))
}

// versusAI plays Mahboussé against the computer: the server rolls and
// answers, the page follows.
func versusAI(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "vs-ai")
	newGameForm(t, a, base, "#new-game", "mahbousse", "#seat-1", "ai:random")
	a.waitJS("the game page", boardReady)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 4 {
		a.waitJS(fmt.Sprintf("my turn %d", i+1), `document.querySelector('#status').dataset.turn === 'me' || document.querySelector('#game').dataset.over === '1'`)
		if a.turn().Over {
			break
		}
		playMove(t, a, rng)
	}
	if n := eval[int](a, `document.querySelectorAll('#movelist button[data-seq]:not(.roll)').length`); n < 4 {
		t.Errorf("after 4 turns the move list has %d players' moves", n)
	}
}
