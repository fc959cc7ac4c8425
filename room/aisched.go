package room

import (
	"context"
	"slices"
	"sync"
)

// AI work classes, served in this order.
const (
	aiFacingHuman = iota // a search in a game with a human seat
	aiOnly               // a search in a game of AI seats only
	aiReview             // a search of a finished game's review (Manager.ReviewWorker)
	aiClasses
)

// aiScheduler hands out the manager's AI workers: a freed worker goes to
// the longest-waiting search that faces a human, and only when none waits
// to a search of an AI-vs-AI game, so that games between computers never
// delay a person's reply by more than the search running when it asked.
// Review searches come last, and never delay a person's reply at all: a
// search facing a human that finds no free worker preempts a running
// review search (cancels its context, see acquireReview), whose worker
// comes to it as soon as that search returns; the review redoes it later.
type aiScheduler struct {
	mu      sync.Mutex
	free    int
	waiting [aiClasses][]waiter
	holds   []*reviewHold // the review searches holding a worker, oldest first
}

// waiter is a search waiting for a worker.
type waiter struct {
	ch   chan struct{}
	hold *reviewHold // a review's, nil for a live game's search
}

// reviewHold is a review search's hold on a worker: cancel preempts it.
type reviewHold struct{ cancel context.CancelFunc }

func newAIScheduler(workers int) *aiScheduler { return &aiScheduler{free: workers} }

// acquire waits for a worker for a search of class (aiFacingHuman,
// aiOnly); ctx's error if ctx ends first. Every nil acquire must be
// followed by a release.
func (s *aiScheduler) acquire(ctx context.Context, class int) error {
	return s.take(ctx, class, nil)
}

// acquireReview waits for a worker for a review search. The search runs
// under the returned context, a child of ctx cancelled if a search facing
// a human needs the worker: the caller then redoes the search. done gives
// the worker back (it may be called more than once).
func (s *aiScheduler) acquireReview(ctx context.Context) (wctx context.Context, done func(), err error) {
	wctx, cancel := context.WithCancel(ctx)
	h := &reviewHold{cancel: cancel}
	if err := s.take(ctx, aiReview, h); err != nil {
		cancel()
		return nil, nil, err
	}
	var once sync.Once
	return wctx, func() {
		once.Do(func() {
			s.mu.Lock()
			s.drop(h)
			s.mu.Unlock()
			cancel()
			s.release()
		})
	}, nil
}

// take waits for a worker for a search of class; h is a review's hold.
func (s *aiScheduler) take(ctx context.Context, class int, h *reviewHold) error {
	s.mu.Lock()
	if s.free > 0 {
		s.free--
		s.hold(h)
		s.mu.Unlock()
		return nil
	}
	if class == aiFacingHuman && len(s.holds) > 0 { // preempt the newest review search
		last := s.holds[len(s.holds)-1]
		s.holds = s.holds[:len(s.holds)-1]
		last.cancel()
	}
	w := waiter{ch: make(chan struct{}, 1), hold: h}
	s.waiting[class] = append(s.waiting[class], w)
	s.mu.Unlock()
	select {
	case <-w.ch:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		q := s.waiting[class]
		if i := slices.IndexFunc(q, func(x waiter) bool { return x.ch == w.ch }); i >= 0 {
			s.waiting[class] = slices.Delete(q, i, i+1)
			s.mu.Unlock()
		} else { // handed a worker meanwhile: give it on
			s.drop(h)
			s.mu.Unlock()
			s.release()
		}
		return ctx.Err()
	}
}

// hold records a review search's hold (h nil: a live search's, nothing
// to record). Called with mu held.
func (s *aiScheduler) hold(h *reviewHold) {
	if h != nil {
		s.holds = append(s.holds, h)
	}
}

// drop forgets a review search's hold, if recorded. Called with mu held.
func (s *aiScheduler) drop(h *reviewHold) {
	if i := slices.Index(s.holds, h); h != nil && i >= 0 {
		s.holds = slices.Delete(s.holds, i, i+1)
	}
}

// release gives a worker back: to the first waiting search of the first
// class that has one, or to the pool.
func (s *aiScheduler) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.waiting {
		if q := s.waiting[c]; len(q) > 0 {
			s.waiting[c] = q[1:]
			s.hold(q[0].hold)
			q[0].ch <- struct{}{}
			return
		}
	}
	s.free++
}

// queued is the number of searches waiting, by class.
func (s *aiScheduler) queued() (facingHuman, aiOnlyGames, reviews int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.waiting[aiFacingHuman]), len(s.waiting[aiOnly]), len(s.waiting[aiReview])
}
