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

// ask starts an acquire of class in a goroutine; its result comes on the
// channel.
func ask(s *aiScheduler, class int) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- s.acquire(context.Background(), class) }()
	return ch
}

// queuedAre waits until the searches waiting are as wanted.
func queuedAre(t *testing.T, s *aiScheduler, human, aiOnly, reviews int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		h, a, r := s.queued()
		if h == human && a == aiOnly && r == reviews {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("queued %d/%d/%d, want %d/%d/%d", h, a, r, human, aiOnly, reviews)
		}
		time.Sleep(time.Millisecond)
	}
}

// Review searches are served after every live search.
func TestAISchedulerReviewsLast(t *testing.T) {
	ctx := context.Background()
	s := newAIScheduler(1)
	if err := s.acquire(ctx, aiOnly); err != nil {
		t.Fatal(err)
	}
	review := make(chan error, 1)
	go func() {
		_, done, err := s.acquireReview(ctx)
		if err == nil {
			done()
		}
		review <- err
	}()
	queuedAre(t, s, 0, 0, 1)
	live := ask(s, aiOnly)
	queuedAre(t, s, 0, 1, 1)
	s.release()
	if !granted(live) {
		t.Fatal("the AI-vs-AI search did not come before the waiting review")
	}
	queuedAre(t, s, 0, 0, 1)
	s.release()
	if !granted(review) {
		t.Fatal("the review did not get the worker once no live search waited")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free != 1 || len(s.holds) != 0 {
		t.Errorf("after every release: %d free, %d review holds; want 1 and 0", s.free, len(s.holds))
	}
}

// A search facing a human that finds every worker busy preempts the
// newest review search and gets its worker once that search returns; an
// AI-vs-AI search preempts none.
func TestAISchedulerHumanPreemptsReview(t *testing.T) {
	ctx := context.Background()
	s := newAIScheduler(2)
	old, doneOld, err := s.acquireReview(ctx)
	if err != nil {
		t.Fatal(err)
	}
	recent, doneRecent, err := s.acquireReview(ctx)
	if err != nil {
		t.Fatal(err)
	}
	aiOnlyGame := ask(s, aiOnly)
	queuedAre(t, s, 0, 1, 0)
	if old.Err() != nil || recent.Err() != nil {
		t.Fatal("an AI-vs-AI search preempted a review search")
	}
	human := ask(s, aiFacingHuman)
	queuedAre(t, s, 1, 1, 0)
	select {
	case <-recent.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the newest review search was not preempted by a search facing a human")
	}
	if old.Err() != nil {
		t.Fatal("the older review search was preempted too")
	}
	doneRecent() // the preempted search returns: its worker goes to the human's game
	doneRecent()
	if !granted(human) {
		t.Fatal("the search facing a human did not get the preempted worker")
	}
	doneOld()
	if !granted(aiOnlyGame) {
		t.Fatal("the AI-vs-AI search did not get the next worker")
	}
	s.release()
	s.release()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free != 2 || len(s.holds) != 0 {
		t.Errorf("after every release: %d free, %d review holds; want 2 and 0", s.free, len(s.holds))
	}
}

// A review that stops waiting leaves the queue.
func TestAISchedulerReviewGivesUp(t *testing.T) {
	s := newAIScheduler(1)
	if err := s.acquire(context.Background(), aiFacingHuman); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { _, _, err := s.acquireReview(ctx); errc <- err }()
	queuedAre(t, s, 0, 0, 1)
	cancel()
	if err := <-errc; err != context.Canceled {
		t.Fatalf("a cancelled review's acquire: %v, want context.Canceled", err)
	}
	queuedAre(t, s, 0, 0, 0)
	s.release()
	if s.free != 1 {
		t.Errorf("%d free, want 1", s.free)
	}
}

// askFor is ask for a search of client's game.
func askFor(s *aiScheduler, class int, client string) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- s.acquireFor(context.Background(), class, client) }()
	return ch
}

// Within a class, clients are served in turn: a client with many searches
// waiting delays another's by one search. Without turns (first come, first
// served) B's search came after all of A's.
func TestAISchedulerClientsInTurn(t *testing.T) {
	s := newAIScheduler(1)
	if err := s.acquireFor(context.Background(), aiFacingHuman, "A"); err != nil {
		t.Fatal(err)
	}
	var as []<-chan error
	for i := range 3 {
		as = append(as, askFor(s, aiFacingHuman, "A"))
		queuedAre(t, s, i+1, 0, 0)
	}
	b := askFor(s, aiFacingHuman, "B")
	queuedAre(t, s, 4, 0, 0)
	s.releaseFor("A")
	if !granted(b) {
		t.Fatal("B's search not served after A's first: A's others came first")
	}
	s.releaseFor("B")
	for i, a := range as {
		if !granted(a) {
			t.Fatalf("A's search %d not served", i+2)
		}
		s.releaseFor("A")
	}
	if s.free != 1 || len(s.clients) != 0 || len(s.served) != 0 {
		t.Errorf("an idle scheduler keeps free %d, clients %v, served %v", s.free, s.clients, s.served)
	}
}
