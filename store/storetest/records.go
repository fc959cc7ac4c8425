package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"plateau/store"
)

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
		{"joined", now, []store.Event{{Seq: 1, Kind: store.KindJoin, Player: 0, Time: now}}, &store.Update{Status: store.StatusLive}, true},
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
