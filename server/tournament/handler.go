package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"plateau/mint"
	"plateau/store"
	"plateau/tournament/director"
)

// Store is what the handler needs of the store.
type Store interface {
	store.Tournaments
}

// Deps are the handler's dependencies.
type Deps struct {
	Store    Store
	Director *director.Director
	// Account returns the request's signed-in account, nil for a guest.
	Account func(*http.Request) (*store.Account, error)
	// Rating returns an account's rating in a game, rounded.
	Rating func(ctx context.Context, account, game string) (int, error)
	// Check validates a two-player game, its variant and clock for rated
	// play, and returns the complete variant; a *FieldError-like error
	// names the field.
	Check func(game string, variant map[string]string, clock director.Clock) (map[string]string, error)
	// CheckTable validates the game and variant of a casual multi-player
	// event of players a game and returns the complete variant.
	CheckTable func(game string, variant map[string]string, players int) (map[string]string, error)
	// Level checks that a computer level plays game in the rating pools
	// (an error wrapping ErrNoLevel if not) and returns its player.
	Level func(ctx context.Context, game, level string) (Level, error)
	Now   func() time.Time
	// PerDay bounds the tournaments an account creates in 24 hours (3 if
	// zero, none if negative).
	PerDay int
	Log    *slog.Logger
}

// Handler answers the tournaments' routes.
type Handler struct{ d Deps }

// New returns a handler.
func New(d Deps) *Handler {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.PerDay == 0 {
		d.PerDay = 3
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	return &Handler{d: d}
}

// Register adds the routes to m.
func (h *Handler) Register(m *http.ServeMux) {
	m.HandleFunc("POST /api/tournaments", h.create)
	m.HandleFunc("GET /api/tournaments", h.list)
	m.HandleFunc("GET /api/tournaments/{id}", h.get)
	m.HandleFunc("GET /api/tournaments/{id}/live", h.live)
	m.HandleFunc("POST /api/tournaments/{id}/join", h.join)
	m.HandleFunc("POST /api/tournaments/{id}/leave", h.leave)
	m.HandleFunc("POST /api/tournaments/{id}/levels", h.enterLevel)
	m.HandleFunc("DELETE /api/tournaments/{id}/levels/{level}", h.withdrawLevel)
}

// Limits of a tournament's settings.
const (
	maxName       = 60
	maxStartsIn   = 7 * 24 * 60 // minutes
	minArena      = 1           // minutes
	maxArena      = 6 * 60
	maxRounds     = 15
	maxRoundEvery = 24 * 60     // minutes between a Swiss tournament's round starts
	maxSchedule   = 7 * 24 * 60 // minutes: rounds × round_every at most
	maxBodyBytes  = 4096
	listedDefault = 50
)

// CreateRequest is the body of POST /api/tournaments.
type CreateRequest struct {
	Kind    string            `json:"kind"` // "arena" or "swiss"
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant,omitempty"`
	Clock   director.Clock    `json:"clock"`
	Name    string            `json:"name,omitempty"`
	// StartsIn is the delay before the start, in minutes (0: now).
	StartsIn float64 `json:"startsIn"`
	Minutes  int     `json:"minutes,omitempty"` // an arena's duration
	Rounds   int     `json:"rounds,omitempty"`  // a Swiss tournament's rounds
	// RoundEvery is a Swiss tournament's minutes between round starts (0:
	// each round as soon as the last ends), as its spec's round_every.
	RoundEvery int  `json:"round_every,omitempty"`
	Berserk    bool `json:"berserk,omitempty"`
	// Seats makes a casual multi-player arena of that many players a game
	// (4-player Intercept, 3-4 player Shut the Box); 0 or 2: a rated
	// two-player tournament.
	Seats int `json:"seats,omitempty"`
}

// Summary is a tournament as the lobby lists it.
type Summary struct {
	ID      string        `json:"id"`
	Kind    string        `json:"kind"`
	Game    string        `json:"game"`
	Name    string        `json:"name"`
	Spec    director.Spec `json:"spec"`
	Starts  time.Time     `json:"starts"`
	Ends    *time.Time    `json:"ends,omitempty"` // an arena's end
	Status  string        `json:"status"`
	Players int           `json:"players"`
	// Joinable: one may join now (an arena until its end, a Swiss
	// tournament until half of its rounds have started).
	Joinable bool `json:"joinable"`
}

func fail(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]string{"code": code, "message": msg}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// account returns the signed-in account or answers 401.
func (h *Handler) account(w http.ResponseWriter, r *http.Request) *store.Account {
	acc, err := h.d.Account(r)
	if err != nil {
		h.d.Log.Error("read a session", "err", err)
		fail(w, http.StatusInternalServerError, "internal", "could not read the session")
		return nil
	}
	if acc == nil {
		fail(w, http.StatusUnauthorized, "sign_in", "sign in to take part in tournaments")
	}
	return acc
}

// check validates a creation request and returns the record to store.
func (h *Handler) check(req CreateRequest, acc *store.Account, now time.Time) (*store.Tournament, string, error) {
	spec := director.Spec{Clock: req.Clock, Berserk: req.Berserk}
	switch req.Kind {
	case director.Arena:
		if req.Minutes < minArena || req.Minutes > maxArena {
			return nil, "minutes", fmt.Errorf("%d: want an arena of %d to %d minutes", req.Minutes, minArena, maxArena)
		}
		spec.Minutes = req.Minutes
	case director.Swiss:
		if req.Rounds < 1 || req.Rounds > maxRounds {
			return nil, "rounds", fmt.Errorf("%d: want 1 to %d rounds", req.Rounds, maxRounds)
		}
		if req.Berserk {
			return nil, "berserk", errors.New("berserk is for arenas")
		}
		if req.RoundEvery < 0 || req.RoundEvery > maxRoundEvery {
			return nil, "round_every", fmt.Errorf("%d: want 0 to %d minutes between round starts", req.RoundEvery, maxRoundEvery)
		}
		if req.Rounds*req.RoundEvery > maxSchedule {
			return nil, "round_every", fmt.Errorf("%d rounds every %d minutes take more than 7 days: at most %d minutes between round starts for %d rounds",
				req.Rounds, req.RoundEvery, maxSchedule/req.Rounds, req.Rounds)
		}
		spec.Rounds, spec.RoundEvery = req.Rounds, req.RoundEvery
	default:
		return nil, "kind", fmt.Errorf("%q: want arena or swiss", req.Kind)
	}
	if req.Kind != director.Swiss && req.RoundEvery != 0 {
		return nil, "round_every", errors.New("the minutes between round starts are for Swiss tournaments")
	}
	if req.Clock.Minutes <= 0 {
		return nil, "clock.minutes", errors.New("a tournament needs a clock")
	}
	variant, field, err := h.variant(req)
	if err != nil {
		return nil, field, err
	}
	spec.Variant = variant
	if req.Seats > 2 {
		spec.Seats = req.Seats
	}
	if !(req.StartsIn >= 0 && req.StartsIn <= maxStartsIn) {
		return nil, "startsIn", fmt.Errorf("%v: want 0 to %d minutes", req.StartsIn, maxStartsIn)
	}
	name := strings.TrimSpace(req.Name)
	if name == "" {
		name = fmt.Sprintf("%s %s", req.Game, req.Kind)
	}
	if utf8.RuneCountInString(name) > maxName || !utf8.ValidString(name) {
		return nil, "name", fmt.Errorf("want at most %d characters", maxName)
	}
	b, _ := json.Marshal(spec)
	starts := now.Add(time.Duration(req.StartsIn * float64(time.Minute))).Truncate(time.Second)
	return &store.Tournament{ID: mint.ID(), Kind: req.Kind, Game: req.Game, Name: name, Creator: acc.ID, Spec: b,
		Starts: starts, Status: store.TournamentOpen, Created: now}, "", nil
}

// variant checks the game and variant of a creation request: a rated
// two-player game, or a casual multi-player event's.
func (h *Handler) variant(req CreateRequest) (map[string]string, string, error) {
	if req.Seats == 0 || req.Seats == 2 {
		v, err := h.d.Check(req.Game, req.Variant, req.Clock)
		return v, "game", err
	}
	switch {
	case req.Kind != director.Arena:
		return nil, "seats", fmt.Errorf("%d: the multi-player events are arenas", req.Seats)
	case req.Berserk:
		return nil, "berserk", errors.New("berserk is for two-player arenas")
	case h.d.CheckTable == nil:
		return nil, "seats", errors.New("this server has no multi-player events")
	}
	v, err := h.d.CheckTable(req.Game, req.Variant, req.Seats)
	return v, "seats", err
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	acc := h.account(w, r)
	if acc == nil {
		return
	}
	var req CreateRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("the tournament: %v", err))
		return
	}
	now := h.d.Now().UTC()
	t, field, err := h.check(req, acc, now)
	if err != nil {
		fail(w, http.StatusBadRequest, "invalid", fmt.Sprintf("%s: %v", field, err))
		return
	}
	if h.d.PerDay > 0 {
		n, err := h.d.Store.CountTournaments(r.Context(), acc.ID, now.Add(-24*time.Hour))
		if err != nil {
			h.storeError(w, err)
			return
		}
		if n >= h.d.PerDay {
			fail(w, http.StatusTooManyRequests, "rate_limited", fmt.Sprintf("at most %d tournaments a day per account", h.d.PerDay))
			return
		}
	}
	if err := h.d.Store.CreateTournament(r.Context(), t); err != nil {
		h.storeError(w, err)
		return
	}
	h.d.Log.Info("tournament created", "tournament", t.ID, "kind", t.Kind, "game", t.Game, "creator", acc.ID)
	writeJSON(w, http.StatusCreated, h.summary(t, nil))
}

func (h *Handler) storeError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		fail(w, http.StatusNotFound, "not_found", "no such tournament")
	case errors.Is(err, director.ErrClosed), errors.Is(err, director.ErrStarted), errors.Is(err, director.ErrNotJoined):
		fail(w, http.StatusConflict, "refused", strings.TrimPrefix(err.Error(), "director: "))
	default:
		h.d.Log.Error("tournaments", "err", err)
		fail(w, http.StatusInternalServerError, "internal", "the store failed")
	}
}

// summary lists t; st, if not nil, gives the number of players.
func (h *Handler) summary(t *store.Tournament, st *director.State) Summary {
	s := Summary{ID: t.ID, Kind: t.Kind, Game: t.Game, Name: t.Name, Starts: t.Starts, Status: t.Status}
	json.Unmarshal(t.Spec, &s.Spec)
	if t.Kind == director.Arena {
		end := t.Starts.Add(time.Duration(s.Spec.Minutes) * time.Minute)
		s.Ends = &end
	}
	s.Joinable = t.Status == store.TournamentOpen // without its state: a new tournament
	if st != nil {
		s.Joinable = st.Joinable(h.d.Now())
		for _, p := range st.Players {
			if !p.Left {
				s.Players++
			}
		}
	}
	return s
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	ts, err := h.d.Store.Tournaments(r.Context(), []string{store.TournamentOpen, store.TournamentRunning}, listedDefault)
	if err != nil {
		h.storeError(w, err)
		return
	}
	out := make([]Summary, 0, len(ts))
	for _, t := range ts {
		var s Summary
		err := h.d.Director.View(r.Context(), t.ID, func(st *director.State) { s = h.summary(&st.T, st) })
		if err != nil {
			s = h.summary(t, nil)
		}
		out = append(out, s)
	}
	writeJSON(w, http.StatusOK, map[string]any{"tournaments": out})
}

func (h *Handler) join(w http.ResponseWriter, r *http.Request) {
	acc := h.account(w, r)
	if acc == nil {
		return
	}
	id := r.PathValue("id")
	t, err := h.d.Store.Tournament(r.Context(), id)
	if err != nil {
		h.storeError(w, err)
		return
	}
	rating, err := h.d.Rating(r.Context(), acc.ID, t.Game)
	if err != nil {
		h.storeError(w, err)
		return
	}
	if err := h.d.Director.Join(r.Context(), id, acc.ID, acc.Name, rating); err != nil {
		h.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"joined": true})
}

func (h *Handler) leave(w http.ResponseWriter, r *http.Request) {
	acc := h.account(w, r)
	if acc == nil {
		return
	}
	if err := h.d.Director.Leave(r.Context(), r.PathValue("id"), acc.ID); err != nil {
		h.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"joined": false})
}
