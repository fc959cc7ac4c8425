package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"plateau/ai/level"
	"plateau/games"
	"plateau/hints"
	"plateau/server"
	"plateau/store/sqlite"
)

// startServer runs the real server (package server over the SQLite store)
// on a loopback port and returns its URL.
func startServer(t testing.TB) string {
	t.Helper()
	url, _ := startServerStore(t)
	return url
}

// startServerStore is startServer that also returns the store, for tests
// that create games with a dice seed of their choosing (seededGame).
func startServerStore(t testing.TB) (string, *sqlite.Store) {
	t.Helper()
	return startServerWith(t, nil)
}

// startServerWith is startServerStore with options changed by tune.
func startServerWith(t testing.TB, tune func(*server.Options)) (string, *sqlite.Store) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "plateau.db"))
	if err != nil {
		t.Fatalf("opening the store: %v", err)
	}
	o := server.Options{Store: st, Games: games.Registry(), AILevels: level.Names, AITime: 200 * time.Millisecond,
		Rate: 1e6, Burst: 1e6, GamesPerMinute: -1, LiveGames: -1, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Hints: hints.Providers()}
	if tune != nil {
		tune(&o)
	}
	srv := server.New(o)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.CloseClientConnections()
		srv.Close()
		ts.Close()
		st.Close()
	})
	return ts.URL, st
}

// testClock is a server.Options.Now that a test moves on (the lobby's,
// the tournaments' and the sessions' clock; the games keep GamesNow's):
// a tournament's end comes when the test says, not after minutes.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
