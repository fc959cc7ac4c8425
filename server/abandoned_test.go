package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

// The attack of issue 67 (item 2): games made with a long clock, their
// first move played, then abandoned, held every room of --max-rooms
// (a room whose clock ran was never unloaded), and every other game
// answered 503 busy until the clocks ran out. Now a room whose clock
// runs unloads like any other, and the clock wheel ends each game on
// time while it is unloaded. Red on main b61b991 (the 41st game: 503).
func TestAbandonedTimedGamesDoNotHoldRooms(t *testing.T) {
	t.Parallel() // it waits on timers: it runs beside the other waiting tests
	const held = 40
	ts := newTestServer(t, func(o *server.Options) {
		o.MaxRooms = held
		o.IdleTimeout = 100 * time.Millisecond
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	create := func() wsclient.Created {
		t.Helper()
		// 0.2 minute: 12 s for the game, the second seat's from the first
		// move, long enough for the 40 games to be set up first under -race.
		resp, err := ts.HTTP.Post(ts.URL+"/api/games", "application/json", strings.NewReader(
			`{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}],"clock":{"minutes":0.2}}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("create a timed game: %d %s", resp.StatusCode, b)
		}
		var c wsclient.Created
		json.Unmarshal(b, &c)
		return c
	}
	moved := map[string]time.Time{} // game → when seat 1's clock started
	for range held {
		c := create()
		p := join(t, ts, c.ID, 0, c.Seats[0].Token, c.Seats[1].Token)
		if err := p.conn.Send(ctx, map[string]any{"type": "move", "version": p.version, "move": p.view.Moves[0].Notation}); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := p.conn.Next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if m.Type == "ack" {
				break
			}
		}
		moved[c.ID] = time.Now()
		p.conn.Close()
	}
	// A 41st game, and the page of each held one, while every clock runs.
	next := create()
	for id := range moved {
		var sum room.Summary
		if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+id, &sum); err != nil {
			t.Fatalf("game %s while %d abandoned timed games are stored: %v", id, held, err)
		}
	}
	p := join(t, ts, next.ID, 0, next.Seats[0].Token)
	p.conn.Close()

	// Each abandoned game ends on time, unloaded meanwhile: every room
	// unloads before the first clock runs out.
	var first time.Time
	for _, at := range moved {
		if first.IsZero() || at.Before(first) {
			first = at
		}
	}
	for m := metricsText(t, ts); !strings.Contains(m, "plateau_games_live 0\n"); m = metricsText(t, ts) {
		if time.Until(first.Add(12*time.Second)) < time.Second {
			t.Fatalf("the rooms were still loaded near the first deadline, /metrics:\n%s", m)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if m := metricsText(t, ts); !strings.Contains(m, "plateau_rooms_refused_total 0\n") {
		t.Errorf("/metrics:\n%s", m)
	}
	time.Sleep(time.Until(first.Add(12 * time.Second)))
	for id, at := range moved {
		deadline := at.Add(12 * time.Second)
		waitFinished(t, ts, ctx, id)
		evs, err := ts.Store.Events(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		var timeout *store.Event
		for i := range evs {
			if evs[i].Kind == room.KindTimeout {
				timeout = &evs[i]
			}
		}
		if timeout == nil || timeout.Player != 1 {
			t.Errorf("game %s: no timeout of seat 1 in %+v", id, evs)
			continue
		}
		// The deadline counts from the first move's stored time, a little
		// before the ack; the wheel reads every second.
		if late := timeout.Time.Sub(deadline); late > 1500*time.Millisecond {
			t.Errorf("game %s: timeout %v after its deadline", id, late)
		}
	}
}

// waitFinished waits until game id is finished in the store.
func waitFinished(t *testing.T, ts *testServer, ctx context.Context, id string) {
	t.Helper()
	for {
		g, err := ts.Store.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == store.StatusFinished {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("game %s not finished: %s", id, g.Status)
		case <-time.After(20 * time.Millisecond):
		}
	}
}
