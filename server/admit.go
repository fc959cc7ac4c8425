package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"plateau/account"
)

// Expensive work (password hashing, analysis searches, game reviews) is
// admitted, not merely rate limited: each kind has its own pool of a few
// places running at once, a short queue behind them, and a share per
// client (an account, or an address: clientKey) of the places running and
// waiting. Waiting clients are served in turn, one piece of work each
// (round-robin), so that a client with many requests queued delays
// another by one piece of work, not by all of them. Work that finds the
// queue or its client's share full is refused at once with 503 busy and a
// Retry-After: a request that waits holds a goroutine and its body, never
// the memory or the core of the work itself.

// Admission gives the limits of the admission pools (Options.Admission);
// a zero field takes its default (DefaultAdmission), a negative one means
// no limit where said.
type Admission struct {
	// HashMemory bounds the memory of the password hashes computed at
	// once, in bytes: the hashing workers are as many as the cores
	// (GOMAXPROCS) but at most HashMemory / the memory of one hash
	// (Options.Passwords.Memory, 19 MiB by default), at least one.
	HashMemory int64
	// HashQueue bounds the sign-ins and sign-ups waiting for a hashing
	// worker, HashPerClient those of one client, running or waiting.
	HashQueue, HashPerClient int
	// AnalysisQueue and AnalysisPerClient are the same for the analysis
	// board's searches (POST /api/analysis), which run at once as many
	// as the AI workers (Options.AIWorkers) at most.
	AnalysisQueue, AnalysisPerClient int
	// ReviewQueue bounds the game reviews waiting for their turn past
	// the Options.Reviews running, ReviewsPerClient the reviews one
	// client asked for that run or wait.
	ReviewQueue, ReviewsPerClient int
}

// DefaultAdmission are the documented defaults (docs/api.md, the limits
// of plateau serve). With the default argon2id parameters, 64 MiB of
// hashing is three hashes: as many as two cores run, two.
var DefaultAdmission = Admission{
	HashMemory: 64 << 20, HashQueue: 32, HashPerClient: 4,
	AnalysisQueue: 16, AnalysisPerClient: 2,
	ReviewQueue: 64, ReviewsPerClient: 3,
}

// withDefaults fills in the zero fields of a.
func (a Admission) withDefaults() Admission {
	d := DefaultAdmission
	for _, f := range []struct{ v, d *int }{{&a.HashQueue, &d.HashQueue}, {&a.HashPerClient, &d.HashPerClient},
		{&a.AnalysisQueue, &d.AnalysisQueue}, {&a.AnalysisPerClient, &d.AnalysisPerClient},
		{&a.ReviewQueue, &d.ReviewQueue}, {&a.ReviewsPerClient, &d.ReviewsPerClient}} {
		if *f.v == 0 {
			*f.v = *f.d
		}
	}
	if a.HashMemory <= 0 {
		a.HashMemory = d.HashMemory
	}
	return a
}

// HashWorkers is the number of password hashes computed at once with
// parameters p: the cores, within the memory budget.
func (a Admission) HashWorkers(p account.Params) int {
	n := runtime.GOMAXPROCS(0)
	if per := int64(p.Memory) << 10; per > 0 {
		n = min(n, int(a.withDefaults().HashMemory/per))
	}
	return max(1, n)
}

// pool admits one kind of expensive work: at most capacity pieces run at
// once, at most queue wait (negative: no bound), and one client holds at
// most perClient places, running or waiting (negative: no bound).
type pool struct {
	what       string        // the work, for messages: "password hashing"
	retryAfter time.Duration // told to a refused client

	capacity, queue, perClient int

	mu      sync.Mutex
	running int
	held    map[string]int      // places held by client, running or waiting
	waiting map[string][]*place // each client's waiting places, oldest first
	// ring is the clients waiting, the least recently served first: the
	// next to serve. A client served at once counts as served, so that
	// one who just had a turn waits behind those who had none.
	ring    []string
	served  map[string]uint64 // when each client holding places was last served (tick)
	tick    uint64
	nwait   int
	refused int64 // work refused, for /metrics
}

func newPool(what string, capacity, queue, perClient int, retryAfter time.Duration) *pool {
	return &pool{what: what, retryAfter: retryAfter, capacity: max(1, capacity), queue: queue, perClient: perClient,
		held: map[string]int{}, waiting: map[string][]*place{}, served: map[string]uint64{}}
}

// place is a client's place in a pool: waiting, then running, then left.
type place struct {
	p      *pool
	client string
	turn   chan struct{} // closed when it may run
	state  int           // placeWaiting, placeRunning or placeLeft, guarded by p.mu
}

const (
	placeWaiting = iota
	placeRunning
	placeLeft
)

// busyError: a pool refused work; it is answered 503 busy.
type busyError struct {
	msg        string
	retryAfter time.Duration
}

func (e *busyError) Error() string { return e.msg }

// enter takes a place for client: running at once when a worker is free
// and nobody waits, else waiting; a *busyError when the queue or the
// client's share is full.
func (p *pool) enter(client string) (*place, error) { return p.take(client, true) }

// take is enter, past the queue's and the share's bounds unless limited:
// for the server's own work, which only the workers bound.
func (p *pool) take(client string, limited bool) (*place, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if limited && p.perClient >= 0 && p.held[client] >= p.perClient {
		p.refused++
		return nil, &busyError{retryAfter: p.retryAfter,
			msg: fmt.Sprintf("%s: you already have %d requests running or waiting, the most one client may have: retry when one is done", p.what, p.held[client])}
	}
	pl := &place{p: p, client: client, turn: make(chan struct{})}
	if p.running < p.capacity && p.nwait == 0 {
		p.start(pl)
	} else {
		if limited && p.queue >= 0 && p.nwait >= p.queue {
			p.refused++
			return nil, &busyError{retryAfter: p.retryAfter,
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

// wait waits for the place's turn to run; ctx's error if ctx ends first,
// the place then left.
func (pl *place) wait(ctx context.Context) error {
	select {
	case <-pl.turn:
		return nil
	case <-ctx.Done():
		pl.leave()
		return ctx.Err()
	}
}

// leave gives the place up, running or waiting: a running place's worker
// goes to the next client in turn. Leaving twice does nothing.
func (pl *place) leave() {
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
func (p *pool) start(pl *place) {
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
func (p *pool) serveNext() {
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

// position is the place's rank in the queue, 1 for the next to run, 0
// once it runs: the places that round-robin serves before it, should no
// other client come.
func (pl *place) position() int {
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

// do runs fn in a place of client, waiting for its turn; a *busyError
// when refused, ctx's error when ctx ends first.
func (p *pool) do(ctx context.Context, client string, fn func()) error {
	pl, err := p.enter(client)
	if err != nil {
		return err
	}
	defer pl.leave()
	if err := pl.wait(ctx); err != nil {
		return err
	}
	fn()
	return nil
}

// own runs fn, the server's own work, in a place of the pool: in turn
// with the clients waiting, never refused.
func (p *pool) own(fn func()) {
	pl, _ := p.take("server", false)
	defer pl.leave()
	<-pl.turn
	fn()
}

// writeBusy answers a *busyError: 503 busy with Retry-After. It reports
// false for other errors, unanswered.
func writeBusy(w http.ResponseWriter, err error) bool {
	var be *busyError
	if !errors.As(err, &be) {
		return false
	}
	secs := max(1, int((be.retryAfter+time.Second-1)/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeJSON(w, http.StatusServiceUnavailable, map[string]any{"error": map[string]any{
		"code": "busy", "message": be.msg, "retry_after": secs}})
	return true
}

// clientKey is who a request counts against in the admission pools: its
// signed-in account, else its address, an IPv6 one by its prefix
// (clientAddr: the addresses of one client count as one).
func (s *Server) clientKey(r *http.Request) string {
	if si, err := s.session(r.Context(), r); err == nil && si != nil {
		return "account:" + si.account.ID
	}
	return "net:" + s.clientAddr(r)
}

// admissionPools makes the server's pools of password hashing and of
// analysis searches (the reviews' is newReviews'), and the memory of the
// games' creators that the AI workers' turns need.
func (s *Server) admissionPools() {
	a := s.o.Admission
	s.hashes = newPool("password hashing", a.HashWorkers(s.o.Passwords), a.HashQueue, a.HashPerClient, time.Second)
	s.analyses = newPool("the analysis engine", cmp.Or(max(0, s.o.AIWorkers), 2), a.AnalysisQueue, a.AnalysisPerClient, 2*time.Second)
	s.creators = newGameClients()
}

// hashing runs fn, a password hash or check, in the hashing pool, or
// answers 503 busy; it reports whether fn ran.
func (s *Server) hashing(w http.ResponseWriter, r *http.Request, fn func()) bool {
	err := s.hashes.do(r.Context(), s.clientKey(r), fn)
	if err != nil && !writeBusy(w, err) { // the client left
		httpError(w, http.StatusServiceUnavailable, "busy", "the request ended before its turn")
	}
	return err == nil
}

// maxGameClients bounds the games whose creator gameClients remembers: a
// game created before the last maxGameClients counts as its own client.
const maxGameClients = 1 << 16

// gameClients remembers who created the recent games (their clientKey),
// so that the AI workers serve each creator's games in turn
// (room.Options.AIClient); the oldest are forgotten first.
type gameClients struct {
	mu    sync.Mutex
	by    map[string]string
	order []string // game ids, a ring of maxGameClients once full
	next  int      // the oldest entry of order once full
}

func newGameClients() *gameClients { return &gameClients{by: map[string]string{}} }

// note remembers that client created game id.
func (g *gameClients) note(id, client string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.by[id]; ok {
		return
	}
	if len(g.order) < maxGameClients {
		g.order = append(g.order, id)
	} else {
		delete(g.by, g.order[g.next])
		g.order[g.next] = id
		g.next = (g.next + 1) % maxGameClients
	}
	g.by[id] = client
}

// of is the creator of game id, "" if forgotten or unknown.
func (g *gameClients) of(id string) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.by[id]
}

// gauge returns a reader of one of p's counts, for /metrics.
func (p *pool) gauge(count func(*pool) int64) func() float64 {
	return func() float64 {
		p.mu.Lock()
		defer p.mu.Unlock()
		return float64(count(p))
	}
}
