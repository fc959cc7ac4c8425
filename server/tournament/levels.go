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
// rules of a join (an arena until its end, a Swiss tournament until half
// of its rounds have started).
func (h *Handler) enterLevel(w http.ResponseWriter, r *http.Request) {
	var req LevelRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("the level: %v", err))
		return
	}
	id := r.PathValue("id")
	lv, ok := h.creatorsLevel(w, r, id, req.Level)
	if !ok {
		return
	}
	if err := h.d.Director.EnterLevel(r.Context(), id, req.Level, lv.Account, lv.Name, lv.Rating); err != nil {
		h.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"entered": req.Level, "account": lv.Account})
}

// withdrawLevel takes a computer level the creator entered out of the
// tournament's pairings, as a player's leave: its results stay, and it
// may be entered again.
func (h *Handler) withdrawLevel(w http.ResponseWriter, r *http.Request) {
	id, level := r.PathValue("id"), r.PathValue("level")
	lv, ok := h.creatorsLevel(w, r, id, level)
	if !ok {
		return
	}
	if err := h.d.Director.Leave(r.Context(), id, lv.Account); err != nil {
		h.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"withdrawn": level, "account": lv.Account})
}

// creatorsLevel checks that the reader created tournament id and returns
// its game's level named level; it has answered the request when ok is
// false.
func (h *Handler) creatorsLevel(w http.ResponseWriter, r *http.Request, id, level string) (lv Level, ok bool) {
	acc := h.account(w, r)
	if acc == nil {
		return lv, false
	}
	t, err := h.d.Store.Tournament(r.Context(), id)
	if err != nil {
		h.storeError(w, err)
		return lv, false
	}
	if t.Creator != acc.ID {
		fail(w, http.StatusForbidden, "forbidden", "only the tournament's creator enters or withdraws computer levels")
		return lv, false
	}
	if h.d.Level == nil {
		fail(w, http.StatusBadRequest, "invalid", "level: this server has no computer levels")
		return lv, false
	}
	lv, err = h.d.Level(r.Context(), t.Game, level)
	if errors.Is(err, ErrNoLevel) {
		fail(w, http.StatusBadRequest, "invalid", "level: "+strings.TrimSuffix(err.Error(), ": "+ErrNoLevel.Error()))
		return lv, false
	}
	if err != nil {
		h.storeError(w, err)
		return lv, false
	}
	return lv, true
}
