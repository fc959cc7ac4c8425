package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"plateau/store"
)

// TournamentStore is a store with tournaments.
type TournamentStore interface {
	store.Store
	store.Tournaments
}

// RunTournaments checks the store.Tournaments contract. open returns a
// new, empty store; RunTournaments closes it.
func RunTournaments(t *testing.T, open func(t *testing.T) TournamentStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s TournamentStore)
	}{
		{"CreateAndList", testTournamentCreate},
		{"Append", testTournamentAppend},
		{"ConcurrentAppendOneWins", testTournamentConcurrent},
		{"Lease", testTournamentLease},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			}()
			mustCreateAccount(t, s, NewAccount("a1", "Ana"))
			mustCreateAccount(t, s, NewAccount("a2", "Bo"))
			tt.fn(t, s)
		})
	}
}

var tournamentT0 = time.Unix(1_800_000_000, 0).UTC()

// NewTournament returns a tournament record for tests.
func NewTournament(id, creator string, starts time.Time) *store.Tournament {
	return &store.Tournament{ID: id, Kind: "arena", Game: "dames", Name: "Arena " + id, Creator: creator,
		Spec: json.RawMessage(`{"minutes":30}`), Starts: starts, Status: store.TournamentOpen, Created: starts.Add(-time.Hour)}
}

func mustCreateTournament(t *testing.T, s TournamentStore, tr *store.Tournament) {
	t.Helper()
	if err := s.CreateTournament(context.Background(), tr); err != nil {
		t.Fatalf("CreateTournament(%s): %v", tr.ID, err)
	}
}

func testTournamentCreate(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	t1 := NewTournament("t1", "a1", tournamentT0.Add(2*time.Hour))
	mustCreateTournament(t, s, t1)
	mustCreateTournament(t, s, NewTournament("t2", "a1", tournamentT0.Add(time.Hour)))
	mustCreateTournament(t, s, NewTournament("t3", "a2", tournamentT0.Add(3*time.Hour)))
	if err := s.CreateTournament(ctx, NewTournament("t1", "a2", tournamentT0)); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateTournament(t1 again) = %v, want ErrExists", err)
	}
	if err := s.CreateTournament(ctx, NewTournament("t4", "nobody", tournamentT0)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("CreateTournament(by no account) = %v, want ErrNotFound", err)
	}
	got, err := s.Tournament(ctx, "t1")
	if err != nil {
		t.Fatalf("Tournament(t1): %v", err)
	}
	if got.ID != "t1" || got.Kind != t1.Kind || got.Game != t1.Game || got.Name != t1.Name || got.Creator != "a1" ||
		string(got.Spec) != string(t1.Spec) || !got.Starts.Equal(t1.Starts) || got.Status != store.TournamentOpen ||
		!got.Created.Equal(t1.Created) || got.Version != 0 {
		t.Errorf("Tournament(t1) = %+v, want %+v", got, t1)
	}
	if _, err := s.Tournament(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Tournament(nope) = %v, want ErrNotFound", err)
	}
	if err := s.AppendTournament(ctx, "t3", store.Fence{}, nil, store.TournamentFinished); err != nil {
		t.Fatalf("AppendTournament(t3, finished): %v", err)
	}
	ids := func(ts []*store.Tournament) string {
		out := ""
		for _, t := range ts {
			out += t.ID + " "
		}
		return out
	}
	for _, c := range []struct {
		statuses []string
		limit    int
		want     string
	}{
		{nil, 0, "t2 t1 t3 "},
		{[]string{store.TournamentOpen, store.TournamentRunning}, 0, "t2 t1 "},
		{[]string{store.TournamentFinished}, 0, "t3 "},
		{nil, 2, "t2 t1 "},
	} {
		ts, err := s.Tournaments(ctx, c.statuses, c.limit)
		if err != nil || ids(ts) != c.want {
			t.Errorf("Tournaments(%v, %d) = %q, %v, want %q", c.statuses, c.limit, ids(ts), err, c.want)
		}
	}
	for _, c := range []struct {
		creator string
		since   time.Time
		want    int
	}{{"a1", time.Time{}, 2}, {"a1", tournamentT0.Add(30 * time.Minute), 1}, {"a2", time.Time{}, 1}, {"nobody", time.Time{}, 0}} {
		if n, err := s.CountTournaments(ctx, c.creator, c.since); err != nil || n != c.want {
			t.Errorf("CountTournaments(%s, %v) = %d, %v, want %d", c.creator, c.since, n, err, c.want)
		}
	}
}

func tevents(from int64, types ...string) []store.TournamentEvent {
	out := make([]store.TournamentEvent, len(types))
	for i, ty := range types {
		out[i] = store.TournamentEvent{Seq: from + int64(i), Type: ty, Data: json.RawMessage(fmt.Sprintf(`{"n":%d}`, from+int64(i))),
			Time: tournamentT0.Add(time.Duration(from+int64(i)) * time.Second)}
	}
	return out
}

func testTournamentAppend(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	mustCreateTournament(t, s, NewTournament("t1", "a1", tournamentT0))
	if err := s.AppendTournament(ctx, "t1", store.Fence{}, tevents(1, "join", "join"), ""); err != nil {
		t.Fatalf("AppendTournament(1, 2): %v", err)
	}
	if err := s.AppendTournament(ctx, "t1", store.Fence{}, tevents(2, "pair"), ""); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AppendTournament(seq 2 again) = %v, want ErrConflict", err)
	}
	if err := s.AppendTournament(ctx, "t1", store.Fence{}, tevents(3, "start", "pair"), store.TournamentRunning); err != nil {
		t.Fatalf("AppendTournament(3, 4): %v", err)
	}
	if err := s.AppendTournament(ctx, "nope", store.Fence{}, tevents(1, "join"), ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AppendTournament(nope) = %v, want ErrNotFound", err)
	}
	tr, err := s.Tournament(ctx, "t1")
	if err != nil || tr.Version != 4 || tr.Status != store.TournamentRunning {
		t.Errorf("Tournament(t1) after 4 events = %+v, %v, want version 4, running", tr, err)
	}
	got, err := s.TournamentEvents(ctx, "t1", 1)
	if err != nil || len(got) != 3 {
		t.Fatalf("TournamentEvents(t1, after 1) = %d events, %v, want 3", len(got), err)
	}
	want := append(tevents(2, "join"), tevents(3, "start", "pair")...)
	for i, e := range got {
		if e.Seq != want[i].Seq || e.Type != want[i].Type || string(e.Data) != string(want[i].Data) || !e.Time.Equal(want[i].Time) {
			t.Errorf("event %d = %+v, want %+v", i, e, want[i])
		}
	}
	if _, err := s.TournamentEvents(ctx, "nope", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TournamentEvents(nope) = %v, want ErrNotFound", err)
	}
}

func testTournamentConcurrent(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	mustCreateTournament(t, s, NewTournament("t1", "a1", tournamentT0))
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = s.AppendTournament(ctx, "t1", store.Fence{}, tevents(1, fmt.Sprint("join", i)), "") })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("concurrent append: %v, want nil or ErrConflict", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d concurrent appends of seq 1 succeeded, want 1", ok)
	}
}

func testTournamentLease(t *testing.T, s TournamentStore) {
	ctx := context.Background()
	mustCreateTournament(t, s, NewTournament("t1", "a1", tournamentT0))
	if _, err := s.LeaseTournament(ctx, "nope", "i1", time.Second); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("LeaseTournament(nope) = %v, want ErrNotFound", err)
	}
	tok, err := s.LeaseTournament(ctx, "t1", "i1", 300*time.Millisecond)
	if err != nil {
		t.Fatalf("LeaseTournament(i1): %v", err)
	}
	if again, err := s.LeaseTournament(ctx, "t1", "i1", 300*time.Millisecond); err != nil || again != tok {
		t.Errorf("renewal = %d, %v, want %d", again, err, tok)
	}
	if _, err := s.LeaseTournament(ctx, "t1", "i2", time.Second); !errors.Is(err, store.ErrFenced) {
		t.Errorf("LeaseTournament(i2) while i1 holds it = %v, want ErrFenced", err)
	}
	f1 := store.Fence{Owner: "i1", Token: tok}
	if err := s.AppendTournament(ctx, "t1", f1, tevents(1, "pair"), ""); err != nil {
		t.Fatalf("fenced append by the holder: %v", err)
	}
	if err := s.AppendTournament(ctx, "t1", store.Fence{Owner: "i2", Token: tok}, tevents(2, "pair"), ""); !errors.Is(err, store.ErrFenced) {
		t.Errorf("fenced append by another = %v, want ErrFenced", err)
	}
	time.Sleep(400 * time.Millisecond) // i1's lease expires: i2 takes it over
	tok2, err := s.LeaseTournament(ctx, "t1", "i2", time.Second)
	if err != nil || tok2 <= tok {
		t.Fatalf("takeover = %d, %v, want a token above %d", tok2, err, tok)
	}
	if err := s.AppendTournament(ctx, "t1", f1, tevents(2, "pair"), ""); !errors.Is(err, store.ErrFenced) {
		t.Errorf("append by the old holder = %v, want ErrFenced", err)
	}
	if err := s.AppendTournament(ctx, "t1", store.Fence{Owner: "i2", Token: tok2}, tevents(2, "pair"), ""); err != nil {
		t.Errorf("append by the new holder: %v", err)
	}
	if err := s.UnleaseTournament(ctx, "t1", "i2"); err != nil {
		t.Fatalf("UnleaseTournament: %v", err)
	}
	if tok3, err := s.LeaseTournament(ctx, "t1", "i1", time.Second); err != nil || tok3 <= tok2 {
		t.Errorf("lease after its release = %d, %v, want a token above %d", tok3, err, tok2)
	}
}
