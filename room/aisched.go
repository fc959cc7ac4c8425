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
	aiClasses
)

// aiScheduler hands out the manager's AI workers: a freed worker goes to
// the longest-waiting search that faces a human, and only when none waits
// to a search of an AI-vs-AI game, so that games between computers never
// delay a person's reply by more than the search running when it asked.
type aiScheduler struct {
	mu      sync.Mutex
	free    int
	waiting [aiClasses][]chan struct{}
}

func newAIScheduler(workers int) *aiScheduler { return &aiScheduler{free: workers} }

// acquire waits for a worker for a search of class; ctx's error if ctx
// ends first. Every nil acquire must be followed by a release.
func (s *aiScheduler) acquire(ctx context.Context, class int) error {
	s.mu.Lock()
	if s.free > 0 {
		s.free--
		s.mu.Unlock()
		return nil
	}
	ch := make(chan struct{}, 1)
	s.waiting[class] = append(s.waiting[class], ch)
	s.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		q := s.waiting[class]
		if i := slices.Index(q, ch); i >= 0 {
			s.waiting[class] = slices.Delete(q, i, i+1)
			s.mu.Unlock()
		} else { // handed a worker meanwhile: give it on
			s.mu.Unlock()
			s.release()
		}
		return ctx.Err()
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
			q[0] <- struct{}{}
			return
		}
	}
	s.free++
}

// queued is the number of searches waiting, by class.
func (s *aiScheduler) queued() (facingHuman, aiOnlyGames int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.waiting[aiFacingHuman]), len(s.waiting[aiOnly])
}
