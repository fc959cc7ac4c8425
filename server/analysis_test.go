package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"

	"plateau/server"
	"plateau/server/analysis"
)

// moveNotations lists the notations of a view's legal moves.
func moveNotations(t *testing.T, moves []any) []string {
	t.Helper()
	var out []string
	for _, m := range moves {
		d, _ := m.(map[string]any)
		n, _ := d["notation"].(string)
		out = append(out, n)
	}
	return out
}

// The analysis API evaluates a typed position of each game: the best move
// is legal, the value a probability; at dice it lists the rolls instead,
// and a finished game has neither.
func TestAnalysisAPI(t *testing.T) {
	ts := newTestServer(t, nil)
	tests := []struct {
		name     string
		req      analysis.PositionRequest
		best     string  // "" any legal move
		value    float64 // -1: any
		unit     string
		rolls    int
		over     bool
		proven   bool
		topFirst string
	}{
		{name: "dames forced win", req: analysis.PositionRequest{Game: "dames", Position: "W:W28:B23"}, best: "28x19", value: 1, unit: "men", proven: true},
		{name: "dames start", req: analysis.PositionRequest{Game: "dames", Position: "W:W31-50:B1-20"}, value: -1, unit: "men"},
		{name: "mahbousse move", req: analysis.PositionRequest{Game: "mahbousse", Position: "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3"}, value: -1},
		{name: "mahbousse roll", req: analysis.PositionRequest{Game: "mahbousse", Position: "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:roll"}, rolls: 21},
		{name: "shutbox alone shuts", req: analysis.PositionRequest{Game: "shutbox", Variant: map[string]string{"players": "1"}, Position: "12 1 cover:2-1"}, best: "2+1", value: 1, unit: "expected score", proven: true, topFirst: "2+1"},
		{name: "shutbox roll", req: analysis.PositionRequest{Game: "shutbox", Position: "123456789/123456789 1 roll2"}, rolls: 21},
		{name: "shutbox over", req: analysis.PositionRequest{Game: "shutbox", Variant: map[string]string{"players": "1"}, Position: "- - over"}, over: true},
		{name: "benedictine", req: analysis.PositionRequest{Game: "benedictine", Position: "...AA../A..O.../....A../......./..GA.../G...G../..GG... g"}, value: -1},
		{name: "intercept", req: analysis.PositionRequest{Game: "intercept", Position: "NpNr1NrNpNrNPNpNrNp3/10NpNr1/13/13/13/13/13/13/13/13/4SP8/10Sr1Sr/1SpSrSpSrSp1SrSp1Sp2 S g7 6 0"}, value: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := post(t, ts, "/api/analysis", tt.req)
			var a analysis.AnalysisAnswer
			if code != http.StatusOK || json.Unmarshal(body, &a) != nil {
				t.Fatalf("POST /api/analysis: %d %s", code, body)
			}
			if got := len(a.Rolls); got != tt.rolls {
				t.Errorf("%d rolls, want %d", got, tt.rolls)
			}
			if tt.rolls > 0 {
				sum := 0.0
				for _, r := range a.Rolls {
					sum += r.Probability
				}
				if math.Abs(sum-1) > 1e-9 || a.Eval != nil || a.View.ToMove != -1 {
					t.Errorf("rolls sum to %v (want 1), eval %v, to move %d: %s", sum, a.Eval, a.View.ToMove, body)
				}
				return
			}
			if tt.over {
				if a.Eval != nil || a.View.Outcome == nil {
					t.Errorf("a finished game: eval %v, outcome %v", a.Eval, a.View.Outcome)
				}
				return
			}
			e := a.Eval
			if e == nil {
				t.Fatalf("no evaluation: %s", body)
			}
			legal := moveNotations(t, a.View.Moves)
			if !slices.Contains(legal, e.Best) || (tt.best != "" && e.Best != tt.best) {
				t.Errorf("best %q, want %q among the legal %v", e.Best, tt.best, legal)
			}
			if len(e.Line) == 0 || e.Line[0] != e.Best {
				t.Errorf("line %v does not start with the best move %q", e.Line, e.Best)
			}
			if e.Value < 0 || e.Value > 1 || (tt.value >= 0 && math.Abs(e.Value-tt.value) > 1e-9) {
				t.Errorf("value %v, want %v in [0, 1]", e.Value, tt.value)
			}
			if e.Unit != tt.unit || e.Proven != tt.proven || e.Player != int(a.View.ToMove) {
				t.Errorf("unit %q proven %v player %d, want %q %v %d", e.Unit, e.Proven, e.Player, tt.unit, tt.proven, a.View.ToMove)
			}
			if tt.unit == "men" && !e.Proven && e.ValueUnit == nil {
				t.Errorf("no men for an unproven dames value %v", e.Value)
			}
			if tt.topFirst != "" && (len(e.Top) == 0 || e.Top[0].Move != tt.topFirst) {
				t.Errorf("top moves %v, want %q first", e.Top, tt.topFirst)
			}
		})
	}
	bad := []struct {
		name string
		body any
		code string
		want string
	}{
		{"bad position", analysis.PositionRequest{Game: "benedictine", Position: "...AA../A"}, "bad_position", "...AA../A"},
		{"unknown game", analysis.PositionRequest{Game: "go", Position: "x"}, "unknown_game", `"go"`},
		{"a move", analysis.PositionRequest{Game: "dames", Position: "W:W28:B23", Move: "28x19"}, "bad_request", "/api/positions/play"},
		{"unknown field", `{"game":"dames","position":"W:W28:B23","depth":9}`, "bad_request", "depth"},
	}
	for _, tt := range bad {
		code, body := post(t, ts, "/api/analysis", tt.body)
		var e struct {
			Error struct{ Code, Message string }
		}
		if code != http.StatusBadRequest || json.Unmarshal(body, &e) != nil || e.Error.Code != tt.code || !strings.Contains(e.Error.Message, tt.want) {
			t.Errorf("%s: %d %s, want 400 %s naming %s", tt.name, code, body, tt.code, tt.want)
		}
	}
}

const analysisPDN = `[Event "Analysis test"]
[White "A"]
[Black "B"]

1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *

[FEN "B:W33,K46:B12,K5"]
1... 12-17 2. 33-29 17-22 1-1
`

// The PDN import replays a game into its positions, naming the line,
// column and move of an illegal one.
func TestPDNImport(t *testing.T) {
	ts := newTestServer(t, nil)
	tests := []struct {
		name   string
		req    analysis.PDNRequest
		start  string
		moves  []string
		last   string
		result string
	}{
		{"first game", analysis.PDNRequest{PDN: analysisPDN}, "W:W31-50:B1-20", []string{"32-28", "19-23", "28x19", "14x23", "37-32"}, "B:W31-36,38-50:B1-13,15-18,20,23", "*"},
		{"second game from its FEN", analysis.PDNRequest{PDN: analysisPDN, Game: 1}, "B:W33,K46:BK5,12", []string{"12-17", "33-29", "17-22"}, "W:W29,K46:BK5,22", "1-1"},
	}
	for _, tt := range tests {
		code, body := post(t, ts, "/api/pdn", tt.req)
		var a analysis.PDNAnswer
		if code != http.StatusOK || json.Unmarshal(body, &a) != nil {
			t.Fatalf("%s: %d %s", tt.name, code, body)
		}
		var moves []string
		for _, m := range a.Moves {
			moves = append(moves, m.Move)
		}
		if a.Games != 2 || a.Start != tt.start || !slices.Equal(moves, tt.moves) || a.Result != tt.result {
			t.Errorf("%s: %d games, start %q, moves %v, result %q; want 2, %q, %v, %q", tt.name, a.Games, a.Start, moves, a.Result, tt.start, tt.moves, tt.result)
		}
		if last := a.Moves[len(a.Moves)-1].Position; last != tt.last || a.View.Position != last {
			t.Errorf("%s: last position %q (view %q), want %q", tt.name, last, a.View.Position, tt.last)
		}
	}
	bad := []struct {
		name string
		body any
		want string
	}{
		{"illegal move", analysis.PDNRequest{PDN: "1. 32-28 19-23 2. 28-22 *"}, `line 1, column 19: move 3 "28-22"`},
		{"empty", analysis.PDNRequest{PDN: "  \n"}, "no PDN"},
		{"game out of range", analysis.PDNRequest{PDN: analysisPDN, Game: 2}, "game 2 asked, the PDN holds 2"},
		{"bad FEN", analysis.PDNRequest{PDN: "[FEN \"W:W99\"]\n1. 32-28 *"}, "W99"},
		{"syntax", analysis.PDNRequest{PDN: "[Event \"x\n"}, "PDN line"},
	}
	for _, tt := range bad {
		code, body := post(t, ts, "/api/pdn", tt.body)
		var e struct {
			Error struct{ Code, Message string }
		}
		if code != http.StatusBadRequest || json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error.Message, tt.want) {
			t.Errorf("%s: %d %s, want 400 naming %s", tt.name, code, body, tt.want)
		}
	}
}

// The PDN export writes the line played on the analysis board, with a FEN
// tag when it starts elsewhere than the start; the import reads it back.
func TestPDNExport(t *testing.T) {
	ts := newTestServer(t, nil)
	tests := []struct {
		name string
		req  analysis.PDNExportRequest
		want []string
		not  string
	}{
		{"from the start", analysis.PDNExportRequest{Position: "W:W31-50:B1-20", Moves: []string{"32-28", "19-23", "28:19"}}, []string{"1. 32-28 19-23 2. 28x19 *", `[GameType "20"]`}, "[FEN"},
		{"from a position, black first", analysis.PDNExportRequest{Position: "B:W33,K46:B12,K5", Moves: []string{"12-17"}}, []string{`[FEN "B:W33,K46:BK5,12"]`, "1... 12-17 *"}, "2."},
	}
	for _, tt := range tests {
		code, body := post(t, ts, "/api/pdn/export", tt.req)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %s", tt.name, code, body)
		}
		for _, w := range tt.want {
			if !bytes.Contains(body, []byte(w)) {
				t.Errorf("%s: PDN lacks %q:\n%s", tt.name, w, body)
			}
		}
		if bytes.Contains(body, []byte(tt.not)) {
			t.Errorf("%s: PDN has %q:\n%s", tt.name, tt.not, body)
		}
		code, back := post(t, ts, "/api/pdn", analysis.PDNRequest{PDN: string(body)})
		var a analysis.PDNAnswer
		if code != http.StatusOK || json.Unmarshal(back, &a) != nil || len(a.Moves) != len(tt.req.Moves) {
			t.Errorf("%s: reading the export back: %d %s", tt.name, code, back)
		}
	}
	code, body := post(t, ts, "/api/pdn/export", analysis.PDNExportRequest{Position: "W:W31-50:B1-20", Moves: []string{"32-28", "32-27"}})
	if code != http.StatusBadRequest || !strings.Contains(string(body), `move 2 \"32-27\"`) {
		t.Errorf("an illegal move: %d %s, want 400 naming it", code, body)
	}
}

// FuzzPDNImport: whatever the body, POST /api/pdn answers 200 or a client
// error, never a server error.
func FuzzPDNImport(f *testing.F) {
	ts := newTestServer(f, nil)
	f.Add(`{"pdn":` + string(mustJSON(analysisPDN)) + `}`)
	f.Add(`{"pdn":"1. 32-28 19-23 2. 28-22 *"}`)
	f.Add(`{"pdn":"[FEN \"B:W33,K46:B12,K5\"]\n1... 12-17 (2. 33-28) {c} 2. 33-29 $3 17-22 1-1","game":0}`)
	f.Add(`{"pdn":"1.32-28 19-23 2.28x19 14x23","variant":{"draw":"fmjd"}}`)
	f.Fuzz(func(t *testing.T, body string) {
		resp, err := ts.HTTP.Post(ts.URL+"/api/pdn", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("%q: %d %s", body, resp.StatusCode, buf.Bytes())
		}
		if resp.StatusCode == http.StatusOK {
			var a analysis.PDNAnswer
			if err := json.Unmarshal(buf.Bytes(), &a); err != nil || a.Start == "" {
				t.Fatalf("%q: 200 with %s", body, buf.Bytes())
			}
		}
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// The analysis page carries its starting view inline: the position asked
// for, else the start, and the error of a position that does not read.
func TestAnalysisPage(t *testing.T) {
	ts := newTestServer(t, nil)
	tests := []struct {
		path string
		want []string
	}{
		{"/analysis/dames?position=W:W28:B23", []string{`"position":"W:W28:B23"`, `"analysis":{"game":"dames"`}},
		{"/analysis/dames", []string{`"position":"W:W31-50:B1-20"`}},
		{"/analysis/shutbox?players=1&tiles=12", []string{`"variant":{"players":"1","tiles":"12"}`, `"position":"123456789ABC 1 roll2"`}},
		{"/analysis/dames?position=W:W99", []string{`"error":"position \"W:W99\"`, `"position":"W:W31-50:B1-20"`}},
		{"/analysis/chess", []string{`"error":"unknown game`}},
		{"/analysis", []string{`"analysis":{"game":""`}},
	}
	for _, tt := range tests {
		resp, err := ts.HTTP.Get(ts.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", tt.path, resp.StatusCode)
		}
		for _, w := range tt.want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("GET %s: the page lacks %s", tt.path, w)
			}
		}
	}
}

// Analyses share the rooms' AI workers: with one worker, several at once
// queue for it and all answer (here without a share per client, which
// TestAnalysisShare tests).
func TestAnalysisQueue(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) {
		o.AIWorkers = 1
		o.Admission.AnalysisPerClient = -1
	})
	positions := []string{"W:W31-50:B1-20", "B:W28,31,33-50:B1-20", "W:W28,31,33-50:B1-18,20,23", "W:W28:B4,K23"}
	errs := make(chan error, len(positions))
	for _, p := range positions {
		go func() {
			b, _ := json.Marshal(analysis.PositionRequest{Game: "dames", Position: p})
			resp, err := ts.HTTP.Post(ts.URL+"/api/analysis", "application/json", bytes.NewReader(b))
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			var a analysis.AnalysisAnswer
			if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || resp.StatusCode != http.StatusOK || a.Eval == nil || a.View.Position != p {
				errs <- fmt.Errorf("analysis of %s: %d, %v, %+v", p, resp.StatusCode, err, a.Eval)
				return
			}
			errs <- nil
		}()
	}
	for range positions {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
