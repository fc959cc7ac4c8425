package play

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"

	"plateau/game"
	"plateau/mint"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Hints is the answer of GET /api/games/{id}/hints.
type Hints struct {
	ID       string      `json:"id"`
	Game     string      `json:"game"`
	Version  int64       `json:"version"`
	Position string      `json:"position"`
	ToMove   game.Player `json:"toMove"`
	// Hints is the game's hint provider's answer (see Config.Hints).
	Hints any `json:"hints"`
}

// hints answers the hints of a game's current position: 404 no_hints for a
// game without a hint provider, 409 no_hints for a position without hints
// (waiting for a roll, or over), 403 hints_refused for a game that people
// are playing against each other or the computer (see HintsAllowed).
func (h *Handler) hints(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rm, err := h.c.Rooms.Acquire(r.Context(), id)
	if err != nil {
		h.c.Errors.StoreError(w, id, err)
		return
	}
	sum, ok := rm.Summary()
	h.c.Rooms.Release(rm)
	if !ok || sum.View == nil {
		httpx.Error(w, http.StatusServiceUnavailable, "internal", "the game's room closed: retry")
		return
	}
	hint := h.c.Hints[sum.Game]
	if hint == nil {
		httpx.Error(w, http.StatusNotFound, "no_hints", fmt.Sprintf("game %s (%s) has no hints", id, sum.Game))
		return
	}
	v := sum.View
	switch {
	case v.Outcome != nil || sum.Status == store.StatusFinished:
		httpx.Error(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s is over: no hints", id))
		return
	case !HintsAllowed(sum.Seats):
		h.refuseHints(w, r, id, sum.Seats)
		return
	case v.ToMove == game.Chance:
		httpx.Error(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s at version %d waits for a roll: hints come after it", id, sum.Version))
		return
	case v.ToMove < 0:
		httpx.Error(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s at version %d has no player to move", id, sum.Version))
		return
	}
	st, err := StateOf(h.c.Games, sum.Game, sum.Variant, v.Position)
	if err != nil {
		h.c.Log.Error("hints: rebuilding the position", "game", id, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	got, err := hint(st)
	if err != nil {
		httpx.Error(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s at version %d (%s): %v", id, sum.Version, v.Position, err))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, Hints{ID: id, Game: sum.Game, Version: sum.Version, Position: v.Position, ToMove: v.ToMove, Hints: got})
}

// HintsAllowed reports whether the hints of a running game with seats may
// be given: only where no person playing could use them, as lichess gives
// no engine to anyone during a live game. That is a game of one seat
// (Shut the Box solitaire, whose page offers them to its player) or of AI
// seats only. Otherwise nobody gets them while the game runs, spectators
// included: a player could watch the game in a second tab.
func HintsAllowed(seats []room.SeatJSON) bool {
	if len(seats) == 1 {
		return true
	}
	for _, st := range seats {
		if st.Kind == store.Human {
			return false
		}
	}
	return true
}

// refuseHints answers 403 hints_refused; the message tells a seat's holder
// (a request with "Authorization: Bearer TOKEN", the seat's token) that
// the refusal is because they play.
func (h *Handler) refuseHints(w http.ResponseWriter, r *http.Request, id string, seats []room.SeatJSON) {
	msg := fmt.Sprintf("game %s is being played by %d players: hints are refused to everyone, players and spectators, until it ends (then ask for its review)", id, len(seats))
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && tok != "" {
		if rec, err := h.c.Store.Game(r.Context(), id); err == nil {
			h := mint.HashToken(tok)
			for i, st := range rec.Seats {
				if st.Kind == store.Human && subtle.ConstantTimeCompare(h, st.TokenHash) == 1 {
					msg = fmt.Sprintf("you hold seat %d of game %s, which is being played: no hints for its players until it ends (then ask for its review)", i, id)
				}
			}
		}
	}
	httpx.Error(w, http.StatusForbidden, "hints_refused", msg)
}

// StateOf reads a position of a game of games and variant back.
func StateOf(games *game.Registry, gameID string, variant map[string]string, position string) (game.State, error) {
	g, err := games.Lookup(gameID)
	if err != nil {
		return nil, err
	}
	cfg, err := game.NewConfig(g, variant)
	if err != nil {
		return nil, fmt.Errorf("variant of %s: %w", gameID, err)
	}
	st, err := g.ParsePosition(cfg, position)
	if err != nil {
		return nil, fmt.Errorf("position %q of %s (%s): %w", position, gameID, cfg, err)
	}
	return st, nil
}
