package fairplay_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/review"
	"plateau/server/fairplay"
	"plateau/store"
	"plateau/store/sqlite"
)

// A fair-play handler made without the rest of the server: an account
// marked plays unrated only, with a reason naming the game; one not
// marked may play rated; Ended never blocks, whatever the queue holds;
// Run reviews what is queued and stops with its context.
func TestFairPlayAlone(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	ann, bob := &store.Account{ID: "a1", Name: "ann", Created: now}, &store.Account{ID: "b1", Name: "bob", Created: now}
	for _, a := range []*store.Account{ann, bob} {
		if err := st.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.MarkFairPlay(ctx, ann.ID, "dames", "dames: too close", now); err != nil {
		t.Fatal(err)
	}
	reviews := make(chan struct{}, 1)
	h := fairplay.New(fairplay.Config{Store: st, Games: games.Registry(), Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now },
		Reviewer: func(context.Context, game.Game, game.Config, []string, review.Options) (review.Report, error) {
			reviews <- struct{}{}
			return review.Report{}, nil
		}, Budget: time.Millisecond})
	for _, tc := range []struct {
		acc  *store.Account
		want string // in the reason; "" for none
	}{{ann, "account ann is marked for a fair-play review (its moves in dames"}, {bob, ""}} {
		msg, err := h.MarkedReason(ctx, tc.acc)
		if err != nil || (tc.want == "") != (msg == "") || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: MarkedReason %q (%v), want %q", tc.acc.Name, msg, err, tc.want)
		}
	}
	for range 1000 {
		h.Ended("no-such-game") // never blocks: the queue's overflow is dropped
	}
	run, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.Run(run)
	}()
	stop()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run goes on after its context is done")
	}
	select {
	case <-reviews:
		t.Error("a game that does not exist was reviewed")
	default:
	}
}
