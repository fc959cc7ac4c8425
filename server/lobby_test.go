package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

// TestLobbyLists checks GET /api/games against a server whose clock is
// fixed: open lists only the games with a seat anyone may take, live only
// the games in progress with a person and a move that moved within
// DefaultInactive (15 minutes), inactive the others with a person and a
// move; games between computers and games without a move are in neither
// (issue 68 point 9: "AI medium · 0 moves" games walled the lobby); each
// entry has its move count and age.
func TestLobbyLists(t *testing.T) {
	now := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
	ts := newTestServer(t, func(o *server.Options) {
		o.Now = func() time.Time { return now }
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	put := func(id, status string, created time.Time, seats []store.Seat, moves ...time.Time) {
		t.Helper()
		rec, err := room.NewGameRecord("dames", map[string]string{"draw": "seed", "huffing": "off"}, false, seats)
		if err != nil {
			t.Fatal(err)
		}
		rec.ID, rec.Status, rec.Created, rec.Updated = id, status, created, created
		if err := ts.Store.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		var evs []store.Event
		notation := []string{"32-28", "19-23", "28x19", "14x23"}
		for i, at := range moves {
			evs = append(evs, store.Event{Seq: int64(i + 1), Kind: room.KindMove, Player: i % 2, Notation: notation[i], Time: at})
		}
		if len(evs) > 0 {
			if err := ts.Store.Append(ctx, id, evs, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	hash := make([]byte, 32)
	human := store.Seat{Kind: store.Human, TokenHash: hash}
	joined := store.Seat{Kind: store.Human, TokenHash: hash, Joined: true}
	open := store.Seat{Kind: store.Human, Open: true}
	ai := store.Seat{Kind: store.AI, Level: "easy"}
	put("takeable", store.StatusOpen, now.Add(-time.Hour), []store.Seat{human, open})
	put("invite", store.StatusOpen, now.Add(-time.Hour), []store.Seat{human, human})
	put("vsai", store.StatusOpen, now.Add(-time.Hour), []store.Seat{human, ai})
	put("fresh", store.StatusLive, now.Add(-90*time.Minute), []store.Seat{joined, joined}, now.Add(-20*time.Minute), now.Add(-5*time.Minute))
	put("slow", store.StatusLive, now.Add(-72*time.Hour), []store.Seat{joined, ai}, now.Add(-72*time.Hour), now.Add(-10*time.Minute))
	put("stale", store.StatusLive, now.Add(-72*time.Hour), []store.Seat{joined, ai}, now.Add(-72*time.Hour), now.Add(-25*time.Minute), now.Add(-25*time.Minute))
	put("silent", store.StatusLive, now.Add(-25*time.Hour), []store.Seat{joined, joined})
	put("bots", store.StatusLive, now.Add(-5*time.Minute), []store.Seat{ai, ai}, now.Add(-3*time.Minute), now.Add(-2*time.Minute))
	put("done", store.StatusFinished, now.Add(-30*time.Hour), []store.Seat{joined, joined})

	list := func(status string) []server.Listed {
		t.Helper()
		var got []server.Listed
		if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games?status="+status, &got); err != nil {
			t.Fatalf("GET /api/games?status=%s: %v", status, err)
		}
		return got
	}
	for _, c := range []struct {
		status string
		want   []string
	}{
		{"open", []string{"takeable"}},
		{"live", []string{"fresh", "slow"}},
		{"inactive", []string{"stale"}},
		{"finished", []string{"done"}},
	} {
		var ids []string
		for _, g := range list(c.status) {
			ids = append(ids, g.ID)
		}
		if fmt.Sprint(ids) != fmt.Sprint(c.want) {
			t.Errorf("status=%s lists %v, want %v", c.status, ids, c.want)
		}
	}
	for _, c := range []struct {
		status, id string
		moves      int
		age        time.Duration
		last       time.Time
	}{
		{"open", "takeable", 0, time.Hour, time.Time{}},
		{"live", "fresh", 2, 90 * time.Minute, now.Add(-5 * time.Minute)},
		{"live", "slow", 2, 72 * time.Hour, now.Add(-10 * time.Minute)},
		{"inactive", "stale", 3, 72 * time.Hour, now.Add(-25 * time.Minute)},
	} {
		for _, g := range list(c.status) {
			if g.ID != c.id {
				continue
			}
			var last time.Time
			if g.LastMove != nil {
				last = *g.LastMove
			}
			if g.MoveCount != c.moves || g.AgeS != int64(c.age/time.Second) || !last.Equal(c.last) {
				t.Errorf("%s: %d moves, %d s old, last move %v; want %d, %d s, %v", c.id, g.MoveCount, g.AgeS, last, c.moves, int64(c.age/time.Second), c.last)
			}
		}
	}

	// An hour later than the clock says, the live games have gone inactive.
	now = now.Add(time.Hour)
	if got := list("live"); len(got) != 0 {
		t.Errorf("an hour later, status=live lists %d games, want none", len(got))
	}
	if got := list("inactive"); len(got) != 3 {
		t.Errorf("an hour later, status=inactive lists %d games, want 3", len(got))
	}
}

// TestLobbyInactiveIsConfigurable checks Options.Inactive.
func TestLobbyInactiveIsConfigurable(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Inactive = time.Nanosecond })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	rec, err := room.NewGameRecord("dames", nil, false,
		[]store.Seat{{Kind: store.Human, TokenHash: make([]byte, 32), Joined: true}, {Kind: store.AI, Level: "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	rec.Created = rec.Created.Add(-time.Second)
	if err := ts.Store.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	move := store.Event{Seq: 1, Kind: room.KindMove, Player: 0, Notation: "32-28", Time: rec.Created}
	if err := ts.Store.Append(ctx, rec.ID, []store.Event{move}, nil); err != nil {
		t.Fatal(err)
	}
	var live, inactive []server.Listed
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games?status=live", &live); err != nil {
		t.Fatal(err)
	}
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games?status=inactive", &inactive); err != nil {
		t.Fatal(err)
	}
	if len(live) != 0 || len(inactive) != 1 || inactive[0].ID != rec.ID {
		t.Errorf("with Inactive = 1ns: live %d games, inactive %d; want 0 and 1", len(live), len(inactive))
	}
}
