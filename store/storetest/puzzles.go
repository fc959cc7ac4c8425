package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"plateau/rating"
	"plateau/store"
)

// puzzleOf returns a test puzzle of game at a rating.
func puzzleOf(id, game string, r float64) store.Puzzle {
	return store.Puzzle{ID: id, Game: game, Rating: rating.Rating{Rating: r, RD: 350, Vol: 0.06},
		Data: json.RawMessage(fmt.Sprintf(`{"id":%q}`, id)), Created: time.Unix(1_800_000_000, 0).UTC()}
}

// fixedRate is a RatePuzzle whose results are easy to check: the winner
// gains 10 and the loser loses 10, each deviation shrinks by 1.
func fixedRate(p, z rating.Rating, solved bool) (rating.Rating, rating.Rating, error) {
	d := 10.0
	if !solved {
		d = -10
	}
	p.Rating, z.Rating = p.Rating+d, z.Rating-d
	p.RD, z.RD = p.RD-1, z.RD-1
	return p, z, nil
}

// seedPuzzles adds account a1 and the puzzles d-1 to d-4 (dames, rated
// 1400, 1500, 1650, 2000) and s-1 (shutbox, 1500), checking that adding
// is idempotent.
func seedPuzzles(t *testing.T, s store.Store) []store.Puzzle {
	t.Helper()
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a1", "Ana"))
	ps := []store.Puzzle{puzzleOf("d-1", "dames", 1400), puzzleOf("d-2", "dames", 1500), puzzleOf("d-3", "dames", 1650), puzzleOf("s-1", "shutbox", 1500)}
	if n, err := s.AddPuzzles(ctx, ps); err != nil || n != 4 {
		t.Fatalf("AddPuzzles = %d, %v, want 4 added", n, err)
	}
	if n, err := s.AddPuzzles(ctx, append(ps, puzzleOf("d-4", "dames", 2000))); err != nil || n != 1 {
		t.Fatalf("AddPuzzles again = %d, %v, want 1 added", n, err)
	}
	return ps
}

// wantNear checks the ids NearPuzzles answers q with.
func wantNear(t *testing.T, s store.Store, q store.PuzzleQuery, want ...string) {
	t.Helper()
	got, err := s.NearPuzzles(context.Background(), q)
	var ids []string
	for _, p := range got {
		ids = append(ids, p.ID)
	}
	if err != nil || fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Errorf("NearPuzzles(%+v) = %v, %v, want %v", q, ids, err, want)
	}
}

// testPuzzles checks the puzzles: adding is idempotent and keeps ratings,
// counts per game, the nearest by rating without those excluded.
func testPuzzles(t *testing.T, s store.Store) {
	ctx := context.Background()
	ps := seedPuzzles(t, s)
	if n, err := s.CountPuzzles(ctx, "dames"); err != nil || n != 4 {
		t.Errorf("CountPuzzles(dames) = %d, %v, want 4", n, err)
	}
	if n, err := s.CountPuzzles(ctx, ""); err != nil || n != 5 {
		t.Errorf("CountPuzzles() = %d, %v, want 5", n, err)
	}
	p, err := s.Puzzle(ctx, "d-2")
	if err != nil || p.Game != "dames" || p.Rating.Rating != 1500 || string(p.Data) != `{"id":"d-2"}` || !p.Created.Equal(ps[1].Created) {
		t.Errorf("Puzzle(d-2) = %+v, %v", p, err)
	}
	if _, err := s.Puzzle(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Puzzle(nope) = %v, want ErrNotFound", err)
	}
	wantNear(t, s, store.PuzzleQuery{Game: "dames", Near: 1600}, "d-3", "d-2", "d-1", "d-4")
	wantNear(t, s, store.PuzzleQuery{Game: "dames", Near: 1450, Limit: 2}, "d-1", "d-2")
	wantNear(t, s, store.PuzzleQuery{Game: "dames", Near: 1450, Exclude: []string{"d-1", "d-4"}}, "d-2", "d-3")
}

// testPuzzleAttempts checks the rated attempts: the first attempt alone
// rated (both ratings and counts), attempted puzzles no longer offered,
// unknown accounts, puzzles and modes refused.
func testPuzzleAttempts(t *testing.T, s store.Store) {
	ctx := context.Background()
	seedPuzzles(t, s)
	pl, err := s.PuzzlePlayer(ctx, "a1", "dames")
	if err != nil || pl.Rating != rating.New() || pl.Attempts != 0 {
		t.Errorf("PuzzlePlayer before any attempt = %+v, %v", pl, err)
	}
	t0 := time.Unix(1_800_000_100, 0).UTC()
	a, first, err := s.AttemptPuzzle(ctx, store.PuzzleAttempt{Account: "a1", Puzzle: "d-2", Mode: store.PuzzleRated, Solved: true, Time: t0}, fixedRate)
	if err != nil || !first || a.PlayerBefore != rating.New() || a.PlayerAfter.Rating != 1510 || a.PuzzleBefore.Rating != 1500 || a.PuzzleAfter.Rating != 1490 {
		t.Fatalf("first AttemptPuzzle = %+v, %v, %v", a, first, err)
	}
	// A second attempt changes nothing and returns the first.
	again, first, err := s.AttemptPuzzle(ctx, store.PuzzleAttempt{Account: "a1", Puzzle: "d-2", Mode: store.PuzzleRated, Time: t0.Add(time.Second)}, fixedRate)
	if err != nil || first || again != a {
		t.Errorf("second AttemptPuzzle = %+v, %v, %v, want the first %+v", again, first, err, a)
	}
	if p, err := s.Puzzle(ctx, "d-2"); err != nil || p.Rating.Rating != 1490 || p.Rating.RD != 349 || p.Attempts != 1 || p.Solved != 1 {
		t.Errorf("Puzzle(d-2) after an attempt = %+v, %v", p, err)
	}
	if _, _, err := s.AttemptPuzzle(ctx, store.PuzzleAttempt{Account: "a1", Puzzle: "d-1", Mode: store.PuzzleRated, Time: t0.Add(2 * time.Second)}, fixedRate); err != nil {
		t.Fatal(err)
	}
	pl, err = s.PuzzlePlayer(ctx, "a1", "dames")
	if err != nil || pl.Rating.Rating != 1500 || pl.Rating.RD != 348 || pl.Attempts != 2 || pl.Solved != 1 || !pl.Updated.Equal(t0.Add(2*time.Second)) {
		t.Errorf("PuzzlePlayer after two attempts = %+v, %v", pl, err)
	}
	wantNear(t, s, store.PuzzleQuery{Game: "dames", Near: 1450, Account: "a1"}, "d-3", "d-4")
	for _, bad := range []store.PuzzleAttempt{{Account: "nope", Puzzle: "d-3", Mode: store.PuzzleRated}, {Account: "a1", Puzzle: "nope", Mode: store.PuzzleRated}} {
		if _, _, err := s.AttemptPuzzle(ctx, bad, fixedRate); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("AttemptPuzzle(%s, %s) = %v, want ErrNotFound", bad.Account, bad.Puzzle, err)
		}
	}
	if _, _, err := s.AttemptPuzzle(ctx, store.PuzzleAttempt{Account: "a1", Puzzle: "d-3", Mode: "bogus"}, fixedRate); err == nil {
		t.Error("AttemptPuzzle in mode bogus: no error")
	}
}

// testPuzzleStreaks checks the streak mode: streaks counted per game, the
// best kept, ratings untouched; and the daily puzzle, set once a day.
func testPuzzleStreaks(t *testing.T, s store.Store) {
	ctx := context.Background()
	seedPuzzles(t, s)
	t0 := time.Unix(1_800_000_100, 0).UTC()
	// Two solved, one failed; ratings untouched.
	for i, solved := range []bool{true, true, false} {
		id := []string{"d-3", "d-4", "s-1"}[i]
		if _, _, err := s.AttemptPuzzle(ctx, store.PuzzleAttempt{Account: "a1", Puzzle: id, Mode: store.PuzzleStreak, Solved: solved, Time: t0}, fixedRate); err != nil {
			t.Fatalf("streak attempt at %s: %v", id, err)
		}
	}
	pl, err := s.PuzzlePlayer(ctx, "a1", "dames")
	if err != nil || pl.Streak != 2 || pl.BestStreak != 2 || pl.Rating != rating.New() || pl.Attempts != 0 {
		t.Errorf("PuzzlePlayer(dames) after a streak of 2 = %+v, %v", pl, err)
	}
	if p, err := s.Puzzle(ctx, "d-3"); err != nil || p.Rating.Rating != 1650 || p.Attempts != 0 {
		t.Errorf("Puzzle(d-3) after a streak attempt = %+v, %v, want its rating kept", p, err)
	}
	if pl, err := s.PuzzlePlayer(ctx, "a1", "shutbox"); err != nil || pl.Streak != 0 || pl.BestStreak != 0 {
		t.Errorf("PuzzlePlayer(shutbox) after a failed streak attempt = %+v, %v", pl, err)
	}

	if id, err := s.DailyPuzzle(ctx, "2026-12-05", "d-1"); err != nil || id != "d-1" {
		t.Errorf("DailyPuzzle first = %q, %v", id, err)
	}
	if id, err := s.DailyPuzzle(ctx, "2026-12-05", "d-2"); err != nil || id != "d-1" {
		t.Errorf("DailyPuzzle second = %q, %v, want the first choice d-1", id, err)
	}
}

// testConcurrentPuzzleAttempts checks that of racing first attempts at a
// puzzle exactly one is rated, and that attempts at several puzzles at
// once all count.
func testConcurrentPuzzleAttempts(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a1", "Ana"))
	var ps []store.Puzzle
	for i := range 8 {
		ps = append(ps, puzzleOf(fmt.Sprintf("p-%d", i), "dames", 1500))
	}
	if _, err := s.AddPuzzles(ctx, ps); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	firsts := map[string]int{}
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := ps[i%8].ID
			_, first, err := s.AttemptPuzzle(ctx, store.PuzzleAttempt{Account: "a1", Puzzle: id, Mode: store.PuzzleRated, Solved: true, Time: time.Now()}, fixedRate)
			if err != nil {
				t.Errorf("AttemptPuzzle(%s): %v", id, err)
				return
			}
			if first {
				mu.Lock()
				firsts[id]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, p := range ps {
		if firsts[p.ID] != 1 {
			t.Errorf("puzzle %s: %d first attempts, want 1", p.ID, firsts[p.ID])
		}
	}
	pl, err := s.PuzzlePlayer(ctx, "a1", "dames")
	if err != nil || pl.Attempts != 8 || pl.Rating.Rating != 1580 {
		t.Errorf("PuzzlePlayer after 8 attempts = %+v, %v, want 8 attempts and 1580", pl, err)
	}
}
