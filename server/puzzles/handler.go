package puzzles

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"plateau/game"
	"plateau/puzzle"
	"plateau/store"
)

// Limits bound the puzzle requests of one client (its account, else its
// address): a burst of Burst requests, then PerSecond a second.
type Limits struct {
	PerSecond float64 // default 4
	Burst     int     // default 40
}

// DefaultLimits are the limits of a zero Limits.
var DefaultLimits = Limits{PerSecond: 4, Burst: 40}

func (l Limits) withDefaults() Limits {
	if l.PerSecond <= 0 {
		l.PerSecond = DefaultLimits.PerSecond
	}
	if l.Burst <= 0 {
		l.Burst = DefaultLimits.Burst
	}
	return l
}

// Deps are what the handler needs from the server.
type Deps struct {
	Store store.Store
	Games *game.Registry
	Log   *slog.Logger
	// Account is the id of the account a request is signed in with, ""
	// for none (a guest's attempts are checked, not recorded).
	Account func(r *http.Request) (string, error)
	// Client is who a request counts against in the limits.
	Client func(r *http.Request) string
	// Page writes the web page with a game's renderer ("" for none).
	Page func(w http.ResponseWriter, r *http.Request, renderer string)
	// Worker waits for a worker for one search at the lowest priority
	// (room.Manager.ReviewWorker); nil: the mining runs without one.
	Worker func(ctx context.Context) (context.Context, func(), error)
	// Now is the clock (default time.Now), Rand picks among the nearest
	// puzzles (default math/rand/v2).
	Now    func() time.Time
	Rand   func(n int) int
	Limits Limits
}

// Handler serves the puzzles. Create one with New, add its routes with
// Routes, stop it with Close.
type Handler struct {
	d     Deps
	mu    sync.Mutex
	limit map[string]*rate.Limiter
	swept time.Time
	mine  *miner
}

// New returns a handler for d; it starts the miner of reviewed games.
func New(d Deps) *Handler {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Rand == nil {
		d.Rand = rand.IntN
	}
	d.Limits = d.Limits.withDefaults()
	h := &Handler{d: d, limit: map[string]*rate.Limiter{}}
	h.mine = newMiner(h)
	return h
}

// Close stops the miner, dropping the games it had not mined.
func (h *Handler) Close() { h.mine.close() }

// Routes adds the handler's routes to m (docs/api.md, Puzzles).
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/puzzles/next", h.limited(h.next))
	m.HandleFunc("GET /api/puzzles/daily", h.limited(h.daily))
	m.HandleFunc("GET /api/puzzles/{id}", h.limited(h.get))
	m.HandleFunc("POST /api/puzzles/{id}/attempt", h.limited(h.attempt))
	m.HandleFunc("GET /puzzles", h.page)
	m.HandleFunc("GET /puzzles/{$}", h.page)
	m.HandleFunc("GET /puzzles/{game}", h.page)
}

// page serves /puzzles (the games and the daily puzzle) and
// /puzzles/{game} (its puzzles, the renderer preloaded).
func (h *Handler) page(w http.ResponseWriter, r *http.Request) {
	renderer := ""
	if id := r.PathValue("game"); id != "" {
		if g, err := h.d.Games.Lookup(id); err == nil {
			renderer = g.ID()
		}
	}
	h.d.Page(w, r, renderer)
}

// limited answers 429 to a client over its limits.
func (h *Handler) limited(fn http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		now := h.d.Now()
		key := h.d.Client(r)
		h.mu.Lock()
		if now.Sub(h.swept) > time.Minute {
			h.swept = now
			for k, l := range h.limit {
				if l.TokensAt(now) >= float64(h.d.Limits.Burst) {
					delete(h.limit, k)
				}
			}
		}
		l := h.limit[key]
		if l == nil {
			l = rate.NewLimiter(rate.Limit(h.d.Limits.PerSecond), h.d.Limits.Burst)
			h.limit[key] = l
		}
		ok := l.AllowN(now, 1)
		h.mu.Unlock()
		if !ok {
			w.Header().Set("Retry-After", "1")
			httpError(w, http.StatusTooManyRequests, "rate_limited",
				fmt.Sprintf("too many puzzle requests: at most %v a second after a burst of %d", h.d.Limits.PerSecond, h.d.Limits.Burst))
			return
		}
		fn(w, r)
	}
}

// LoadSeed adds the shipped seed sets (puzzle.Seed) to the store: the
// puzzles it lacks, keeping the others' ratings. It returns how many it
// added; run at every start, it adds nothing the second time.
func LoadSeed(ctx context.Context, st store.Store, now time.Time) (int, error) {
	added := 0
	for _, id := range puzzle.SeedGames() {
		ps, err := puzzle.Seed(id)
		if err != nil {
			return added, err
		}
		rows, err := rows(ps, now)
		if err != nil {
			return added, err
		}
		n, err := st.AddPuzzles(ctx, rows)
		if err != nil {
			return added, fmt.Errorf("loading the %s seed puzzles: %w", id, err)
		}
		added += n
	}
	return added, nil
}

// rows converts puzzles to the store's rows, created at now.
func rows(ps []puzzle.Puzzle, now time.Time) ([]store.Puzzle, error) {
	out := make([]store.Puzzle, 0, len(ps))
	for _, p := range ps {
		if p.Rating.RD == 0 {
			p.Rating = puzzle.InitialRating(p.SolverMoves())
		}
		b, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
		out = append(out, store.Puzzle{ID: p.ID, Game: p.Game, Rating: p.Rating, Data: b, Created: now})
	}
	return out, nil
}

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// httpError answers an error in the API's form ({"error": {code, message}}).
func httpError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]apiError{"error": {code, msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// internal logs err and answers 500.
func (h *Handler) internal(w http.ResponseWriter, what string, err error) {
	h.d.Log.Error("puzzles: "+what, "err", err)
	httpError(w, http.StatusInternalServerError, "internal", "internal error")
}
