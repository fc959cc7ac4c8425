// Package storetest is the conformance suite that every store.Store
// implementation runs from its own tests.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"plateau/store"
)

// Run checks the Store contract. open returns a new, empty store; Run
// closes it.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"CreateAndGet", testCreateAndGet},
		{"CreateDuplicate", testCreateDuplicate},
		{"NotFound", testNotFound},
		{"AppendAndEvents", testAppendAndEvents},
		{"AppendConflict", testAppendConflict},
		{"AppendUpdate", testAppendUpdate},
		{"ConcurrentAppendOneWins", testConcurrentAppend},
		{"ManyGamesInParallel", testManyGames},
		{"List", testList},
		{"ListLobby", testListLobby},
		{"ListMovedWithHuman", testListMovedWithHuman},
		{"ClaimOpenSeat", testClaim},
		{"ConcurrentClaimOneWins", testConcurrentClaim},
		{"CheckWrite", testCheckWrite},
		{"DeleteStale", testDeleteStale},
		{"DeleteStaleMany", testDeleteStaleMany},
		{"CancelledContext", testCancelledContext},
		{"RatedFlag", testRatedFlag},
		{"RateOnEnd", testRateOnEnd},
		{"RateAtomic", testRateAtomic},
		{"ConcurrentRate", testConcurrentRate},
		{"Leaderboard", testLeaderboard},
		{"RatedPairings", testRatedPairings},
		{"SeedRating", testSeedRating},
		{"Accounts", testAccounts},
		{"ConcurrentSignUpOneWins", testConcurrentSignUp},
		{"Sessions", testSessions},
		{"SeatAccounts", testSeatAccounts},
		{"PlayerGames", testPlayerGames},
		{"Reviews", testReviews},
		{"Deadlines", testDeadlines},
		{"Awaiting", testAwaiting},
		{"DeleteStaleCorrespondence", testDeleteStaleCorrespondence},
		{"Signature", testSignature},
		{"FairPlay", testFairPlay},
		{"Puzzles", testPuzzles},
		{"ConcurrentPuzzleAttempts", testConcurrentPuzzleAttempts},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			}()
			tt.fn(t, s)
		})
	}
}

// NewGame returns a game record for tests.
func NewGame(id string) *store.Game {
	now := time.Now().UTC().Truncate(time.Millisecond)
	return &store.Game{
		ID: id, Game: "shutbox", Variant: map[string]string{"tiles": "9", "players": "2"}, Casual: true,
		Seats: []store.Seat{
			{Kind: store.Human, TokenHash: bytes.Repeat([]byte{1}, 32)},
			{Kind: store.AI, Level: "easy"},
		},
		Status: store.StatusOpen, DiceSeed: bytes.Repeat([]byte{9}, 32), Created: now, Updated: now,
	}
}

func mustCreate(t *testing.T, s store.Store, g *store.Game) {
	t.Helper()
	if err := s.Create(context.Background(), g); err != nil {
		t.Fatalf("Create(%s): %v", g.ID, err)
	}
}

func events(from, n int64) []store.Event {
	var evs []store.Event
	for i := int64(0); i < n; i++ {
		evs = append(evs, store.Event{Seq: from + i, Kind: "move", Player: int((from + i) % 2), Notation: fmt.Sprintf("m%d", from+i),
			Data: json.RawMessage(`{"k":1}`), Time: time.Now().UTC()})
	}
	return evs
}

func testCreateAndGet(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := NewGame("g1")
	want.RematchOf = "g0"
	want.Clock = store.Clock{Initial: 5 * time.Minute, Increment: 2500 * time.Millisecond}
	mustCreate(t, s, want)
	corr := NewGame("g1c")
	corr.Clock = store.Clock{PerMove: 72 * time.Hour}
	mustCreate(t, s, corr)
	if got, err := s.Game(ctx, "g1c"); err != nil || got.Clock != corr.Clock {
		t.Errorf("Game(g1c).Clock = %+v, %v; want %+v", got.Clock, err, corr.Clock)
	}
	got, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != want.ID || got.Game != want.Game || got.Casual != want.Casual || got.Status != want.Status ||
		got.Version != 0 || got.RematchOf != "g0" || !bytes.Equal(got.DiceSeed, want.DiceSeed) ||
		!got.Created.Equal(want.Created) || len(got.Variant) != 2 || got.Variant["tiles"] != "9" || got.Result != nil ||
		got.Clock != want.Clock {
		t.Errorf("Game = %+v, want %+v", got, want)
	}
	if len(got.Seats) != 2 || got.Seats[0].Kind != store.Human || !bytes.Equal(got.Seats[0].TokenHash, want.Seats[0].TokenHash) ||
		got.Seats[1].Kind != store.AI || got.Seats[1].Level != "easy" || got.Seats[0].Joined {
		t.Errorf("seats = %+v, want %+v", got.Seats, want.Seats)
	}
}

func testCreateDuplicate(t *testing.T, s store.Store) {
	mustCreate(t, s, NewGame("dup"))
	if err := s.Create(context.Background(), NewGame("dup")); !errors.Is(err, store.ErrExists) {
		t.Errorf("second Create = %v, want ErrExists", err)
	}
	if g, _ := s.Game(context.Background(), "dup"); g.Clock.On() {
		t.Errorf("a game created without a clock has %+v", g.Clock)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Game(nope) = %v, want ErrNotFound", err)
	}
	if err := s.Append(ctx, "nope", events(1, 1), nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append(nope) = %v, want ErrNotFound", err)
	}
	if evs, err := s.Events(ctx, "nope", 0); err != nil || len(evs) != 0 {
		t.Errorf("Events(nope) = %v, %v; want none", evs, err)
	}
}

func testAppendAndEvents(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, NewGame("a"))
	if err := s.Append(ctx, "a", events(1, 3), nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "a", events(4, 2), nil); err != nil {
		t.Fatal(err)
	}
	evs, err := s.Events(ctx, "a", 0)
	if err != nil || len(evs) != 5 {
		t.Fatalf("Events = %d events, %v; want 5", len(evs), err)
	}
	for i, e := range evs {
		if e.Seq != int64(i+1) || e.Notation != fmt.Sprintf("m%d", i+1) || e.Kind != "move" || e.Player != (i+1)%2 ||
			string(e.Data) != `{"k":1}` || e.Time.IsZero() {
			t.Errorf("event %d = %+v", i, e)
		}
	}
	if evs, _ := s.Events(ctx, "a", 3); len(evs) != 2 || evs[0].Seq != 4 {
		t.Errorf("Events(after 3) = %+v", evs)
	}
	if g, _ := s.Game(ctx, "a"); g.Version != 5 {
		t.Errorf("version = %d, want 5", g.Version)
	}
}

func testAppendConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, NewGame("c"))
	if err := s.Append(ctx, "c", events(1, 2), nil); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]store.Event{events(2, 1), events(1, 1), events(4, 1), events(0, 1),
		append(events(3, 1), events(5, 1)...)} {
		if err := s.Append(ctx, "c", bad, &store.Update{Status: store.StatusFinished}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append(seq %d...) = %v, want ErrConflict", bad[0].Seq, err)
		}
	}
	g, _ := s.Game(ctx, "c")
	evs, _ := s.Events(ctx, "c", 0)
	if g.Version != 2 || len(evs) != 2 || g.Status != store.StatusOpen {
		t.Errorf("after refused appends: version %d, %d events, status %s; want 2, 2, open", g.Version, len(evs), g.Status)
	}
}

func testAppendUpdate(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, NewGame("u"))
	if err := s.Append(ctx, "u", nil, &store.Update{Joined: []int{0}, Status: store.StatusLive}); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Game(ctx, "u")
	if !g.Seats[0].Joined || g.Seats[1].Joined || g.Status != store.StatusLive || g.Version != 0 {
		t.Errorf("after join: %+v", g)
	}
	res := json.RawMessage(`{"over":true}`)
	if err := s.Append(ctx, "u", events(1, 1), &store.Update{Status: store.StatusFinished, Result: res}); err != nil {
		t.Fatal(err)
	}
	g, _ = s.Game(ctx, "u")
	if g.Status != store.StatusFinished || string(g.Result) != string(res) || g.Version != 1 || !g.Updated.After(g.Created) {
		t.Errorf("after finish: %+v", g)
	}
}

func testConcurrentAppend(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, NewGame("r"))
	errs := race(8, func(int) error { return s.Append(ctx, "r", events(1, 1), nil) })
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("racing Append = %v, want nil or ErrConflict", err)
		}
	}
	if evs, _ := s.Events(ctx, "r", 0); ok != 1 || len(evs) != 1 {
		t.Errorf("%d racing appends of seq 1 succeeded, %d events stored; want 1 and 1", ok, len(evs))
	}
}

func testManyGames(t *testing.T, s store.Store) {
	ctx := context.Background()
	const games, moves = 20, 10
	var wg sync.WaitGroup
	errc := make(chan error, games)
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("m%d", i)
			if err := s.Create(ctx, NewGame(id)); err != nil {
				errc <- err
				return
			}
			for seq := int64(1); seq <= moves; seq++ {
				if err := s.Append(ctx, id, events(seq, 1), nil); err != nil {
					errc <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Error(err)
	}
	for i := range games {
		if evs, err := s.Events(ctx, fmt.Sprintf("m%d", i), 0); err != nil || len(evs) != moves {
			t.Errorf("game m%d: %d events, %v; want %d", i, len(evs), err, moves)
		}
	}
}

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
	if err := s.Claim(ctx, "open1", 1, bytes.Repeat([]byte{7}, 32)); err != nil {
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

// openGame is NewGame with seat 1 an open human seat.
func openGame(id string) *store.Game {
	g := NewGame(id)
	g.Seats[1] = store.Seat{Kind: store.Human, Open: true}
	return g
}

func testClaim(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, openGame("o"))
	g, err := s.Game(ctx, "o")
	if err != nil {
		t.Fatal(err)
	}
	if g.Seats[0].Open || g.Seats[0].Claimable() || !g.Seats[1].Open || !g.Seats[1].Claimable() || len(g.Seats[1].TokenHash) != 0 {
		t.Fatalf("seats before the claim = %+v; want seat 1 open and claimable", g.Seats)
	}
	hash := bytes.Repeat([]byte{7}, 32)
	if err := s.Claim(ctx, "o", 1, hash); err != nil {
		t.Fatalf("Claim(o, 1) = %v", err)
	}
	g, _ = s.Game(ctx, "o")
	if !g.Seats[1].Open || g.Seats[1].Claimable() || !bytes.Equal(g.Seats[1].TokenHash, hash) || g.Seats[1].Joined {
		t.Errorf("seat 1 after the claim = %+v; want open, claimed with the hash, not joined", g.Seats[1])
	}
	for _, c := range []struct {
		id   string
		seat int
		want error
	}{
		{"o", 1, store.ErrSeatTaken},
		{"o", 0, store.ErrSeatNotOpen},
		{"o", 2, store.ErrNotFound},
		{"nope", 0, store.ErrNotFound},
	} {
		if err := s.Claim(ctx, c.id, c.seat, bytes.Repeat([]byte{8}, 32)); !errors.Is(err, c.want) {
			t.Errorf("Claim(%s, %d) = %v, want %v", c.id, c.seat, err, c.want)
		}
	}
	g, _ = s.Game(ctx, "o")
	if !bytes.Equal(g.Seats[1].TokenHash, hash) || !bytes.Equal(g.Seats[0].TokenHash, bytes.Repeat([]byte{1}, 32)) {
		t.Errorf("refused claims changed the seats: %+v", g.Seats)
	}
}

func testConcurrentClaim(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, openGame("oc"))
	errs := race(8, func(i int) error { return s.Claim(ctx, "oc", 1, bytes.Repeat([]byte{byte(10 + i)}, 32)) })
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Errorf("claims %d and %d of the same seat both succeeded", won, i)
		case err == nil:
			won = i
		case !errors.Is(err, store.ErrSeatTaken):
			t.Errorf("racing Claim = %v, want nil or ErrSeatTaken", err)
		}
	}
	if won < 0 {
		t.Fatal("no racing claim succeeded")
	}
	if g, _ := s.Game(ctx, "oc"); !bytes.Equal(g.Seats[1].TokenHash, bytes.Repeat([]byte{byte(10 + won)}, 32)) {
		t.Errorf("seat 1's token hash is not the winner's: %x", g.Seats[1].TokenHash)
	}
}

// race runs f(0) to f(n-1) at once and returns their errors by index.
func race(n int, f func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs[i] = f(i) })
	}
	wg.Wait()
	return errs
}

func testCheckWrite(t *testing.T, s store.Store) {
	ctx := context.Background()
	for i := range 3 {
		if err := s.CheckWrite(ctx); err != nil {
			t.Fatalf("CheckWrite %d on a new store: %v", i+1, err)
		}
	}
	mustCreate(t, s, NewGame("g1"))
	if err := s.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite with a game: %v", err)
	}
	if g, err := s.Game(ctx, "g1"); err != nil || g.Version != 0 {
		t.Errorf("after CheckWrite the game is %+v, %v; want it unchanged", g, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckWrite(ctx); err == nil {
		t.Error("CheckWrite on a closed store: nil error, want one")
	}
}

func testDeleteStale(t *testing.T, s store.Store) {
	ctx := context.Background()
	now := time.Now().UTC()
	ev := func(seq int64, kind string, player int) store.Event {
		return store.Event{Seq: seq, Kind: kind, Player: player, Notation: fmt.Sprintf("m%d", seq), Time: now}
	}
	// NewGame's seat 0 is human, seat 1 an AI.
	games := []struct {
		id      string
		updated time.Time // as created; an Append sets it to now
		events  []store.Event
		upd     *store.Update
		stale   bool
	}{
		{"empty", now, nil, nil, true},
		{"joined", now, nil, &store.Update{Joined: []int{0}, Status: store.StatusLive}, true},
		{"rolls-and-ai", now, []store.Event{ev(1, "roll", -1), ev(2, "move", 1)}, nil, true},
		{"human-moved", now, []store.Event{ev(1, "roll", -1), ev(2, "move", 0)}, nil, false},
		{"finished", now, []store.Event{ev(1, "move", 1)}, &store.Update{Status: store.StatusFinished, Result: json.RawMessage(`{"over":true}`)}, false},
		{"recent", now.Add(48 * time.Hour), nil, nil, false},
	}
	for _, g := range games {
		rec := NewGame(g.id)
		rec.Updated = g.updated
		mustCreate(t, s, rec)
		if g.events != nil || g.upd != nil {
			if err := s.Append(ctx, g.id, g.events, g.upd); err != nil {
				t.Fatalf("%s: %v", g.id, err)
			}
		}
	}
	// Nothing is untouched since an hour ago.
	if n, err := s.DeleteStale(ctx, now.Add(-time.Hour)); err != nil || n != 0 {
		t.Errorf("DeleteStale(an hour ago) = %d, %v; want 0", n, err)
	}
	cutoff := time.Now().Add(time.Hour)
	n, err := s.DeleteStale(ctx, cutoff)
	if err != nil || n != 3 {
		t.Errorf("DeleteStale = %d, %v; want 3", n, err)
	}
	for _, g := range games {
		_, err := s.Game(ctx, g.id)
		evs, eerr := s.Events(ctx, g.id, 0)
		switch {
		case g.stale && (!errors.Is(err, store.ErrNotFound) || eerr != nil || len(evs) != 0):
			t.Errorf("%s: after DeleteStale, Game: %v, %d events (%v); want ErrNotFound and none", g.id, err, len(evs), eerr)
		case !g.stale && (err != nil || eerr != nil || len(evs) != len(g.events)):
			t.Errorf("%s: after DeleteStale, Game: %v, %d events (%v); want it kept with %d", g.id, err, len(evs), eerr, len(g.events))
		}
	}
	if n, err := s.DeleteStale(ctx, cutoff); err != nil || n != 0 {
		t.Errorf("DeleteStale again = %d, %v; want 0", n, err)
	}
	// The id of a deleted game may be used again.
	mustCreate(t, s, NewGame("empty"))
}

func testDeleteStaleMany(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 500
	errs := race(n, func(i int) error { return s.Create(ctx, NewGame(fmt.Sprintf("s%03d", i))) })
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.DeleteStale(ctx, time.Now().Add(time.Hour))
	if err != nil || got != n {
		t.Errorf("DeleteStale of %d games = %d, %v", n, got, err)
	}
	if gs, err := s.List(ctx, store.Filter{}); err != nil || len(gs) != 0 {
		t.Errorf("after DeleteStale, List = %d games, %v; want none", len(gs), err)
	}
}

// testCancelledContext: each call with a cancelled context returns its
// error wrapped with what failed, and writes nothing.
func testCancelledContext(t *testing.T, s store.Store) {
	bg := context.Background()
	mustCreate(t, s, openGame("g"))
	ctx, cancel := context.WithCancel(bg)
	cancel()
	calls := []struct {
		name string
		call func() error
	}{
		{"Create", func() error { return s.Create(ctx, NewGame("h")) }},
		{"Append", func() error { return s.Append(ctx, "g", events(1, 1), nil) }},
		{"Claim", func() error { return s.Claim(ctx, "g", 1, bytes.Repeat([]byte{7}, 32)) }},
		{"Game", func() error { _, err := s.Game(ctx, "g"); return err }},
		{"List", func() error { _, err := s.List(ctx, store.Filter{}); return err }},
		{"Events", func() error { _, err := s.Events(ctx, "g", 0); return err }},
		{"DeleteStale", func() error { _, err := s.DeleteStale(ctx, time.Now().Add(time.Hour)); return err }},
		{"CheckWrite", func() error { return s.CheckWrite(ctx) }},
		{"PutReview", func() error { return s.PutReview(ctx, "g", "level hard", json.RawMessage(`{}`)) }},
		{"Review", func() error { _, err := s.Review(ctx, "g"); return err }},
	}
	for _, c := range calls {
		err := c.call()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled wrapped", c.name, err)
		} else if err == context.Canceled {
			t.Errorf("%s: %v is not wrapped with what failed", c.name, err)
		}
	}
	if _, err := s.Game(bg, "h"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("game h after a cancelled Create: %v, want not found", err)
	}
	g, err := s.Game(bg, "g")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Review(bg, "g"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("review of g after a cancelled PutReview: %v, want not found", err)
	}
	if g.Version != 0 || !g.Seats[1].Claimable() {
		t.Errorf("after cancelled calls: version %d, seat 1 %+v; want 0 and still claimable", g.Version, g.Seats[1])
	}
}

// testReviews: a game's review is stored, read back as it was, replaced by
// the next one, and deleted with its game.
func testReviews(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, NewGame("r"))
	if _, err := s.Review(ctx, "r"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Review of a game without one = %v, want ErrNotFound", err)
	}
	if _, err := s.Review(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Review(nope) = %v, want ErrNotFound", err)
	}
	if err := s.PutReview(ctx, "nope", "level hard", json.RawMessage(`{}`)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("PutReview(nope) = %v, want ErrNotFound", err)
	}
	before := time.Now().Add(-time.Second)
	for _, want := range []struct{ engine, report string }{
		{"level hard, 750ms a search", `{"game":"shutbox","moves":[{"ply":2,"move":"9","before":0.25}]}`},
		{"exact solver", `{"game":"shutbox","moves":[]}`},
	} {
		if err := s.PutReview(ctx, "r", want.engine, json.RawMessage(want.report)); err != nil {
			t.Fatalf("PutReview(r, %q): %v", want.engine, err)
		}
		got, err := s.Review(ctx, "r")
		if err != nil {
			t.Fatalf("Review(r): %v", err)
		}
		if got.Engine != want.engine || string(got.Report) != want.report || got.Created.Before(before) {
			t.Errorf("Review(r) = %q %s at %v, want %q %s after %v", got.Engine, got.Report, got.Created, want.engine, want.report, before)
		}
	}
	// A review goes with its game (a stale game's, though reviews are for
	// finished games).
	if err := s.PutReview(ctx, "r", "exact solver", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	if n, err := s.DeleteStale(ctx, time.Now().Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("DeleteStale of the reviewed open game = %d, %v; want 1", n, err)
	}
	if _, err := s.Review(ctx, "r"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Review of a deleted game = %v, want ErrNotFound", err)
	}
}

func testDeadlines(t *testing.T, s store.Store) {
	ctx := context.Background()
	t0 := time.Unix(1_800_000_000, 0).UTC()
	for _, id := range []string{"d1", "d2", "d3"} {
		mustCreate(t, s, NewGame(id))
	}
	for id, at := range map[string]time.Time{"d1": t0.Add(2 * time.Second), "d2": t0, "d3": t0.Add(time.Hour)} {
		if err := s.SetDeadline(ctx, id, at, -1); err != nil {
			t.Fatalf("SetDeadline(%s): %v", id, err)
		}
	}
	if err := s.SetDeadline(ctx, "nosuch", t0, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetDeadline of no game: %v, want ErrNotFound", err)
	}
	due := func(before time.Time, limit int) []store.Deadline {
		t.Helper()
		ds, err := s.Due(ctx, before, limit)
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	if got, want := due(t0.Add(2*time.Second), 0), []store.Deadline{{Game: "d2", At: t0, Seat: -1}, {Game: "d1", At: t0.Add(2 * time.Second), Seat: -1}}; !slices.Equal(got, want) {
		t.Errorf("Due: %v, want %v (earliest first, d3 not due)", got, want)
	}
	if got := due(t0.Add(time.Hour), 1); len(got) != 1 || got[0].Game != "d2" {
		t.Errorf("Due with limit 1: %v, want d2 alone", got)
	}
	// A new deadline replaces the old; zero removes it; finished games are never due.
	if err := s.SetDeadline(ctx, "d2", t0.Add(3*time.Hour), 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetDeadline(ctx, "d3", time.Time{}, -1); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "d1", events(1, 1), &store.Update{Status: store.StatusFinished, Result: json.RawMessage(`{"over":true}`)}); err != nil {
		t.Fatal(err)
	}
	if got, want := due(t0.Add(4*time.Hour), 0), []store.Deadline{{Game: "d2", At: t0.Add(3 * time.Hour), Seat: 1}}; !slices.Equal(got, want) {
		t.Errorf("Due after the changes: %v, want %v", got, want)
	}
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
