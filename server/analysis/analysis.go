package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"plateau/game"
	"plateau/review"
	"plateau/server/internal/httpx"
)

// The analysis board's engine: the level hard (review.Analyze) capped at
// AnalysisBudget per position, each search in one of the rooms' AI workers
// at the lowest priority (room.Manager.ReviewWorker, as game reviews): a
// search facing a person in a live game preempts it, and the analysis
// searches again. A request waits at most analysisWait for a worker, then
// gets a 503.
const (
	AnalysisBudget = 800 * time.Millisecond
	analysisWait   = 10 * time.Second
	analysisTries  = 5 // searches preempted before giving up
)

// errAnalysisBusy: no AI worker came within analysisWait.
var errAnalysisBusy = errors.New("the analysis engine is busy")

// Roll is one outcome of the dice at a position where they are to be
// rolled, for the analysis board's roll picker.
type Roll struct {
	Move        string  `json:"move"`
	Probability float64 `json:"probability"`
}

// AnalysisAnswer is the answer of POST /api/analysis: the view of the
// position with its legal moves, its rolls when dice are to be rolled, and
// the engine's evaluation when a player is to move.
type AnalysisAnswer struct {
	View  game.View        `json:"view"`
	Rolls []Roll           `json:"rolls,omitempty"`
	Eval  *review.Analysis `json:"eval,omitempty"`
}

// analysis answers POST /api/analysis ({game, variant, position}).
func (h *Handler) analysis(w http.ResponseWriter, r *http.Request) {
	var req PositionRequest
	if !decodePosition(w, r, &req) {
		return
	}
	if req.Move != "" {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "a move is given: POST it to /api/positions/play, then analyse the position it answers")
		return
	}
	g, st, err := h.position(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	if h.refuseLiveHelp(w, r, g, st) {
		return
	}
	a := AnalysisAnswer{View: game.NewView(g, st)}
	switch {
	case st.Outcome().Over:
	case st.ToMove() == game.Chance:
		cms := st.ChanceMoves(nil)
		total := game.TotalWeight(cms)
		for _, cm := range cms {
			a.Rolls = append(a.Rolls, Roll{Move: st.FormatMove(cm.Move), Probability: float64(cm.Weight) / float64(total)})
		}
	case st.ToMove() >= 0:
		ev, err := h.analyse(r.Context(), h.c.ClientKey(r), g, st)
		if err != nil {
			if r.Context().Err() != nil {
				return // the client left
			}
			if httpx.WriteBusy(w, err) { // the analysis pool's queue or the client's share is full
				return
			}
			if errors.Is(err, errAnalysisBusy) {
				httpx.Error(w, http.StatusServiceUnavailable, "busy", fmt.Sprintf("%v (no AI worker free within %v): retry", err, analysisWait))
				return
			}
			h.c.Log.Error("analysis", "game", g.ID(), "position", st.Position(), "err", err)
			httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
			return
		}
		a.Eval = &ev
	}
	httpx.WriteJSON(w, http.StatusOK, a)
}

// analyse runs review.Analyze on st in an AI worker at the lowest
// priority, again when a live game's search preempts it, once admitted by
// the analysis pool as client's (a *httpx.BusyError when refused).
func (h *Handler) analyse(ctx context.Context, client string, g game.Game, st game.State) (review.Analysis, error) {
	pl, err := h.c.Searches.Enter(client)
	if err != nil {
		return review.Analysis{}, err
	}
	defer pl.Leave()
	turn, cancel := context.WithTimeout(ctx, analysisWait)
	err = pl.Wait(turn)
	cancel()
	if err != nil {
		if ctx.Err() == nil {
			return review.Analysis{}, errAnalysisBusy
		}
		return review.Analysis{}, err
	}
	for range analysisTries {
		wait, cancel := context.WithCancel(ctx)
		timer := time.AfterFunc(analysisWait, cancel)
		wctx, done, err := h.c.Rooms.ReviewWorker(wait)
		late := !timer.Stop()
		if err != nil {
			cancel()
			if late && ctx.Err() == nil {
				return review.Analysis{}, errAnalysisBusy
			}
			return review.Analysis{}, err
		}
		ev, err := review.Analyze(wctx, g, st, review.Options{Budget: AnalysisBudget})
		preempted := wctx.Err() != nil && ctx.Err() == nil
		done()
		cancel()
		if !preempted {
			return ev, err
		}
	}
	return review.Analysis{}, errAnalysisBusy
}

// analysisBoot is the analysis page's inline data: the game, its variant
// and the view to start from (the ?position= given, else the start), with
// the error of a position that did not read.
type analysisBoot struct {
	Game     string            `json:"game"`
	Variant  map[string]string `json:"variant"`
	View     *game.View        `json:"view,omitempty"`
	Error    string            `json:"error,omitempty"`
	Analysis bool              `json:"analysis"`
	// Refused says why the position is not analysed: it is (or is one
	// move from) a running game's that the requester plays.
	Refused string `json:"refused,omitempty"`
}

// analysisPage serves /analysis/{game}: the analysis board, with the
// position of ?position= (or the game's start) and the variant options
// given as query parameters by their keys (?players=4). /analysis alone
// lists the games.
func (h *Handler) analysisPage(w http.ResponseWriter, r *http.Request) {
	type boot struct {
		Catalog  json.RawMessage `json:"catalog"`
		Analysis analysisBoot    `json:"analysis"`
	}
	b := boot{Catalog: h.c.Catalog(), Analysis: analysisBoot{Game: r.PathValue("game"), Variant: map[string]string{}, Analysis: true}}
	renderer := ""
	if id := b.Analysis.Game; id != "" {
		g, err := h.c.Games.Lookup(id)
		if err != nil {
			b.Analysis.Error = err.Error()
			h.c.Pages.Page(w, r, "", b)
			return
		}
		renderer = g.ID()
		q := r.URL.Query()
		for _, o := range g.Options() {
			if v := q.Get(o.Key); v != "" {
				b.Analysis.Variant[o.Key] = v
			}
		}
		cfg, err := game.NewConfig(g, b.Analysis.Variant)
		if err != nil {
			b.Analysis.Error = fmt.Sprintf("variant of %s: %v", g.ID(), err)
			b.Analysis.Variant = map[string]string{}
			cfg, _ = game.NewConfig(g, nil)
		}
		var st game.State
		if p := q.Get("position"); p != "" {
			_, st, err = h.position(PositionRequest{Game: g.ID(), Variant: b.Analysis.Variant, Position: p})
			if err != nil {
				b.Analysis.Error = err.Error()
			}
		}
		if st == nil {
			if st, err = g.New(cfg); err != nil {
				b.Analysis.Error = err.Error()
			}
		}
		if st != nil {
			v := game.NewView(g, st)
			b.Analysis.View = &v
			if refused, code := h.pageRefusal(r, g, st); refused != "" {
				// The board is shown (its player knows it), its analysis refused.
				b.Analysis.Refused = refused
				w = &statusWriter{ResponseWriter: w, code: code}
			}
		}
	}
	h.c.Pages.Page(w, r, renderer, b)
}
