package server

import (
	"fmt"
	"net/http"

	"plateau/game"
	"plateau/store"
)

// Hints is the answer of GET /api/games/{id}/hints.
type Hints struct {
	ID       string      `json:"id"`
	Game     string      `json:"game"`
	Version  int64       `json:"version"`
	Position string      `json:"position"`
	ToMove   game.Player `json:"toMove"`
	// Hints is the game's hint provider's answer (see Options.Hints).
	Hints any `json:"hints"`
}

// hints answers the hints of a game's current position: 404 no_hints for a
// game without a hint provider, 409 no_hints for a position without hints
// (waiting for a roll, or over).
func (s *Server) hints(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rm, err := s.rooms.Acquire(r.Context(), id)
	if err != nil {
		s.storeError(w, id, err)
		return
	}
	sum, ok := rm.Summary()
	s.rooms.Release(rm)
	if !ok || sum.View == nil {
		httpError(w, http.StatusServiceUnavailable, "internal", "the game's room closed: retry")
		return
	}
	hint := s.o.Hints[sum.Game]
	if hint == nil {
		httpError(w, http.StatusNotFound, "no_hints", fmt.Sprintf("game %s (%s) has no hints", id, sum.Game))
		return
	}
	v := sum.View
	switch {
	case v.Outcome != nil || sum.Status == store.StatusFinished:
		httpError(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s is over: no hints", id))
		return
	case sum.Rated:
		httpError(w, http.StatusForbidden, "rated", fmt.Sprintf("game %s is rated: no hints while it is played", id))
		return
	case v.ToMove == game.Chance:
		httpError(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s at version %d waits for a roll: hints come after it", id, sum.Version))
		return
	case v.ToMove < 0:
		httpError(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s at version %d has no player to move", id, sum.Version))
		return
	}
	st, err := s.stateOf(sum.Game, sum.Variant, v.Position)
	if err != nil {
		s.o.Log.Error("hints: rebuilding the position", "game", id, "err", err)
		httpError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	h, err := hint(st)
	if err != nil {
		httpError(w, http.StatusConflict, "no_hints", fmt.Sprintf("game %s at version %d (%s): %v", id, sum.Version, v.Position, err))
		return
	}
	writeJSON(w, http.StatusOK, Hints{ID: id, Game: sum.Game, Version: sum.Version, Position: v.Position, ToMove: v.ToMove, Hints: h})
}

// stateOf reads a position of a game and variant back.
func (s *Server) stateOf(gameID string, variant map[string]string, position string) (game.State, error) {
	g, err := s.o.Games.Lookup(gameID)
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
