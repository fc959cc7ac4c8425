// Package storetest is the conformance suite that every store.Store
// implementation runs from its own tests.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
		{"Join", testJoin},
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
		{"FairPlaySamples", testFairPlaySamples},
		{"FairPlayMarks", testFairPlayMarks},
		{"Puzzles", testPuzzles},
		{"PuzzleAttempts", testPuzzleAttempts},
		{"PuzzleStreaks", testPuzzleStreaks},
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
	want.Clock = store.Clock{Initial: 5 * time.Minute, Increment: 2500 * time.Millisecond, Berserk: true}
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
	if err := s.Append(ctx, "u", nil, &store.Update{Status: store.StatusLive}); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Game(ctx, "u")
	if g.Status != store.StatusLive || g.Version != 0 {
		t.Errorf("after an update alone: %+v", g)
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

// openGame is NewGame with seat 1 an open human seat.
func openGame(id string) *store.Game {
	g := NewGame(id)
	g.Seats[1] = store.Seat{Kind: store.Human, Open: true}
	return g
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
		{"Claim", func() error {
			return s.Append(ctx, "g", []store.Event{{Seq: 1, Kind: store.KindClaim, Player: 1, Data: json.RawMessage(`{"token_hash":"BwcH"}`)}}, nil)
		}},
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
