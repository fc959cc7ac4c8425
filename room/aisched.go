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
//
// Within a class, the clients whose games wait (Options.AIClient) are
// served in turn: a freed worker goes to the oldest search of the client
// served least recently, so that a client with twenty games waiting
// delays another's reply by one search, not twenty.
type aiScheduler struct {
	mu      sync.Mutex
	free    int
	waiting [aiClasses][]waiter
	holds   []*reviewHold     // the review searches holding a worker, oldest first
	served  map[string]uint64 // when each client holding or waiting for a worker was last served (tick)
	clients map[string]int    // the searches of each client holding or waiting for a worker
	tick    uint64
}

// waiter is a search waiting for a worker.
type waiter struct {
	ch     chan struct{}
	hold   *reviewHold // a review's, nil for a live game's search
	client string      // whose game it searches
}

// reviewHold is a review search's hold on a worker: cancel preempts it.
type reviewHold struct{ cancel context.CancelFunc }

func newAIScheduler(workers int) *aiScheduler {
	return &aiScheduler{free: workers, served: map[string]uint64{}, clients: map[string]int{}}
}

// acquire waits for a worker for a search of class (aiFacingHuman,
// aiOnly); ctx's error if ctx ends first. Every nil acquire must be
// followed by a release.
func (s *aiScheduler) acquire(ctx context.Context, class int) error {
	return s.take(ctx, class, nil, "")
}

// acquireFor is acquire for a search of client's game, served in turn
// with other clients' searches of its class. Every nil acquireFor must be
// followed by a releaseFor of the same client.
func (s *aiScheduler) acquireFor(ctx context.Context, class int, client string) error {
	return s.take(ctx, class, nil, client)
}

// acquireReview waits for a worker for a review search. The search runs
// under the returned context, a child of ctx cancelled if a search facing
// a human needs the worker: the caller then redoes the search. done gives
// the worker back (it may be called more than once).
func (s *aiScheduler) acquireReview(ctx context.Context) (wctx context.Context, done func(), err error) {
	wctx, cancel := context.WithCancel(ctx)
	h := &reviewHold{cancel: cancel}
	if err := s.take(ctx, aiReview, h, ""); err != nil {
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

// take waits for a worker for a search of class for client; h is a
// review's hold.
func (s *aiScheduler) take(ctx context.Context, class int, h *reviewHold, client string) error {
	s.mu.Lock()
	s.clients[client]++
	if s.free > 0 {
		s.free--
		s.hold(h)
		s.serve(client)
		s.mu.Unlock()
		return nil
	}
	if class == aiFacingHuman && len(s.holds) > 0 { // preempt the newest review search
		last := s.holds[len(s.holds)-1]
		s.holds = s.holds[:len(s.holds)-1]
		last.cancel()
	}
	w := waiter{ch: make(chan struct{}, 1), hold: h, client: client}
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
			s.forget(client)
			s.mu.Unlock()
		} else { // handed a worker meanwhile: give it on
			s.drop(h)
			s.mu.Unlock()
			s.releaseFor(client)
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

// release gives back a worker of acquire or acquireReview.
func (s *aiScheduler) release() { s.releaseFor("") }

// releaseFor gives back a worker of client's: to the first class that has
// a search waiting, to the oldest search of the client served least
// recently; or to the pool.
func (s *aiScheduler) releaseFor(client string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.forget(client)
	for c := range s.waiting {
		q := s.waiting[c]
		if len(q) == 0 {
			continue
		}
		next := 0
		for i, w := range q {
			if s.served[w.client] < s.served[q[next].client] {
				next = i
			}
		}
		w := q[next]
		s.waiting[c] = slices.Delete(q, next, next+1)
		s.hold(w.hold)
		s.serve(w.client)
		w.ch <- struct{}{}
		return
	}
	s.free++
}

// serve notes that client's search got a worker. Called with mu held.
func (s *aiScheduler) serve(client string) {
	s.tick++
	s.served[client] = s.tick
}

// forget counts one search of client less, and forgets a client with none
// left. Called with mu held.
func (s *aiScheduler) forget(client string) {
	if s.clients[client]--; s.clients[client] <= 0 {
		delete(s.clients, client)
		delete(s.served, client)
	}
}

// queued is the number of searches waiting, by class.
func (s *aiScheduler) queued() (facingHuman, aiOnlyGames, reviews int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.waiting[aiFacingHuman]), len(s.waiting[aiOnly]), len(s.waiting[aiReview])
}
