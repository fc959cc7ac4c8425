package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"plateau/store"
)

// fairPlayT0 is the time the fair-play tests start at.
var fairPlayT0 = time.Unix(1_800_000_000, 0).UTC()

// testFairPlaySamples checks the fair-play samples: replaced per
// (account, game), listed newest first, after a time, up to a limit.
func testFairPlaySamples(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a1", "Ana"))
	mustCreateAccount(t, s, NewAccount("a2", "Bo"))
	for _, id := range []string{"g1", "g2", "g3"} {
		mustCreate(t, s, NewGame(id))
	}
	t0 := fairPlayT0
	put := func(fp store.FairPlaySample) {
		t.Helper()
		if err := s.PutFairPlay(ctx, fp); err != nil {
			t.Fatalf("PutFairPlay(%s, %s): %v", fp.Account, fp.GameID, err)
		}
	}
	put(store.FairPlaySample{Account: "a1", GameID: "g1", Game: "dames", Moves: 10, Agreed: 2, Loss: 0.5, Created: t0})
	put(store.FairPlaySample{Account: "a1", GameID: "g2", Game: "dames", Moves: 30, Agreed: 3, Loss: 0.25, Created: t0.Add(2 * time.Second)})
	put(store.FairPlaySample{Account: "a1", GameID: "g3", Game: "shutbox", Moves: 4, Agreed: 4, Created: t0.Add(3 * time.Second)})
	put(store.FairPlaySample{Account: "a2", GameID: "g1", Game: "dames", Moves: 12, Agreed: 12, Created: t0})
	// A second sample of the same game replaces the first.
	put(store.FairPlaySample{Account: "a1", GameID: "g2", Game: "dames", Moves: 20, Agreed: 5, Loss: 0.125, Created: t0.Add(time.Second)})
	for _, bad := range []store.FairPlaySample{{Account: "nope", GameID: "g1", Game: "dames"}, {Account: "a1", GameID: "nope", Game: "dames"}} {
		if err := s.PutFairPlay(ctx, bad); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("PutFairPlay(%s, %s) = %v, want ErrNotFound", bad.Account, bad.GameID, err)
		}
	}
	got, err := s.FairPlaySamples(ctx, "a1", "dames", time.Time{}, 0)
	if err != nil {
		t.Fatalf("FairPlaySamples: %v", err)
	}
	want := []store.FairPlaySample{
		{Account: "a1", GameID: "g2", Game: "dames", Moves: 20, Agreed: 5, Loss: 0.125, Created: t0.Add(time.Second)},
		{Account: "a1", GameID: "g1", Game: "dames", Moves: 10, Agreed: 2, Loss: 0.5, Created: t0},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("FairPlaySamples(a1, dames) = %+v, want %+v", got, want)
	}
	if got, err := s.FairPlaySamples(ctx, "a1", "dames", t0, 0); err != nil || len(got) != 1 || got[0].GameID != "g2" {
		t.Errorf("FairPlaySamples(a1, dames, after t0) = %+v, %v, want g2 only", got, err)
	}
	if got, err := s.FairPlaySamples(ctx, "a1", "dames", time.Time{}, 1); err != nil || len(got) != 1 || got[0].GameID != "g2" {
		t.Errorf("FairPlaySamples(a1, dames, limit 1) = %+v, %v, want g2 only", got, err)
	}
}

// testFairPlayMarks checks the fair-play marks: a mark kept until
// cleared, the clearing moderator and time kept, marked again after.
func testFairPlayMarks(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a1", "Ana"))
	mustCreateAccount(t, s, NewAccount("a2", "Bo"))
	t0 := fairPlayT0
	st, err := s.FairPlayStatus(ctx, "a1")
	if err != nil || st != (store.FairPlayStatus{Account: "a1"}) {
		t.Errorf("FairPlayStatus(a1) before a mark = %+v, %v, want the zero status", st, err)
	}
	if err := s.ClearFairPlay(ctx, "a1", "Mod", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ClearFairPlay of an unmarked account = %v, want ErrNotFound", err)
	}
	if err := s.MarkFairPlay(ctx, "nope", "dames", "x", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("MarkFairPlay(nope) = %v, want ErrNotFound", err)
	}
	mark := func(account, reason string, at time.Time) {
		t.Helper()
		if err := s.MarkFairPlay(ctx, account, "dames", reason, at); err != nil {
			t.Fatalf("MarkFairPlay(%s): %v", account, err)
		}
	}
	mark("a1", "first", t0.Add(time.Minute))
	mark("a1", "second", t0.Add(2*time.Minute)) // a marked account keeps its first mark
	mark("a2", "other", t0.Add(3*time.Minute))
	st, err = s.FairPlayStatus(ctx, "a1")
	wantMark := store.FairPlayStatus{Account: "a1", Marked: true, Game: "dames", Reason: "first", MarkedAt: t0.Add(time.Minute)}
	if err != nil || st != wantMark {
		t.Errorf("FairPlayStatus(a1) = %+v, %v, want %+v", st, err, wantMark)
	}
	cleared := t0.Add(4 * time.Minute)
	if err := s.ClearFairPlay(ctx, "a1", "Mod", cleared); err != nil {
		t.Fatalf("ClearFairPlay(a1): %v", err)
	}
	st, err = s.FairPlayStatus(ctx, "a1")
	wantMark.Marked, wantMark.ClearedBy, wantMark.ClearedAt = false, "Mod", cleared
	if err != nil || st != wantMark {
		t.Errorf("FairPlayStatus(a1) after clearing = %+v, %v, want %+v", st, err, wantMark)
	}
	all, err := s.FairPlayStatuses(ctx, 0)
	if err != nil || len(all) != 2 || all[0].Account != "a2" || !all[0].Marked || all[1] != wantMark {
		t.Errorf("FairPlayStatuses = %+v, %v, want a2 marked then a1 cleared", all, err)
	}
	// Marked again after a clear: a new mark, the clearing kept.
	mark("a1", "again", t0.Add(5*time.Minute))
	st, err = s.FairPlayStatus(ctx, "a1")
	if err != nil || !st.Marked || st.Reason != "again" || st.ClearedBy != "Mod" || !st.ClearedAt.Equal(cleared) {
		t.Errorf("FairPlayStatus(a1) marked again = %+v, %v", st, err)
	}
}
