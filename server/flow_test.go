package server_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

// seededStore gives every game it creates the same dice seed, so that a
// test's rolls, and with the test players' seeded choices its whole game,
// are the same on every run.
type seededStore struct {
	store.Store
	seed []byte
}

func (s seededStore) Create(ctx context.Context, g *store.Game) error {
	g.DiceSeed = bytes.Clone(s.seed)
	return s.Store.Create(ctx, g)
}

// withDiceSeed makes a test server's games roll from seed.
func withDiceSeed(seed []byte) func(*server.Options) {
	return func(o *server.Options) { o.Store = seededStore{o.Store, seed} }
}

// A spectator that disconnects mid-game and comes back with its version
// receives exactly the events it missed.
func TestReconnectCatchesUpExactly(t *testing.T) {
	// Shut the Box's dice are seeded so that the game outlasts the test
	// (with a random seed it ended too early in most runs).
	ts := newTestServer(t, withDiceSeed(bytes.Repeat([]byte{2}, 32)))
	for _, id := range []string{"dames", "shutbox"} {
		t.Run(id, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			g := ts.create(t, id, nil, "hh", false)
			hot := join(t, ts, g.ID, 0, g.Seats[0].Token, g.Seats[1].Token)
			watcher := join(t, ts, g.ID, 0)
			playUntil := func(v int64) {
				for hot.version < v && !hot.ended {
					if err := hot.step(ctx); err != nil {
						t.Fatal(err)
					}
				}
				for hot.pending {
					if err := hot.step(ctx); err != nil {
						t.Fatal(err)
					}
				}
			}
			playUntil(6)
			for watcher.version < hot.version {
				if err := watcher.step(ctx); err != nil {
					t.Fatal(err)
				}
			}
			left := watcher.version
			watcher.conn.Close()
			playUntil(left + 9)
			if hot.ended {
				t.Fatalf("the game ended at version %d, before the test could reconnect: seed the dice for a longer game", hot.version)
			}
			back := ts.dial(t, g.ID)
			w, err := back.Hello(ctx, left)
			if err != nil {
				t.Fatal(err)
			}
			if w.Version != hot.version {
				t.Fatalf("welcome version %d, want %d", w.Version, hot.version)
			}
			for v := left + 1; v <= hot.version; v++ {
				m, err := back.Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if m.Type != "event" || m.Version != v {
					t.Fatalf("catch-up: want event %d, got %s", v, m.Raw)
				}
				if v == hot.version && m.View.Position != hot.view.Position {
					t.Errorf("caught-up position %q, want %q", m.View.Position, hot.view.Position)
				}
			}
			// Nothing more until the next move, which arrives live.
			v0 := hot.version
			playUntil(v0 + 1)
			m, err := back.Next(ctx)
			if err != nil || m.Type != "event" || m.Version != v0+1 {
				t.Fatalf("after catch-up: %.300s, %v; want event %d", m.Raw, err, v0+1)
			}
		})
	}
}

func TestAgreementsUndoAndRematch(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	g := ts.create(t, "dames", nil, "hh", true)
	white := join(t, ts, g.ID, 0, g.Seats[0].Token)
	black := join(t, ts, g.ID, 0, g.Seats[1].Token)
	// request sends msg from p and waits for its ack (or error code).
	request := func(p *player, msg string) wsclient.Msg {
		t.Helper()
		if err := p.conn.SendRaw(ctx, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := p.conn.Next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if m.Type == "event" {
				p.version, p.view = m.Version, m.View
			}
			if m.Type == "ack" || m.Type == "error" {
				return m
			}
		}
	}
	expect := func(p *player, kinds ...string) {
		t.Helper()
		for _, k := range kinds {
			m, err := p.conn.Next(ctx)
			if err != nil || m.Type != "event" || m.Event.Kind != k {
				t.Fatalf("want event %s, got %s %v", k, m.Raw, err)
			}
			p.version, p.view = m.Version, m.View
		}
	}
	// Versions 1 and 2 are the seats' joins, which change no position: a
	// move made on version 0 is not stale.
	if m := request(white, `{"type":"move","version":0,"move":"32-28","id":"a"}`); m.Type != "ack" || m.ID != "a" || m.Version != 3 {
		t.Fatalf("move: %s", m.Raw)
	}
	expect(black, "move")
	if m := request(white, `{"type":"undo","action":"request"}`); m.Type != "ack" {
		t.Fatalf("undo request: %s", m.Raw)
	}
	expect(black, "undo_request")
	if m := request(black, `{"type":"undo","action":"accept"}`); m.Type != "ack" {
		t.Fatalf("undo accept: %s", m.Raw)
	}
	expect(white, "undo_accept")
	if white.view.ToMove != 0 || len(white.view.Moves) == 0 {
		t.Fatalf("after undo: white should move again, view %+v", white.view)
	}
	if m := request(white, `{"type":"draw","action":"offer"}`); m.Type != "ack" {
		t.Fatalf("draw offer: %s", m.Raw)
	}
	expect(black, "draw_offer")
	if m := request(black, `{"type":"draw","action":"accept"}`); m.Type != "ack" {
		t.Fatalf("draw accept: %s", m.Raw)
	}
	expect(white, "draw_accept", "end")
	if m := request(black, `{"type":"rematch"}`); m.Type != "ack" {
		t.Fatalf("rematch: %s", m.Raw)
	}
	m, err := white.conn.Next(ctx)
	if err != nil || m.Event == nil || m.Event.Kind != room.KindRematch || m.Event.RematchID == "" {
		t.Fatalf("want the rematch event, got %s %v", m.Raw, err)
	}
	// The same tokens play the rematch, seats swapped.
	next := join(t, ts, m.Event.RematchID, 0, g.Seats[0].Token)
	if len(next.seats) != 1 || next.seats[0] != 1 {
		t.Errorf("white's token holds seats %v in the rematch, want [1]", next.seats)
	}
}

func TestAISeatPlays(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.AI = nil })
	for _, id := range []string{"dames", "shutbox"} {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			testAISeatPlays(t, ts, ctx, id)
		})
	}
}

func testAISeatPlays(t *testing.T, ts *testServer, ctx context.Context, id string) {
	{
		g := ts.create(t, id, nil, "ha", false)
		p := join(t, ts, g.ID, 0, g.Seats[0].Token)
		for !p.over() {
			if err := p.step(ctx); err != nil {
				t.Fatal(err)
			}
		}
		// An AI-only game plays itself out.
		ai := ts.create(t, id, nil, "aa", false)
		w := join(t, ts, ai.ID, 0)
		for !w.over() {
			if err := w.step(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
}
