package room

import (
	"context"
	"testing"
	"time"
)

// granted reports whether a worker was handed on ch, waiting for it up to
// a deadline.
func granted(ch <-chan error) bool {
	select {
	case err := <-ch:
		return err == nil
	case <-time.After(10 * time.Second):
		return false
	}
}

// A review search comes after every live search, and with several workers
// never takes the last free one; alone with one worker, it runs.
func TestAISchedulerReviewsLast(t *testing.T) {
	ctx := context.Background()
	ask := func(s *aiScheduler, class int) <-chan error {
		ch := make(chan error, 1)
		go func() { ch <- s.acquire(ctx, class) }()
		return ch
	}
	waiting := func(s *aiScheduler, wantHuman, wantAIOnly, wantReviews int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			h, a, r := s.queued()
			if h == wantHuman && a == wantAIOnly && r == wantReviews {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("queued %d/%d/%d, want %d/%d/%d", h, a, r, wantHuman, wantAIOnly, wantReviews)
			}
			time.Sleep(time.Millisecond)
		}
	}

	s := newAIScheduler(2)
	if err := s.acquire(ctx, aiReview); err != nil { // 2 free: the review takes one
		t.Fatal(err)
	}
	second := ask(s, aiReview)
	waiting(s, 0, 0, 1) // 1 free: kept for live games
	if err := s.acquire(ctx, aiFacingHuman); err != nil {
		t.Fatalf("a live search with one worker free and a review waiting: %v", err)
	}
	live := ask(s, aiOnly)
	waiting(s, 0, 1, 1)
	s.release() // the live search ends: the waiting live search goes first
	if !granted(live) {
		t.Fatal("the AI-vs-AI search did not get the freed worker")
	}
	waiting(s, 0, 0, 1)
	s.release() // a live search ends: the last free worker stays free (release hands workers over synchronously)
	waiting(s, 0, 0, 1)
	s.release() // the first review ends: two free, the second review runs
	if !granted(second) {
		t.Fatal("the second review did not start with two workers free")
	}
	s.release()
	if s.free != 2 {
		t.Errorf("after every release %d workers free, want 2", s.free)
	}

	one := newAIScheduler(1)
	if err := one.acquire(ctx, aiReview); err != nil {
		t.Fatalf("a review with the only worker free: %v", err)
	}
	review, human := ask(one, aiReview), ask(one, aiFacingHuman)
	waiting(one, 1, 0, 1)
	one.release()
	if !granted(human) {
		t.Fatal("with one worker, the live search did not come before the review")
	}
	one.release()
	if !granted(review) {
		t.Fatal("with one worker, the review did not get it after the live search")
	}
	one.release()
}
