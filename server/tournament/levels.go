package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrNoLevel is the error of Deps.Level for a level that does not play
// the game in the rating pools.
var ErrNoLevel = errors.New("no such level")

// Level is a computer level's player: its account, name and rating in
// the tournament's game.
type Level struct {
	Account string
	Name    string
	Rating  int
}

// LevelRequest is the body of POST /api/tournaments/{id}/levels.
type LevelRequest struct {
	Level string `json:"level"`
}

// enterLevel enters a computer level in the tournament as its own player
// (a house event for a quiet night): only its creator may, under the
// rules of a join (an arena until its end, a Swiss tournament until its
// start).
func (h *Handler) enterLevel(w http.ResponseWriter, r *http.Request) {
	acc := h.account(w, r)
	if acc == nil {
		return
	}
	var req LevelRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("the level: %v", err))
		return
	}
	id := r.PathValue("id")
	t, err := h.d.Store.Tournament(r.Context(), id)
	if err != nil {
		h.storeError(w, err)
		return
	}
	if t.Creator != acc.ID {
		fail(w, http.StatusForbidden, "forbidden", "only the tournament's creator enters computer levels")
		return
	}
	if h.d.Level == nil {
		fail(w, http.StatusBadRequest, "invalid", "level: this server has no computer levels")
		return
	}
	lv, err := h.d.Level(r.Context(), t.Game, req.Level)
	if errors.Is(err, ErrNoLevel) {
		fail(w, http.StatusBadRequest, "invalid", "level: "+strings.TrimSuffix(err.Error(), ": "+ErrNoLevel.Error()))
		return
	}
	if err != nil {
		h.storeError(w, err)
		return
	}
	if err := h.d.Director.EnterLevel(r.Context(), id, req.Level, lv.Account, lv.Name, lv.Rating); err != nil {
		h.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"entered": req.Level, "account": lv.Account})
}
