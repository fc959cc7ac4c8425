package correspondence

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"plateau/store"
)

// MaxGames bounds the games a your-move list reads and shows.
const MaxGames = 100

// Handler answers GET /api/account/your-move: the correspondence games
// (not finished) in which the signed-in account is to move.
type Handler struct {
	Store store.Store
	// Account returns the id of the account signed in by the request, ""
	// for a guest.
	Account func(*http.Request) (string, error)
	// ToMove returns the seat to move in a game whose clocks have not
	// started (no move yet: the first move is not timed), -1 for none;
	// it may load the game.
	ToMove func(ctx context.Context, id string) (int, error)
	// Now is the time the games' time left is counted at (default
	// time.Now).
	Now func() time.Time
	Log *slog.Logger // default slog.Default()
}

// Game is one game of a your-move list.
type Game struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Variant map[string]string `json:"variant"`
	Rated   bool              `json:"rated,omitempty"`
	// Seat is the account's seat, the one to move.
	Seat      int   `json:"seat"`
	PerMoveMS int64 `json:"per_move_ms"`
	// Deadline and LeftMS are when the move's time runs out and how much
	// is left; both absent for a game's first move, which is not timed.
	Deadline *time.Time `json:"deadline,omitempty"`
	LeftMS   *int64     `json:"left_ms,omitempty"`
	// Opponents are the names of the other seats' accounts (a guest's
	// seat "", an AI seat its level).
	Opponents []string `json:"opponents"`
	URL       string   `json:"url"`
}

// List is the answer of GET /api/account/your-move.
type List struct {
	Count int    `json:"count"`
	Games []Game `json:"games"`
}

func (h *Handler) now() time.Time {
	if h.Now == nil {
		return time.Now()
	}
	return h.Now()
}

func (h *Handler) log() *slog.Logger {
	if h.Log == nil {
		return slog.Default()
	}
	return h.Log
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	account, err := h.Account(r)
	if err != nil {
		h.log().Error("your-move: read the session", "err", err)
		writeError(w, http.StatusInternalServerError, "internal", "the session could not be read")
		return
	}
	if account == "" {
		writeError(w, http.StatusUnauthorized, "sign_in", "sign in to see the games awaiting your move")
		return
	}
	l, err := h.List(r.Context(), account)
	if err != nil {
		h.log().Error("your-move: list the games", "account", account, "err", err)
		writeError(w, http.StatusServiceUnavailable, "storage_unavailable", "the games awaiting your move could not be read")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, l)
}

// List returns the correspondence games in which account is to move: those
// whose running clock is its seat's, earliest deadline first, then those
// whose first move is its, newest first.
func (h *Handler) List(ctx context.Context, account string) (List, error) {
	due, err := h.Store.Awaiting(ctx, account, MaxGames)
	if err != nil {
		return List{}, err
	}
	deadlines := make(map[string]store.Deadline, len(due))
	for _, d := range due {
		deadlines[d.Game] = d
	}
	recs, err := h.Store.PlayerGames(ctx, store.PlayerFilter{Account: account, Running: true, Limit: MaxGames})
	if err != nil {
		return List{}, err
	}
	l := List{Games: []Game{}}
	now := h.now()
	for _, rec := range recs {
		if !rec.Clock.Correspondence() {
			continue
		}
		g := Game{ID: rec.ID, Game: rec.Game, Variant: rec.Variant, Rated: rec.Rated, PerMoveMS: rec.Clock.PerMove.Milliseconds(),
			Opponents: []string{}, URL: "/g/" + rec.ID}
		if d, ok := deadlines[rec.ID]; ok {
			left := max(d.At.Sub(now), 0).Milliseconds()
			g.Seat, g.Deadline, g.LeftMS = d.Seat, &d.At, &left
		} else if rec.Moves > 0 {
			continue // started, and someone else's move
		} else if g.Seat, err = h.firstMover(ctx, rec, account); err != nil {
			return List{}, err
		} else if g.Seat < 0 {
			continue
		}
		for i, st := range rec.Seats {
			if i == g.Seat {
				continue
			}
			g.Opponents = append(g.Opponents, cmp.Or(st.Name, st.Level))
		}
		l.Games = append(l.Games, g)
	}
	slices.SortStableFunc(l.Games, func(a, b Game) int {
		if a.Deadline == nil || b.Deadline == nil {
			return cmp.Compare(boolInt(a.Deadline == nil), boolInt(b.Deadline == nil))
		}
		return cmp.Or(a.Deadline.Compare(*b.Deadline), cmp.Compare(a.ID, b.ID))
	})
	l.Count = len(l.Games)
	return l, nil
}

// firstMover returns account's seat in rec, a game without a move, if it
// is to move first, else -1.
func (h *Handler) firstMover(ctx context.Context, rec *store.Game, account string) (int, error) {
	seat, err := h.ToMove(ctx, rec.ID)
	if err != nil {
		return -1, fmt.Errorf("the seat to move in game %s: %w", rec.ID, err)
	}
	if seat < 0 || seat >= len(rec.Seats) || rec.Seats[seat].Account != account {
		return -1, nil
	}
	return seat, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]string{"code": code, "message": msg}})
}
