package analysis

import (
	"errors"
	"fmt"
	"net/http"

	"plateau/game"
	"plateau/server/internal/httpx"
)

// PositionRequest is the body of POST /api/positions and POST
// /api/positions/play: a position of a game and variant, and for play the
// move to make in the game's notation.
type PositionRequest struct {
	Game     string            `json:"game"`
	Variant  map[string]string `json:"variant,omitempty"`
	Position string            `json:"position"`
	Move     string            `json:"move,omitempty"`
}

// PositionAnswer is their answer: the view of the position (after the move
// for play) with its legal moves, and for play the move made, written as
// the engine writes it.
type PositionAnswer struct {
	Move string    `json:"move,omitempty"`
	View game.View `json:"view"`
}

// maxPosition bounds a position text: the longest of the games' is a few
// hundred characters.
const maxPosition = 4096

// positionError is a bad position request: its API code and message.
type positionError struct{ code, msg string }

func (e *positionError) Error() string { return e.msg }

// position reads a position request's game, variant and position; the
// error is a *positionError naming what is wrong.
func (h *Handler) position(req PositionRequest) (game.Game, game.State, error) {
	g, err := h.c.Games.Lookup(req.Game)
	if err != nil {
		return nil, nil, &positionError{"unknown_game", err.Error()}
	}
	cfg, err := game.NewConfig(g, req.Variant)
	if err != nil {
		return nil, nil, &positionError{"bad_variant", fmt.Sprintf("variant of %s: %v", g.ID(), err)}
	}
	if req.Position == "" {
		return nil, nil, &positionError{"bad_position", fmt.Sprintf("no position given (%s positions look like %q)", g.ID(), g.ExamplePosition())}
	}
	if len(req.Position) > maxPosition {
		return nil, nil, &positionError{"bad_position", fmt.Sprintf("position of %d bytes, over the limit of %d", len(req.Position), maxPosition)}
	}
	st, err := g.ParsePosition(cfg, req.Position)
	if err != nil {
		return nil, nil, &positionError{"bad_position", fmt.Sprintf("position %q of %s (%s): %v", req.Position, g.ID(), cfg, err)}
	}
	return g, st, nil
}

// decodePosition reads a position request's body; it answers the error
// itself and returns false on failure.
func decodePosition(w http.ResponseWriter, r *http.Request, req *PositionRequest) bool {
	return httpx.DecodeBody(w, r, req, 16<<10)
}

func positionFailed(w http.ResponseWriter, err error) {
	var pe *positionError
	if errors.As(err, &pe) {
		httpx.Error(w, http.StatusBadRequest, pe.code, pe.msg)
		return
	}
	httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
}

// positionView answers POST /api/positions: the view of a position with
// its legal moves. It needs no game on the server: the rules pages'
// examples use it.
func (h *Handler) positionView(w http.ResponseWriter, r *http.Request) {
	var req PositionRequest
	if !decodePosition(w, r, &req) {
		return
	}
	if req.Move != "" {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "a move is given: POST it to /api/positions/play")
		return
	}
	g, st, err := h.position(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, PositionAnswer{View: game.NewView(g, st)})
}

// positionPlay answers POST /api/positions/play: the move made on the
// position, and the view after it.
func (h *Handler) positionPlay(w http.ResponseWriter, r *http.Request) {
	var req PositionRequest
	if !decodePosition(w, r, &req) {
		return
	}
	g, st, err := h.position(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	if req.Move == "" {
		httpx.Error(w, http.StatusBadRequest, "illegal_move", "no move given")
		return
	}
	m, err := st.ParseMove(req.Move)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "illegal_move", fmt.Sprintf("move %q in %s position %q: %v", req.Move, g.ID(), req.Position, err))
		return
	}
	notation := st.FormatMove(m)
	if err := st.Play(m); err != nil {
		httpx.Error(w, http.StatusBadRequest, "illegal_move", fmt.Sprintf("move %q in %s position %q: %v", req.Move, g.ID(), req.Position, err))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, PositionAnswer{Move: notation, View: game.NewView(g, st)})
}
