package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"plateau/game"
	"plateau/games/dames"
	"plateau/protocol"
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
func (s *Server) analysis(w http.ResponseWriter, r *http.Request) {
	var req PositionRequest
	if !decodePosition(w, r, &req) {
		return
	}
	if req.Move != "" {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "a move is given: POST it to /api/positions/play, then analyse the position it answers")
		return
	}
	g, st, err := s.position(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	if s.refuseLiveHelp(w, r, g, st) {
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
		ev, err := s.analyse(r.Context(), s.clientKey(r), g, st)
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
			s.o.Log.Error("analysis", "game", g.ID(), "position", st.Position(), "err", err)
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
func (s *Server) analyse(ctx context.Context, client string, g game.Game, st game.State) (review.Analysis, error) {
	pl, err := s.analyses.Enter(client)
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
		wctx, done, err := s.rooms.ReviewWorker(wait)
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

// PDNRequest is the body of POST /api/pdn: a PDN text and which of its
// games to read (from 0), under a variant of dames.
type PDNRequest struct {
	PDN     string            `json:"pdn"`
	Game    int               `json:"game,omitempty"`
	Variant map[string]string `json:"variant,omitempty"`
}

// PDNStep is one move of an imported game: its notation as the engine
// writes it and the position after it.
type PDNStep struct {
	Move     string `json:"move"`
	Position string `json:"position"`
}

// PDNAnswer is the answer of POST /api/pdn: the game's tags, its start
// position (its FEN tag, or the start), its moves with the position after
// each, its result, and how many games the text holds.
type PDNAnswer struct {
	Games  int            `json:"games"`
	Tags   []dames.PDNTag `json:"tags"`
	Start  string         `json:"start"`
	Moves  []PDNStep      `json:"moves"`
	Result string         `json:"result"`
	View   game.View      `json:"view"`
}

// maxPDN bounds a PDN text: a long game is a few kilobytes.
const maxPDN = 64 << 10

// pdnImport answers POST /api/pdn: a dames game read from PDN, each move
// replayed by the engine. Errors name the line, column and move at fault.
func (s *Server) pdnImport(w http.ResponseWriter, r *http.Request) {
	var req PDNRequest
	if !decodeBody(w, r, &req, maxPDN+4<<10) {
		return
	}
	a, err := s.readPDN(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, a)
}

// readPDN reads and replays game req.Game of req.PDN; the error is a
// *positionError.
func (s *Server) readPDN(req PDNRequest) (PDNAnswer, error) {
	g, err := s.o.Games.Lookup("dames")
	if err != nil {
		return PDNAnswer{}, &positionError{"unknown_game", err.Error()}
	}
	cfg, err := game.NewConfig(g, req.Variant)
	if err != nil {
		return PDNAnswer{}, &positionError{"bad_variant", fmt.Sprintf("variant of dames: %v", err)}
	}
	if strings.TrimSpace(req.PDN) == "" {
		return PDNAnswer{}, &positionError{"bad_pdn", "no PDN given"}
	}
	if len(req.PDN) > maxPDN {
		return PDNAnswer{}, &positionError{"bad_pdn", fmt.Sprintf("PDN of %d bytes, over the limit of %d", len(req.PDN), maxPDN)}
	}
	pgs, err := dames.ParsePDN(strings.NewReader(req.PDN))
	if err != nil {
		return PDNAnswer{}, &positionError{"bad_pdn", err.Error()}
	}
	if len(pgs) == 0 {
		return PDNAnswer{}, &positionError{"bad_pdn", "the PDN holds no game"}
	}
	if req.Game < 0 || req.Game >= len(pgs) {
		return PDNAnswer{}, &positionError{"bad_pdn", fmt.Sprintf("game %d asked, the PDN holds %d (0 to %d)", req.Game, len(pgs), len(pgs)-1)}
	}
	pg := pgs[req.Game]
	// Replay first: its errors give the line and column of a bad move.
	if _, err := pg.Replay(cfg); err != nil {
		return PDNAnswer{}, &positionError{"bad_pdn", err.Error()}
	}
	var st game.State
	if fen := pg.Tag("FEN"); fen != "" {
		st, err = g.ParsePosition(cfg, fen)
	} else {
		st, err = g.New(cfg)
	}
	if err != nil {
		return PDNAnswer{}, &positionError{"bad_pdn", fmt.Sprintf("PDN start: %v", err)}
	}
	a := PDNAnswer{Games: len(pgs), Tags: pg.Tags, Start: st.Position(), Moves: []PDNStep{}, Result: pg.Result}
	if a.Tags == nil {
		a.Tags = []dames.PDNTag{}
	}
	for i, text := range pg.Moves {
		m, err := st.ParseMove(text)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil { // Replay played it: only a bug gets here
			return PDNAnswer{}, &positionError{"bad_pdn", fmt.Sprintf("move %d %q: %v", i+1, text, err)}
		}
		a.Moves = append(a.Moves, PDNStep{Move: text, Position: st.Position()})
	}
	a.View = game.NewView(g, st)
	return a, nil
}

// PDNExportRequest is the body of POST /api/pdn/export: a dames position
// and the moves played from it.
type PDNExportRequest struct {
	Variant  map[string]string `json:"variant,omitempty"`
	Position string            `json:"position"`
	Moves    []string          `json:"moves"`
}

// pdnExport answers POST /api/pdn/export: the line as a PDN game, with a
// FEN tag when it does not start from the start position.
func (s *Server) pdnExport(w http.ResponseWriter, r *http.Request) {
	var req PDNExportRequest
	if !decodeBody(w, r, &req, maxPDN) {
		return
	}
	text, err := s.writePDN(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="plateau-analysis.pdn"`)
	w.Write(text)
}

// writePDN replays req's moves and writes them as PDN; the error is a
// *positionError.
func (s *Server) writePDN(req PDNExportRequest) ([]byte, error) {
	g, st, err := s.position(PositionRequest{Game: "dames", Variant: req.Variant, Position: req.Position})
	if err != nil {
		return nil, err
	}
	if len(req.Moves) > 2000 {
		return nil, &positionError{"bad_request", fmt.Sprintf("%d moves, over the limit of 2000", len(req.Moves))}
	}
	start := st.Position()
	cfg, _ := game.NewConfig(g, req.Variant) // s.position read it
	first, err := g.New(cfg)
	if err != nil {
		return nil, &positionError{"bad_variant", err.Error()}
	}
	moves := make([]string, 0, len(req.Moves))
	for i, text := range req.Moves {
		m, err := st.ParseMove(text)
		if err == nil {
			moves = append(moves, st.FormatMove(m))
			err = st.Play(m)
		}
		if err != nil {
			return nil, &positionError{"illegal_move", fmt.Sprintf("move %d %q from %q: %v", i+1, text, req.Position, err)}
		}
	}
	pg := dames.PDNGame{Moves: moves, Result: dames.PDNResult(st.Outcome()), Tags: []dames.PDNTag{
		{Name: "Event", Value: "Plateau analysis"}, {Name: "Site", Value: "Plateau"},
	}}
	if start != first.Position() {
		pg.Tags = append(pg.Tags, dames.PDNTag{Name: "FEN", Value: start})
	}
	var buf bytes.Buffer
	if err := dames.WritePDN(&buf, pg); err != nil {
		return nil, fmt.Errorf("writing PDN: %w", err)
	}
	return buf.Bytes(), nil
}

// decodeBody reads a JSON body of at most limit bytes into v, strictly
// (protocol.DecodeStrict); it answers the error itself and returns false
// on failure.
func decodeBody(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		httpx.Error(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("body over the limit of %d bytes", mb.Limit))
		return false
	} else if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "body: "+err.Error())
		return false
	}
	if err := protocol.DecodeStrict(body, v); err != nil {
		httpx.StrictError(err).Write(w)
		return false
	}
	return true
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
func (s *Server) analysisPage(w http.ResponseWriter, r *http.Request) {
	type boot struct {
		bootData
		Analysis analysisBoot `json:"analysis"`
	}
	b := boot{bootData: bootData{Catalog: s.catalogJSON()}, Analysis: analysisBoot{Game: r.PathValue("game"), Variant: map[string]string{}, Analysis: true}}
	renderer := ""
	if id := b.Analysis.Game; id != "" {
		g, err := s.o.Games.Lookup(id)
		if err != nil {
			b.Analysis.Error = err.Error()
			s.web.Page(w, r, "", b)
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
			_, st, err = s.position(PositionRequest{Game: g.ID(), Variant: b.Analysis.Variant, Position: p})
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
			if refused, code := s.pageRefusal(r, g, st); refused != "" {
				// The board is shown (its player knows it), its analysis refused.
				b.Analysis.Refused = refused
				w = &statusWriter{ResponseWriter: w, code: code}
			}
		}
	}
	s.web.Page(w, r, renderer, b)
}
