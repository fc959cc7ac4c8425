package puzzles

import (
	"fmt"
	"io"
	"math"
	"net/http"

	"plateau/game"
	"plateau/puzzle"
	"plateau/rating"
	"plateau/store"
)

// AttemptRequest is the body of POST /api/puzzles/{id}/attempt: the
// solver's moves so far (the opponent's replies left out), in the game's
// notation; Mode rated (the default) or streak; Reveal gives up and asks
// for the solution.
type AttemptRequest struct {
	Moves  []string `json:"moves"`
	Mode   string   `json:"mode,omitempty"`
	Reveal bool     `json:"reveal,omitempty"`
}

// AttemptAnswer says whether the moves are the solution's: when correct
// and not done, the opponent's reply, the view before it (Moved) and the
// view after it (the solver to move again); when done, wrong or revealed, the solution. Rated is the
// account's first attempt at the puzzle (recorded by this request when
// First), Player its record after it; both absent for a guest and while
// the attempt goes on.
type AttemptAnswer struct {
	Correct  bool       `json:"correct"`
	Done     bool       `json:"done"`
	Reply    string     `json:"reply,omitempty"`
	Moved    *game.View `json:"moved,omitempty"`
	View     *game.View `json:"view,omitempty"`
	Solution []string   `json:"solution,omitempty"`
	Rated    *Rated     `json:"rated,omitempty"`
	Player   *Player    `json:"player,omitempty"`
}

// Rated is the account's first attempt at a puzzle.
type Rated struct {
	First  bool   `json:"first"`
	Mode   string `json:"mode"`
	Solved bool   `json:"solved"`
	Player Change `json:"player"`
	Puzzle Change `json:"puzzle"`
}

// Change is a rating before and after an attempt.
type Change struct {
	Before int `json:"before"`
	After  int `json:"after"`
}

func changeOf(before, after rating.Rating) Change {
	return Change{Before: int(math.Round(before.Rating)), After: int(math.Round(after.Rating))}
}

// Bounds of an attempt's moves.
const (
	maxMoves    = 16
	maxNotation = 64
)

func readAll(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
}

// checkAttempt checks an attempt request's fields.
func checkAttempt(req AttemptRequest) error {
	if req.Mode != "" && req.Mode != store.PuzzleRated && req.Mode != store.PuzzleStreak {
		return fmt.Errorf("mode: %q, want rated or streak", req.Mode)
	}
	if len(req.Moves) > maxMoves {
		return fmt.Errorf("moves: %d, at most %d", len(req.Moves), maxMoves)
	}
	for i, m := range req.Moves {
		if m == "" || len(m) > maxNotation {
			return fmt.Errorf("moves[%d]: %d characters, want 1 to %d", i, len(m), maxNotation)
		}
	}
	return nil
}

// attempt answers POST /api/puzzles/{id}/attempt. The attempt ends at the
// first wrong move, at the whole solution, or when revealed; a signed-in
// account's first attempt at the puzzle is then recorded (rated, or in
// its streak), and only the first: trying again is checked, not rated.
func (h *Handler) attempt(w http.ResponseWriter, r *http.Request) {
	var req AttemptRequest
	if !decodeJSON(w, r, &req) {
		return
	}
	if err := checkAttempt(req); err != nil {
		httpError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	sp, ok := h.load(w, r, r.PathValue("id"))
	if !ok {
		return
	}
	p, g, err := h.decode(sp)
	if err != nil {
		h.internal(w, "read a puzzle", err)
		return
	}
	var ans AttemptAnswer
	if !req.Reveal {
		step, err := p.Check(g, req.Moves)
		if err != nil {
			httpError(w, http.StatusBadRequest, "illegal_move", err.Error())
			return
		}
		ans = AttemptAnswer{Correct: step.Correct, Done: step.Done, Reply: step.Reply}
		if step.Correct {
			v := game.NewView(g, step.State)
			ans.View = &v
		}
		if step.Moved != nil {
			v := game.NewView(g, step.Moved)
			ans.Moved = &v
		}
	}
	if ans.Correct && !ans.Done {
		writeJSON(w, http.StatusOK, ans)
		return
	}
	ans.Solution = p.Solution
	if !h.recordAttempt(w, r, sp, req, &ans) {
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// recordAttempt records an ended attempt of the request's account (none for a
// guest) in ans.
func (h *Handler) recordAttempt(w http.ResponseWriter, r *http.Request, sp store.Puzzle, req AttemptRequest, ans *AttemptAnswer) bool {
	acc, err := h.d.Account(r)
	if err != nil {
		h.internal(w, "read the session", err)
		return false
	}
	if acc == "" {
		return true
	}
	mode := req.Mode
	if mode == "" {
		mode = store.PuzzleRated
	}
	a, first, err := h.d.Store.AttemptPuzzle(r.Context(), store.PuzzleAttempt{Account: acc, Puzzle: sp.ID, Mode: mode,
		Solved: ans.Done && !req.Reveal, Time: h.d.Now()}, puzzle.Attempt)
	if err != nil {
		h.internal(w, "record an attempt", err)
		return false
	}
	ans.Rated = &Rated{First: first, Mode: a.Mode, Solved: a.Solved, Player: changeOf(a.PlayerBefore, a.PlayerAfter), Puzzle: changeOf(a.PuzzleBefore, a.PuzzleAfter)}
	pl, err := h.d.Store.PuzzlePlayer(r.Context(), acc, sp.Game)
	if err != nil {
		h.internal(w, "read the puzzle record", err)
		return false
	}
	ans.Player = playerOf(pl)
	return true
}
