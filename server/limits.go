package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"plateau/server/internal/httpx"
	"plateau/store"
)

// Defaults of the limits on game creation (see Options).
const (
	DefaultGamesPerMinute = 10
	DefaultLiveGames      = 20
	DefaultStaleGame      = 24 * time.Hour
	DefaultMaxRooms       = 10000
)

// limitDefaults fills in the defaults of the creation limits and the clock.
func (o *Options) limitDefaults() {
	if o.GamesPerMinute == 0 {
		o.GamesPerMinute = DefaultGamesPerMinute
	}
	if o.LiveGames == 0 {
		o.LiveGames = DefaultLiveGames
	}
	if o.StaleGame == 0 {
		o.StaleGame = DefaultStaleGame
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.AIOnlyMaxLevel == "" {
		o.AIOnlyMaxLevel = DefaultAIOnlyMaxLevel
	}
	switch {
	case o.MaxRooms == 0:
		o.MaxRooms = DefaultMaxRooms
	case o.MaxRooms < 0:
		o.MaxRooms = 0 // room.Options: no bound
	}
}

// DefaultAIOnlyMaxLevel is the strongest level of a game between AI seats only.
const DefaultAIOnlyMaxLevel = "hard"

// checkAIOnly refuses a game of AI seats only (no human or open seat) with
// a seat above AIOnlyMaxLevel: its searches would take the AI workers for
// nobody watching a reply (games facing a human are served first anyway,
// see room.Options.AIWorkers).
func (s *Server) checkAIOnly(seats []store.Seat) *httpx.FieldError {
	top := slices.Index(s.o.AILevels, s.o.AIOnlyMaxLevel)
	if top < 0 || slices.ContainsFunc(seats, func(st store.Seat) bool { return st.Kind != store.AI }) {
		return nil
	}
	var over []string
	for i, st := range seats {
		if slices.Index(s.o.AILevels, st.Level) > top {
			over = append(over, fmt.Sprintf("seat %d (%s)", i, st.Level))
		}
	}
	if len(over) == 0 {
		return nil
	}
	return &httpx.FieldError{Field: "seats", Message: fmt.Sprintf("a game between AI seats only plays at most level %s: %s (--ai-only-max-level)",
		s.o.AIOnlyMaxLevel, strings.Join(over, ", "))}
}

// tooManyRooms answers a request for a game that cannot be loaded now.
func (s *Server) tooManyRooms(w http.ResponseWriter, err error) {
	s.metrics.refusedRooms.Add(1)
	s.o.Log.Warn("game not loaded", "err", err)
	w.Header().Set("Retry-After", "10")
	httpx.Error(w, http.StatusServiceUnavailable, "busy", "the server has too many games loaded: retry in a few seconds")
}

// LimitError is a refusal of a game creation because of a limit: the
// answer is 429 with Retry-After.
type LimitError struct {
	Limit      string // the flag of "plateau serve" that sets it
	Message    string
	RetryAfter time.Duration
}

func (e *LimitError) Error() string { return e.Message }

// refuseCreate answers a creation refused by a limit, and counts it.
func (s *Server) refuseCreate(w http.ResponseWriter, e *LimitError) {
	if c := s.metrics.refusedGames[e.Limit]; c != nil {
		c.Add(1)
	}
	e.write(w)
}

// write answers the refused request.
func (e *LimitError) write(w http.ResponseWriter) {
	secs := max(1, int(math.Ceil(e.RetryAfter.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	httpx.WriteJSON(w, http.StatusTooManyRequests, map[string]any{"error": map[string]any{
		"code": "too_many_games", "limit": e.Limit, "message": e.Message, "retry_after": secs}})
}

// creations counts, per client address, the games created recently and
// the games created that may still be live.
type creations struct {
	st        store.Store
	perMinute int // <= 0: no limit
	live      int // <= 0: no limit
	stale     time.Duration
	now       func() time.Time

	mu    sync.Mutex
	addrs map[string]*addrGames
	swept time.Time // last removal of addresses with nothing to count
}

type addrGames struct {
	recent  []time.Time // creations in the last minute, oldest first
	last    time.Time   // the last creation
	games   []string    // ids of games created that were live when last looked at
	pending int         // creations admitted, not yet stored
}

func newCreations(o Options) *creations {
	return &creations{st: o.Store, perMinute: o.GamesPerMinute, live: o.LiveGames, stale: o.StaleGame, now: o.Now,
		addrs: map[string]*addrGames{}}
}

// reservation is a creation admitted by creations.admit: done records the
// game once stored, or forgets the creation if id is "".
type reservation struct {
	c    *creations
	addr string
}

// admit counts a creation from addr, or refuses it with a *LimitError.
func (c *creations) admit(ctx context.Context, addr string) (*reservation, error) {
	if c.perMinute <= 0 && c.live <= 0 {
		return &reservation{}, nil
	}
	c.mu.Lock()
	a := c.addr(addr)
	ids := append([]string(nil), a.games...)
	c.mu.Unlock()
	// Forget the games that are no longer live: finished, deleted or untouched.
	var gone []string
	if c.live > 0 {
		for _, id := range ids {
			g, err := c.st.Game(ctx, id)
			switch {
			case errors.Is(err, store.ErrNotFound):
				gone = append(gone, id)
			case err != nil:
				return nil, fmt.Errorf("count the live games of %s: %w", addr, err)
			case g.Status == store.StatusFinished || (c.stale > 0 && c.now().Sub(g.Updated) >= c.stale):
				gone = append(gone, id)
			}
		}
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	a = c.addr(addr)
	a.games = deleteAll(a.games, gone)
	for len(a.recent) > 0 && now.Sub(a.recent[0]) >= time.Minute {
		a.recent = a.recent[1:]
	}
	if c.perMinute > 0 && len(a.recent) >= c.perMinute {
		return nil, &LimitError{Limit: "games-per-minute", RetryAfter: a.recent[0].Add(time.Minute).Sub(now),
			Message: fmt.Sprintf("at most %d games may be created from one address in a minute", c.perMinute)}
	}
	if c.live > 0 && len(a.games)+a.pending >= c.live {
		return nil, &LimitError{Limit: "live-games-per-ip", RetryAfter: time.Minute,
			Message: fmt.Sprintf("at most %d unfinished games created from one address may be live at once: finish or resign one", c.live)}
	}
	a.recent = append(a.recent, now)
	a.last = now
	a.pending++
	return &reservation{c: c, addr: addr}, nil
}

// addr returns the counts of an address, creating them; c.mu is held. At
// most once a minute it drops the addresses with nothing left to count:
// no creation pending or in the last minute, and no live game or none
// created within the stale time (a day if games are never stale), so that
// the map stays bounded by the addresses recently seen.
func (c *creations) addr(addr string) *addrGames {
	if now := c.now(); now.Sub(c.swept) >= time.Minute {
		c.swept = now
		forget := c.stale
		if forget <= 0 {
			forget = 24 * time.Hour
		}
		for k, a := range c.addrs {
			if a.pending == 0 && now.Sub(a.last) >= time.Minute && (len(a.games) == 0 || now.Sub(a.last) >= forget) {
				delete(c.addrs, k)
			}
		}
	}
	a := c.addrs[addr]
	if a == nil {
		a = &addrGames{}
		c.addrs[addr] = a
	}
	return a
}

// done records the game created (id "" if it was not).
func (r *reservation) done(id string) {
	if r.c == nil {
		return
	}
	r.c.mu.Lock()
	defer r.c.mu.Unlock()
	a := r.c.addr(r.addr)
	a.pending--
	if id != "" && r.c.live > 0 {
		a.games = append(a.games, id)
	}
}

func deleteAll(xs, drop []string) []string {
	if len(drop) == 0 {
		return xs
	}
	out := xs[:0]
	for _, x := range xs {
		keep := true
		for _, d := range drop {
			keep = keep && x != d
		}
		if keep {
			out = append(out, x)
		}
	}
	return out
}

// SweepStale deletes the games never started (no human seat has moved)
// and untouched for Options.StaleGame, and returns how many.
func (s *Server) SweepStale(ctx context.Context) (int, error) {
	if s.o.StaleGame < 0 {
		return 0, nil
	}
	n, err := s.o.Store.DeleteStale(ctx, s.o.Now().Add(-s.o.StaleGame))
	s.metrics.swept.Add(float64(n))
	if n > 0 {
		s.o.Log.Info("stale games deleted", "games", n, "untouched_for", s.o.StaleGame)
	}
	if err != nil {
		return n, fmt.Errorf("sweep stale games: %w", err)
	}
	return n, nil
}

// sweeper runs SweepStale, and deletes the expired sessions, every
// StaleGame/24 (between a minute and an hour) until the server closes.
func (s *Server) sweeper() {
	defer s.bg.Done()
	if s.o.StaleGame < 0 {
		return
	}
	t := time.NewTicker(min(max(s.o.StaleGame/24, time.Minute), time.Hour))
	defer t.Stop()
	for {
		select {
		case <-s.closing:
			return
		case <-t.C:
			ctx, cancel := s.contextClosing(context.Background())
			if _, err := s.SweepStale(ctx); err != nil {
				s.o.Log.Error("sweep", "err", err)
			}
			if n, err := s.o.Store.DeleteExpiredSessions(ctx, s.o.Now()); err != nil {
				s.o.Log.Error("sweep expired sessions", "err", err)
			} else if n > 0 {
				s.o.Log.Info("expired sessions deleted", "sessions", n)
			}
			cancel()
		}
	}
}
