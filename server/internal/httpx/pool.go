package httpx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Pool admits one kind of expensive work: at most capacity pieces run at
// once, at most queue wait (negative: no bound), and one client holds at
// most perClient places, running or waiting (negative: no bound).
type Pool struct {
	what       string        // the work, for messages: "password hashing"
	retryAfter time.Duration // told to a refused client

	capacity, queue, perClient int

	mu      sync.Mutex
	running int
	held    map[string]int      // places held by client, running or waiting
	waiting map[string][]*Place // each client's waiting places, oldest first
	// ring is the clients waiting, the least recently served first: the
	// next to serve. A client served at once counts as served, so that
	// one who just had a turn waits behind those who had none.
	ring    []string
	served  map[string]uint64 // when each client holding places was last served (tick)
	tick    uint64
	nwait   int
	refused int64 // work refused, for /metrics
}

// NewPool returns a pool of capacity workers (at least one); a refused
// client is told to retry after retryAfter.
func NewPool(what string, capacity, queue, perClient int, retryAfter time.Duration) *Pool {
	return &Pool{what: what, retryAfter: retryAfter, capacity: max(1, capacity), queue: queue, perClient: perClient,
		held: map[string]int{}, waiting: map[string][]*Place{}, served: map[string]uint64{}}
}

// Place is a client's place in a Pool: waiting, then running, then left.
type Place struct {
	p      *Pool
	client string
	turn   chan struct{} // closed when it may run
	state  int           // placeWaiting, placeRunning or placeLeft, guarded by p.mu
}

const (
	placeWaiting = iota
	placeRunning
	placeLeft
)

// BusyError: a Pool refused work; it is answered 503 busy.
type BusyError struct {
	msg        string
	retryAfter time.Duration
}

func (e *BusyError) Error() string { return e.msg }

// Enter takes a place for client: running at once when a worker is free
// and nobody waits, else waiting; a *BusyError when the queue or the
// client's share is full.
func (p *Pool) Enter(client string) (*Place, error) { return p.take(client, true) }

// take is Enter, past the queue's and the share's bounds unless limited:
// for the server's own work, which only the workers bound.
func (p *Pool) take(client string, limited bool) (*Place, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if limited && p.perClient >= 0 && p.held[client] >= p.perClient {
		p.refused++
		return nil, &BusyError{retryAfter: p.retryAfter,
			msg: fmt.Sprintf("%s: you already have %d requests running or waiting, the most one client may have: retry when one is done", p.what, p.held[client])}
	}
	pl := &Place{p: p, client: client, turn: make(chan struct{})}
	if p.running < p.capacity && p.nwait == 0 {
		p.start(pl)
	} else {
		if limited && p.queue >= 0 && p.nwait >= p.queue {
			p.refused++
			return nil, &BusyError{retryAfter: p.retryAfter,
				msg: fmt.Sprintf("%s is at capacity (%d running, %d waiting): retry in %v", p.what, p.running, p.nwait, p.retryAfter)}
		}
		if len(p.waiting[client]) == 0 { // into the ring, by its last turn
			i := slices.IndexFunc(p.ring, func(c string) bool { return p.served[c] > p.served[client] })
			if i < 0 {
				i = len(p.ring)
			}
			p.ring = slices.Insert(p.ring, i, client)
		}
		p.waiting[client] = append(p.waiting[client], pl)
		p.nwait++
	}
	p.held[client]++
	return pl, nil
}

// Wait waits for the place's turn to run; ctx's error if ctx ends first,
// the place then left.
func (pl *Place) Wait(ctx context.Context) error {
	select {
	case <-pl.turn:
		return nil
	case <-ctx.Done():
		pl.Leave()
		return ctx.Err()
	}
}

// Leave gives the place up, running or waiting: a running place's worker
// goes to the next client in turn. Leaving twice does nothing.
func (pl *Place) Leave() {
	p := pl.p
	p.mu.Lock()
	defer p.mu.Unlock()
	switch pl.state {
	case placeLeft:
		return
	case placeWaiting:
		q := p.waiting[pl.client]
		i := slices.Index(q, pl)
		p.waiting[pl.client] = slices.Delete(q, i, i+1)
		p.nwait--
		if len(p.waiting[pl.client]) == 0 {
			delete(p.waiting, pl.client)
			p.ring = slices.DeleteFunc(p.ring, func(c string) bool { return c == pl.client })
		}
	case placeRunning:
		p.running--
		p.serveNext()
	}
	pl.state = placeLeft
	if p.held[pl.client]--; p.held[pl.client] <= 0 {
		delete(p.held, pl.client)
		delete(p.served, pl.client)
	}
}

// start runs pl, its client's turn. Called with mu held.
func (p *Pool) start(pl *Place) {
	p.running++
	p.tick++
	p.served[pl.client] = p.tick
	pl.state = placeRunning
	close(pl.turn)
}

// serveNext starts the oldest waiting place of the next client in turn,
// if a worker is free; that client, just served, goes to the end of the
// ring.
// Called with mu held.
func (p *Pool) serveNext() {
	if p.running >= p.capacity || len(p.ring) == 0 {
		return
	}
	c := p.ring[0]
	q := p.waiting[c]
	next := q[0]
	p.ring = p.ring[1:]
	if len(q) > 1 {
		p.waiting[c] = q[1:]
		p.ring = append(p.ring, c)
	} else {
		delete(p.waiting, c)
	}
	p.nwait--
	p.start(next)
}

// Position is the place's rank in the queue, 1 for the next to run, 0
// once it runs: the places that round-robin serves before it, should no
// other client come.
func (pl *Place) Position() int {
	p := pl.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if pl.state != placeWaiting {
		return 0
	}
	k := slices.Index(p.waiting[pl.client], pl)
	ahead := 0
	for _, c := range p.ring {
		if c == pl.client {
			break
		}
		if len(p.waiting[c]) > k { // served once more than we before our round
			ahead++
		}
	}
	for _, c := range p.ring {
		ahead += min(len(p.waiting[c]), k)
	}
	return ahead + 1
}

// Do runs fn in a place of client, waiting for its turn; a *BusyError
// when refused, ctx's error when ctx ends first.
func (p *Pool) Do(ctx context.Context, client string, fn func()) error {
	pl, err := p.Enter(client)
	if err != nil {
		return err
	}
	defer pl.Leave()
	if err := pl.Wait(ctx); err != nil {
		return err
	}
	fn()
	return nil
}

// Own runs fn, the server's own work, in a place of the pool: in turn
// with the clients waiting, never refused.
func (p *Pool) Own(fn func()) {
	pl, _ := p.take("server", false)
	defer pl.Leave()
	<-pl.turn
	fn()
}

// WriteBusy answers a *BusyError: 503 busy with Retry-After. It reports
// false for other errors, unanswered.
func WriteBusy(w http.ResponseWriter, err error) bool {
	var be *BusyError
	if !errors.As(err, &be) {
		return false
	}
	secs := max(1, int((be.retryAfter+time.Second-1)/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"error": map[string]any{
		"code": "busy", "message": be.msg, "retry_after": secs}})
	return true
}

// Stats are p's counts for /metrics: the pieces of work running and
// waiting, and those refused since p was made.
func (p *Pool) Stats() (running, waiting int, refused int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.running, p.nwait, p.refused
}
