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
// Reviews come last, and with more than one worker they never take the
// last free one: a live game's search that asks finds a worker at once
// unless other live games' searches hold them all.
type aiScheduler struct {
	mu      sync.Mutex
	free    int
	reserve int // the workers a review search leaves free
	waiting [aiClasses][]chan struct{}
}

func newAIScheduler(workers int) *aiScheduler {
	s := &aiScheduler{free: workers}
	if workers > 1 {
		s.reserve = 1
	}
	return s
}

// floor is the number of free workers that a search of class must leave.
func (s *aiScheduler) floor(class int) int {
	if class == aiReview {
		return s.reserve
	}
	return 0
}

// acquire waits for a worker for a search of class; ctx's error if ctx
// ends first. Every nil acquire must be followed by a release.
func (s *aiScheduler) acquire(ctx context.Context, class int) error {
	s.mu.Lock()
	if s.free > s.floor(class) && s.noneWaitsBefore(class) {
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

// noneWaitsBefore reports whether no search of a class served before
// class waits.
func (s *aiScheduler) noneWaitsBefore(class int) bool {
	for c := range class {
		if len(s.waiting[c]) > 0 {
			return false
		}
	}
	return true
}

// release gives a worker back: to the first waiting search of the first
// class that has one (a review's only if the worker is not the last free
// one), or to the pool.
func (s *aiScheduler) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.waiting {
		if q := s.waiting[c]; len(q) > 0 && s.free >= s.floor(c) {
			s.waiting[c] = q[1:]
			q[0] <- struct{}{}
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
