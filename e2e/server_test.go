package e2e

import (
	"net/http/httptest"
	"testing"

	"plateau/games"
)

// startServer serves the web client and the API on a loopback port.
func startServer(t *testing.T) string {
	t.Helper()
	ts := httptest.NewServer(newFake(games.Registry(), "../server/web"))
	t.Cleanup(ts.Close)
	return ts.URL
}
