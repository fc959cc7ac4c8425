package server

import (
	"cmp"
	"net/http"
	"runtime"
	"sync"
	"time"

	"plateau/account"
	"plateau/server/internal/httpx"
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

// clientKey is who a request counts against in the admission pools: its
// signed-in account, else its address, an IPv6 one by its prefix
// (clientAddr: the addresses of one client count as one).
func (s *Server) clientKey(r *http.Request) string {
	if si, err := s.accounts.Session(r.Context(), r); err == nil && si != nil {
		return "account:" + si.Account.ID
	}
	return "net:" + s.clientAddr(r)
}

// admissionPools makes the server's pools of password hashing and of
// analysis searches (the reviews' is newReviews'), and the memory of the
// games' creators that the AI workers' turns need.
func (s *Server) admissionPools() {
	a := s.o.Admission
	s.hashes = httpx.NewPool("password hashing", a.HashWorkers(s.o.Passwords), a.HashQueue, a.HashPerClient, time.Second)
	s.analyses = httpx.NewPool("the analysis engine", cmp.Or(max(0, s.o.AIWorkers), 2), a.AnalysisQueue, a.AnalysisPerClient, 2*time.Second)
	s.creators = newGameClients()
}

// hashing runs fn, a password hash or check, in the hashing pool, or
// answers 503 busy; it reports whether fn ran.
func (s *Server) hashing(w http.ResponseWriter, r *http.Request, fn func()) bool {
	err := s.hashes.Do(r.Context(), s.clientKey(r), fn)
	if err != nil && !httpx.WriteBusy(w, err) { // the client left
		httpx.Error(w, http.StatusServiceUnavailable, "busy", "the request ended before its turn")
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
