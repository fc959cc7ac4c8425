package analysis

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"plateau/game"
	"plateau/games/dames"
	"plateau/server/internal/httpx"
)

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
func (h *Handler) pdnImport(w http.ResponseWriter, r *http.Request) {
	var req PDNRequest
	if !httpx.DecodeBody(w, r, &req, maxPDN+4<<10) {
		return
	}
	a, err := h.readPDN(req)
	if err != nil {
		positionFailed(w, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, a)
}

// readPDN reads and replays game req.Game of req.PDN; the error is a
// *positionError.
func (h *Handler) readPDN(req PDNRequest) (PDNAnswer, error) {
	g, err := h.c.Games.Lookup("dames")
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
func (h *Handler) pdnExport(w http.ResponseWriter, r *http.Request) {
	var req PDNExportRequest
	if !httpx.DecodeBody(w, r, &req, maxPDN) {
		return
	}
	text, err := h.writePDN(req)
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
func (h *Handler) writePDN(req PDNExportRequest) ([]byte, error) {
	g, st, err := h.position(PositionRequest{Game: "dames", Variant: req.Variant, Position: req.Position})
	if err != nil {
		return nil, err
	}
	if len(req.Moves) > 2000 {
		return nil, &positionError{"bad_request", fmt.Sprintf("%d moves, over the limit of 2000", len(req.Moves))}
	}
	start := st.Position()
	cfg, _ := game.NewConfig(g, req.Variant) // h.position read it
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
