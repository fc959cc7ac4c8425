package e2e

import (
	"net/http/httptest"
	"plateau/game"
	"testing"

	"plateau/games"
)

// startServer serves the web client and the API on a loopback port.
func startServer(t *testing.T) string {
	t.Helper()
	ts := httptest.NewServer(newFake(registry(), "../server/web"))
	t.Cleanup(ts.Close)
	return ts.URL
}

// extraGames are engines not yet in games.Registry, added by the e2edev
// build tag while they are written.
var extraGames []game.Game

func registry() *game.Registry {
	r := games.Registry()
	for _, g := range extraGames {
		if _, err := r.Lookup(g.ID()); err != nil {
			r.Register(g)
		}
	}
	return r
}
