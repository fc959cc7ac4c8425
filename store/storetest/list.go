package storetest

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"plateau/store"
)

func testList(t *testing.T, s store.Store) {
	ctx := context.Background()
	base := time.Now().UTC().Truncate(time.Millisecond)
	for i, st := range []string{store.StatusOpen, store.StatusLive, store.StatusFinished, store.StatusOpen} {
		g := NewGame(fmt.Sprintf("l%d", i))
		g.Status = st
		g.Created = base.Add(time.Duration(i) * time.Second)
		mustCreate(t, s, g)
	}
	all, err := s.List(ctx, store.Filter{})
	if err != nil || len(all) != 4 || all[0].ID != "l3" || all[3].ID != "l0" || len(all[0].Seats) != 2 {
		t.Errorf("List() = %v, %v; want l3..l0 with seats", ids(all), err)
	}
	open, _ := s.List(ctx, store.Filter{Status: store.StatusOpen})
	if len(open) != 2 || open[0].ID != "l3" || open[1].ID != "l0" {
		t.Errorf("List(open) = %v, want [l3 l0]", ids(open))
	}
	one, _ := s.List(ctx, store.Filter{Limit: 1})
	if len(one) != 1 || one[0].ID != "l3" {
		t.Errorf("List(limit 1) = %v, want [l3]", ids(one))
	}
}

// testListLobby checks the lobby's filters: games with a seat anyone may
// take, and games active since or idle before a time, with their moves
// counted and the last one's time.
func testListLobby(t *testing.T, s store.Store) {
	ctx := context.Background()
	base := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	// open0: an open seat; open1: its open seat claimed; open2: a private
	// invite (a human seat not joined yet).
	for i, g := range []*store.Game{openGame("open0"), openGame("open1"), NewGame("open2")} {
		g.Created = base.Add(time.Duration(i) * time.Second)
		mustCreate(t, s, g)
	}
	if err := AppendSeatEvent(ctx, s, "open1", store.KindClaim, 1, store.SeatData{TokenHash: bytes.Repeat([]byte{7}, 32)}); err != nil {
		t.Fatal(err)
	}
	// Live games: fresh (created now, no move), moved (created 3 days ago,
	// moved an hour ago), stale (created 3 days ago, last move 2 days ago),
	// old (created 2 days ago, no move; a roll does not count as a move).
	now := base.Add(3 * day)
	type ev struct {
		kind string
		at   time.Time
	}
	live := []struct {
		id      string
		created time.Time
		events  []ev
	}{
		{"fresh", now, nil},
		{"moved", now.Add(-3 * day), []ev{{"roll", now.Add(-3 * day)}, {"move", now.Add(-2 * day)}, {"move", now.Add(-time.Hour)}, {"draw_offer", now.Add(-time.Minute)}}},
		{"stale", now.Add(-3 * day), []ev{{"move", now.Add(-3 * day)}, {"move", now.Add(-2 * day)}}},
		{"old", now.Add(-2*day + time.Second), []ev{{"roll", now.Add(-time.Minute)}}},
	}
	for _, l := range live {
		g := NewGame(l.id)
		g.Status = store.StatusLive
		g.Created = l.created
		mustCreate(t, s, g)
		var evs []store.Event
		for i, e := range l.events {
			evs = append(evs, store.Event{Seq: int64(i + 1), Kind: e.kind, Player: 0, Notation: "x", Time: e.at})
		}
		if len(evs) > 0 {
			if err := s.Append(ctx, l.id, evs, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	cutoff := now.Add(-day)
	for _, c := range []struct {
		name string
		f    store.Filter
		want []string
	}{
		{"claimable", store.Filter{Status: store.StatusOpen, Claimable: true}, []string{"open0"}},
		{"claimable any status", store.Filter{Claimable: true}, []string{"open0"}},
		{"active", store.Filter{Status: store.StatusLive, ActiveSince: cutoff}, []string{"fresh", "moved"}},
		{"idle", store.Filter{Status: store.StatusLive, IdleBefore: cutoff}, []string{"old", "stale"}},
		{"both", store.Filter{Status: store.StatusLive, ActiveSince: now.Add(-3 * day), IdleBefore: cutoff}, []string{"old", "stale"}},
		{"idle limit 1", store.Filter{Status: store.StatusLive, IdleBefore: cutoff, Limit: 1}, []string{"old"}},
	} {
		gs, err := s.List(ctx, c.f)
		if err != nil {
			t.Fatalf("List(%s): %v", c.name, err)
		}
		if fmt.Sprint(ids(gs)) != fmt.Sprint(c.want) {
			t.Errorf("List(%s) = %v, want %v", c.name, ids(gs), c.want)
		}
	}
	gs, err := s.List(ctx, store.Filter{Status: store.StatusLive})
	if err != nil {
		t.Fatal(err)
	}
	wantMoves := map[string]int{"fresh": 0, "moved": 2, "stale": 2, "old": 0}
	wantLast := map[string]time.Time{"moved": now.Add(-time.Hour), "stale": now.Add(-2 * day)}
	for _, g := range gs {
		if g.Moves != wantMoves[g.ID] || !g.LastMove.Equal(wantLast[g.ID]) {
			t.Errorf("listed game %s: %d moves, last at %v; want %d at %v", g.ID, g.Moves, g.LastMove, wantMoves[g.ID], wantLast[g.ID])
		}
		one, err := s.Game(ctx, g.ID)
		if err != nil || one.Moves != wantMoves[g.ID] || !one.LastMove.Equal(wantLast[g.ID]) {
			t.Errorf("Game(%s): %v; want %d moves, the last at %v", g.ID, err, wantMoves[g.ID], wantLast[g.ID])
		}
	}
	// Moves appended one by one add up the same.
	if err := s.Append(ctx, "stale", []store.Event{{Seq: 3, Kind: store.KindMove, Notation: "x", Time: now.Add(-time.Minute)}}, nil); err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(ctx, "stale"); err != nil || g.Moves != 3 || !g.LastMove.Equal(now.Add(-time.Minute)) || !g.Active().Equal(g.LastMove) {
		t.Errorf("after one more move, Game(stale) = %+v, %v; want 3 moves, the last a minute ago", g, err)
	}
}

func ids(gs []*store.Game) []string {
	var s []string
	for _, g := range gs {
		s = append(s, g.ID)
	}
	return s
}

// testListMovedWithHuman: the lobby's live list keeps games with a move
// and a human seat.
func testListMovedWithHuman(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, c := range []struct {
		id       string
		moves    int
		computer bool // both seats AI
	}{{"none", 0, false}, {"people", 2, false}, {"bots", 3, true}, {"botsidle", 0, true}} {
		g := NewGame(c.id)
		g.Status = store.StatusLive
		if c.computer {
			g.Seats[0] = store.Seat{Kind: store.AI, Level: "easy"}
		}
		mustCreate(t, s, g)
		var evs []store.Event
		for i := range c.moves {
			evs = append(evs, store.Event{Seq: int64(i + 1), Kind: store.KindMove, Notation: "x", Time: time.Now()})
		}
		if len(evs) > 0 {
			if err := s.Append(ctx, c.id, evs, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{Moved: true}, []string{"bots", "people"}},
		{store.Filter{WithHuman: true}, []string{"none", "people"}},
		{store.Filter{Status: store.StatusLive, Moved: true, WithHuman: true}, []string{"people"}},
	} {
		gs, err := s.List(ctx, c.f)
		if err != nil {
			t.Fatal(err)
		}
		got := ids(gs)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("List(%+v) = %v, want %v", c.f, got, c.want)
		}
	}
}
