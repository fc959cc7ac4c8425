package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"plateau/games"
	"plateau/server"
	"plateau/store/sqlite"
)

// TestBrowserPausedSpectator: a spectator's page of a game no player is
// connected to is closed by the server after --no-player-timeout (4000);
// the page says the game is paused, does not reconnect by itself, and
// follows the game again when asked.
func TestBrowserPausedSpectator(t *testing.T) {
	bctx := browser(t)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: st, Games: games.Registry(), GamesPerMinute: -1, LiveGames: -1,
		PlayerlessTimeout: 2 * time.Second, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.CloseClientConnections()
		srv.Close()
		ts.Close()
		st.Close()
	})
	tb := newTab(t, bctx, "spectator")
	tb.open(ts.URL+"/", `!!document.body`)
	id := eval[string](tb, `fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({game: 'dames', seats: [{kind: 'human'}, {kind: 'human'}]})}).then((r) => r.json()).then((c) => c.id)`)
	tb.open(ts.URL+"/g/"+id, boardReady)
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
