package server_test

import (
	"context"
	"io"
	"regexp"
	"testing"
	"time"

	"plateau/server"
)

func gamesLive(t *testing.T, ts *testServer) string {
	resp, err := ts.HTTP.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^plateau_games_live (\d+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("no plateau_games_live in /metrics:\n%s", b)
	}
	return string(m[1])
}

// A room without clients unloads; the next client reloads it from the log
// and the game goes on.
func TestIdleRoomUnloadsAndReloads(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.IdleTimeout = 50 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	g := ts.create(t, "dames", nil, "hh", false)
	p := join(t, ts, g.ID, 0, g.Seats[0].Token, g.Seats[1].Token)
	for p.version < 4 {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for p.pending {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if live := gamesLive(t, ts); live != "1" {
		t.Errorf("games live with a client: %s, want 1", live)
	}
	p.conn.Close()
	deadline := time.Now().Add(10 * time.Second)
	for gamesLive(t, ts) != "0" {
		if time.Now().After(deadline) {
			t.Fatal("the idle room did not unload")
		}
		time.Sleep(20 * time.Millisecond)
	}
	q := join(t, ts, g.ID, p.version, g.Seats[0].Token, g.Seats[1].Token)
	if q.version != p.version || q.view.Position != p.view.Position {
		t.Fatalf("reloaded at version %d %q, want %d %q", q.version, q.view.Position, p.version, p.view.Position)
	}
	for q.version < p.version+2 {
		if err := q.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
}
