package storetest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"plateau/store"
)

// testAwaiting: an account's correspondence games whose running clock is
// its seat's, earliest deadline first; not another seat's, not a game
// without a per-move clock, not a finished game.
func testAwaiting(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("ann", "ann"))
	mustCreateAccount(t, s, NewAccount("bob", "bob"))
	t0 := time.Unix(1_800_000_000, 0).UTC()
	for _, c := range []struct {
		id      string
		perMove time.Duration
		seat    int // the running seat; ann holds seat 0, bob seat 1
	}{{"c1", 48 * time.Hour, 0}, {"c2", 24 * time.Hour, 0}, {"c3", 24 * time.Hour, 1}, {"blitz", 0, 0}, {"over", 24 * time.Hour, 0}} {
		g := NewGame(c.id)
		g.Seats[0].Account = "ann"
		g.Seats[1] = store.Seat{Kind: store.Human, Account: "bob"}
		g.Status = store.StatusLive
		g.Clock = store.Clock{PerMove: c.perMove}
		if c.perMove == 0 {
			g.Clock = store.Clock{Initial: time.Minute}
		}
		mustCreate(t, s, g)
		if err := s.SetDeadline(ctx, c.id, t0.Add(c.perMove), c.seat); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "over", events(1, 1), &store.Update{Status: store.StatusFinished, Result: json.RawMessage(`{"over":true}`)}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		account string
		limit   int
		want    []store.Deadline
	}{
		{"ann", 0, []store.Deadline{{Game: "c2", At: t0.Add(24 * time.Hour), Seat: 0}, {Game: "c1", At: t0.Add(48 * time.Hour), Seat: 0}}},
		{"ann", 1, []store.Deadline{{Game: "c2", At: t0.Add(24 * time.Hour), Seat: 0}}},
		{"bob", 0, []store.Deadline{{Game: "c3", At: t0.Add(24 * time.Hour), Seat: 1}}},
		{"nobody", 0, nil},
	} {
		got, err := s.Awaiting(ctx, c.account, c.limit)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("Awaiting(%s, %d) = %v, %v; want %v", c.account, c.limit, got, err, c.want)
		}
	}
}

// testDeleteStaleCorrespondence: a correspondence game never started is
// stale only once untouched for its time a move more than others.
func testDeleteStaleCorrespondence(t *testing.T, s store.Store) {
	ctx := context.Background()
	now := time.Now().UTC()
	g := NewGame("corr")
	g.Clock = store.Clock{PerMove: 48 * time.Hour}
	g.Updated = now
	mustCreate(t, s, g)
	if n, err := s.DeleteStale(ctx, now.Add(47*time.Hour)); err != nil || n != 0 {
		t.Errorf("DeleteStale 47 h on = %d, %v; want 0: the first move has two days", n, err)
	}
	if n, err := s.DeleteStale(ctx, now.Add(49*time.Hour)); err != nil || n != 1 {
		t.Errorf("DeleteStale 49 h on = %d, %v; want 1", n, err)
	}
}
