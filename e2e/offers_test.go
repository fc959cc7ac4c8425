package e2e

import (
	"context"
	"math/rand/v2"
	"testing"
)

// offers plays the social side of a game of draughts: an undo request
// accepted, a draw offer declined, a resignation, the result dialog and a
// rematch that both players can open.
func offers(t *testing.T, bctx context.Context, base string) {
	a := newTab(t, bctx, "player1")
	path, invites := createGame(t, a, base, "dames")
	b := newTab(t, bctx, "player2")
	b.open(invites[0], boardReady)
	rng := rand.New(rand.NewPCG(3, 4))
	a.waitJS("player 1's turn", `document.querySelector('#status').dataset.turn === 'me'`)
	playMove(t, a, rng)

	a.clickAt("#undo-request")
	a.waitJS("the undo request waiting", `document.querySelector('#undo-request')?.disabled && !!document.querySelector('#undo-waiting')`)
	b.waitJS("the undo request", `!!document.querySelector('#undo-pending button.primary')`)
	b.clickAt("#undo-pending button.primary")
	a.waitJS("the move taken back", `document.querySelector('#status').dataset.turn === 'me' && document.querySelectorAll('#movelist li').length === 0 && !document.querySelector('#undo-waiting')`)

	// The connection drops: the page says hello again with its version and goes on.
	eval[bool](a, `(() => { window.plateauPage.conn.ws.close(); return true; })()`)
	a.waitJS("the reconnection", `window.plateauPage.conn.ws.readyState === 1 && document.querySelector('#reconnect').hidden`)
	a.clickAt("#draw-offer")
	b.waitJS("the draw offer", `!!document.querySelector('#draw-pending')`)
	b.clickAt("#draw-pending button:not(.primary)")
	a.waitJS("the declined draw", `!document.querySelector('#toast').hidden`)

	a.clickAt("#resign")
	a.waitJS("the resign confirmation", `document.querySelector('#resign').dataset.armed === '1'`)
	a.clickAt("#resign")
	b.waitJS("the result dialog", `!!document.querySelector('dialog#result[open]')`)
	if got := eval[string](b, `document.querySelector('dialog#result h2').textContent`); got != "★ You won!" {
		t.Errorf("the winner's dialog says %q", got)
	}
	a.waitJS("the loser's dialog", `document.querySelector('dialog#result[open] h2')?.textContent === '✕ You lost.'`)
	b.clickAt("#dialog-rematch")
	a.waitJS("the rematch link in the open dialog", `!!document.querySelector('dialog#result[open] #dialog-rematch-link')`)
	a.clickAt("#dialog-rematch-link")
	a.waitJS("the rematch game", boardReady+` && location.pathname !== '`+path+`'`)
	a.waitJS("a seat in the rematch", `document.querySelector('#players li.me') !== null`)
}
