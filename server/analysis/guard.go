package analysis

import (
	"context"
	"fmt"
	"net/http"

	"plateau/game"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Guard knows which running games a request's sender plays: computer help
// (the analysis board's engine and solver, a game's review) is refused to
// a player for the position of any game they play that is still running
// (docs/fairplay.md).
type Guard interface {
	// LivePlayed returns the id of a running game that r's sender plays
	// and whose position st is, or is one move from; "" if none.
	LivePlayed(ctx context.Context, r *http.Request, g game.Game, st game.State) (string, error)
	// SeatedAt reports whether r's sender plays game rec.
	SeatedAt(ctx context.Context, r *http.Request, rec *store.Game) (bool, error)
}

// LiveHelpRefused is the reason computer help is refused on a position of
// running game id.
func LiveHelpRefused(id string) string {
	return fmt.Sprintf("you play game %s, which is still running: no computer help (analysis, solver, review) for its position, "+
		"the same board with another player to move or another roll, or a position one move from it, until the game ends", id)
}

// refuseLiveHelp answers 403 live_game, and returns true, when st is the
// position of a running game that r's sender plays (Guard.LivePlayed); it
// answers 500 when that cannot be known.
func (h *Handler) refuseLiveHelp(w http.ResponseWriter, r *http.Request, g game.Game, st game.State) bool {
	id, err := h.c.Guard.LivePlayed(r.Context(), r, g, st)
	if err != nil {
		h.internal(w, "checking the requester's live games", err)
		return true
	}
	if id == "" {
		return false
	}
	httpx.Error(w, http.StatusForbidden, "live_game", LiveHelpRefused(id))
	return true
}

// pageRefusal returns why the analysis page refuses to analyse st, with
// the page's status (403, or 500 when the live games cannot be read);
// "" when it does not.
func (h *Handler) pageRefusal(r *http.Request, g game.Game, st game.State) (string, int) {
	id, err := h.c.Guard.LivePlayed(r.Context(), r, g, st)
	if err != nil {
		h.c.Log.Error("checking the requester's live games", "err", err)
		return "internal error: whether you play this position could not be checked; retry", http.StatusInternalServerError
	}
	if id == "" {
		return "", 0
	}
	return LiveHelpRefused(id), http.StatusForbidden
}

// statusWriter answers code where its handler answers 200: a page that
// is written as usual, with another status.
type statusWriter struct {
	http.ResponseWriter
	code  int
	wrote bool
}

func (w *statusWriter) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote = true
	if code == http.StatusOK {
		code = w.code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
