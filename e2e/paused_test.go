package e2e

import (
	"testing"
	"time"

	"plateau/server"
)

// TestBrowserPausedSpectator: a spectator's page of a game no player is
// connected to is closed by the server after --no-player-timeout (4000);
// the page says the game is paused, does not reconnect by itself, and
// follows the game again when asked.
func TestBrowserPausedSpectator(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	base, _ := startServerWith(t, func(o *server.Options) { o.PlayerlessTimeout = 2 * time.Second })
	tb := newTab(t, bctx, "spectator")
	tb.open(base+"/", `!!document.body`)
	id := eval[string](tb, `fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'dames', seats: [{kind: 'human'}, {kind: 'human'}]})}).then((r) => r.json()).then((c) => c.id)`)
	tb.open(base+"/g/"+id, boardReady)
	tb.waitJSWithin("the paused banner", `!!document.querySelector('#reconnect:not([hidden]) #resume')`, 15*time.Second)
	if got := eval[string](tb, `document.querySelector('#reconnect').textContent`); got != "No player is connected: the game is paused here. Follow it again" {
		t.Errorf("the banner says %q", got)
	}
	if eval[bool](tb, `window.plateauPage.conn.welcomed`) {
		t.Error("the paused page reconnected by itself")
	}
	tb.clickAt("#resume")
	tb.waitJSWithin("the page following the game again", `window.plateauPage.conn.welcomed`, 10*time.Second)
}
