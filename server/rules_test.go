package server_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"plateau/games"
	"plateau/learn"
	"plateau/server/analysis"
)

// Every game's rules page answers in French and English, in the language
// asked for or else the one the browser prefers, with its examples; an
// unknown game is a 404 that names it.
func TestRulesPages(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, pg := range learn.Pages() {
		g, err := games.Registry().Lookup(pg.Game)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"fr", "en"} {
			resp, body := get(t, ts, "/rules/"+pg.Game+"?lang="+lang, nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /rules/%s?lang=%s: %d %s", pg.Game, lang, resp.StatusCode, body)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("%s %s: Content-Type %q", pg.Game, lang, ct)
			}
			for _, want := range []string{`<html lang="` + lang + `">`, g.Name(lang), jsonText(pg.Lead.In(lang)), `id="rules-boot"`} {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s: the page lacks %q", pg.Game, lang, want)
				}
			}
			if n, want := strings.Count(body, `class="example"`), len(pg.Examples()); n != want {
				t.Errorf("%s %s: %d examples on the page, want %d", pg.Game, lang, n, want)
			}
		}
	}
	// Pages are gzipped for a browser that accepts it.
	req, _ := http.NewRequest("GET", ts.URL+"/rules/intercept?lang=en", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatalf("the intercept rules page with gzip accepted: Content-Encoding %q: %v", resp.Header.Get("Content-Encoding"), err)
	}
	page, err := io.ReadAll(zr)
	resp.Body.Close()
	if err != nil || !strings.Contains(string(page), `id="rules-boot"`) {
		t.Errorf("the gzipped intercept rules page: %v, %d bytes", err, len(page))
	}
	tests := []struct {
		path, accept, want string
	}{
		{"/rules/dames", "fr-FR,fr;q=0.9,en;q=0.8", "fr"},
		{"/rules/dames", "de-DE,en;q=0.5,fr;q=0.7", "fr"},
		{"/rules/dames", "de-DE", "en"},
		{"/rules/dames", "", "en"},
		{"/rules/dames?lang=en", "fr", "en"},
		{"/rules/dames?lang=xx", "fr", "fr"},
	}
	for _, tt := range tests {
		resp, body := get(t, ts, tt.path, map[string]string{"Accept-Language": tt.accept})
		if resp.StatusCode != http.StatusOK || !strings.Contains(body, `<html lang="`+tt.want+`">`) {
			t.Errorf("GET %s with Accept-Language %q: %d, want a page in %s", tt.path, tt.accept, resp.StatusCode, tt.want)
		}
	}
	for _, lang := range []string{"fr", "en"} {
		resp, body := get(t, ts, "/rules?lang="+lang, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET /rules?lang=%s: %d", lang, resp.StatusCode)
		}
		for _, g := range games.Registry().Games() {
			if !strings.Contains(body, `href="/rules/`+g.ID()+`?lang=`+lang+`"`) || !strings.Contains(body, jsonText(g.Name(lang))) {
				t.Errorf("/rules?lang=%s does not link to the rules of %s", lang, g.ID())
			}
		}
	}
	resp, body := get(t, ts, "/rules/chess", nil)
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, `"chess"`) {
		t.Errorf("GET /rules/chess: %d %q, want a 404 naming the game", resp.StatusCode, body)
	}
}

// jsonText is s as html/template writes it in an element's text.
func jsonText(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	return r.Replace(s)
}

func post(t *testing.T, ts *testServer, path string, body any) (int, []byte) {
	t.Helper()
	var b []byte
	switch v := body.(type) {
	case string:
		b = []byte(v)
	default:
		b, _ = json.Marshal(v)
	}
	resp, err := ts.HTTP.Post(ts.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	return resp.StatusCode, buf.Bytes()
}

// The positions API shows a position with its legal moves and plays a move
// on it, without a game on the server; errors name what is wrong.
func TestPositionsAPI(t *testing.T) {
	ts := newTestServer(t, nil)
	code, body := post(t, ts, "/api/positions", analysis.PositionRequest{Game: "dames", Position: "W:W28:B4,23,33"})
	var a analysis.PositionAnswer
	if code != http.StatusOK || json.Unmarshal(body, &a) != nil || len(a.View.Moves) != 2 || a.View.Position != "W:W28:B4,23,33" {
		t.Fatalf("POST /api/positions: %d %s", code, body)
	}
	code, body = post(t, ts, "/api/positions/play", analysis.PositionRequest{Game: "dames", Position: "W:W28:B4,23,33", Move: "28:39"})
	a = analysis.PositionAnswer{}
	if code != http.StatusOK || json.Unmarshal(body, &a) != nil || a.Move != "28x39" || a.View.Position != "B:W39:B4,23" || a.View.ToMove != 1 {
		t.Fatalf("POST /api/positions/play: %d %s", code, body)
	}
	code, body = post(t, ts, "/api/positions/play", analysis.PositionRequest{Game: "shutbox", Variant: map[string]string{"players": "1"}, Position: "12 1 cover:2-1", Move: "2+1"})
	a = analysis.PositionAnswer{}
	if code != http.StatusOK || json.Unmarshal(body, &a) != nil || a.View.Outcome == nil || !a.View.Outcome.Over {
		t.Errorf("shutting the box alone: %d %s, want a finished game", code, body)
	}
	tests := []struct {
		name, path string
		body       any
		code, want string
	}{
		{"not JSON", "/api/positions", "{", "bad_request", "body"},
		{"trailing data", "/api/positions", `{"game":"dames","position":"W:W28:B23"} {"game":"x"}`, "bad_request", "trailing data"},
		{"trailing garbage", "/api/positions/play", `{"game":"dames","position":"W:W28:B4,23,33","move":"28x39"}]`, "bad_request", "trailing data"},
		{"unknown field", "/api/positions", `{"game":"dames","position":"W:W28:B23","colour":1}`, "bad_request", "colour"},
		{"unknown game", "/api/positions", analysis.PositionRequest{Game: "chess", Position: "x"}, "unknown_game", `"chess"`},
		{"bad variant", "/api/positions", analysis.PositionRequest{Game: "dames", Variant: map[string]string{"huffing": "maybe"}, Position: "W:W28:B23"}, "bad_variant", "maybe"},
		{"no position", "/api/positions", analysis.PositionRequest{Game: "dames"}, "bad_position", "no position"},
		{"bad position", "/api/positions", analysis.PositionRequest{Game: "dames", Position: "W:W99:B1"}, "bad_position", "W:W99:B1"},
		{"move to the view", "/api/positions", analysis.PositionRequest{Game: "dames", Position: "W:W28:B23", Move: "28x19"}, "bad_request", "/api/positions/play"},
		{"no move", "/api/positions/play", analysis.PositionRequest{Game: "dames", Position: "W:W28:B23"}, "illegal_move", "no move"},
		{"illegal move", "/api/positions/play", analysis.PositionRequest{Game: "dames", Position: "W:W28:B4,23,33", Move: "28-22"}, "illegal_move", `"28-22"`},
		{"bad position to play", "/api/positions/play", analysis.PositionRequest{Game: "shutbox", Position: "12 1 roll2", Move: "roll2"}, "bad_position", "12 1 roll2"},
	}
	for _, tt := range tests {
		code, body := post(t, ts, tt.path, tt.body)
		var e struct {
			Error struct{ Code, Message string }
		}
		if code != http.StatusBadRequest || json.Unmarshal(body, &e) != nil || e.Error.Code != tt.code || !strings.Contains(e.Error.Message, tt.want) {
			t.Errorf("%s: %d %s, want 400 %s naming %s", tt.name, code, body, tt.code, tt.want)
		}
	}
	big := analysis.PositionRequest{Game: "dames", Position: "W:W28:B23", Move: strings.Repeat("x", 20<<10)}
	if code, body := post(t, ts, "/api/positions/play", big); code != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), "16384 bytes") {
		t.Errorf("a 20 KB body: %d %s, want 413 naming the limit", code, body)
	}
}

// The draughts rules page names the men as the game shows them, white
// and black: the rule sheet's blue and green are its own (issue 68: the
// page spoke of "Blue (White)" and "the green man on 22"). Red on main
// 47b4ede.
func TestDamesRulesNameWhiteAndBlack(t *testing.T) {
	ts := newTestServer(t, nil)
	sheetColours := regexp.MustCompile(`(?i)\b(blue|green|bleus?|bleues?|verts?|vertes?)\b`)
	for lang, want := range map[string]string{"en": "White moves first", "fr": "Les Blancs commencent"} {
		_, body := get(t, ts, "/rules/dames?lang="+lang, nil)
		if m := sheetColours.FindAllString(body, -1); len(m) > 0 {
			t.Errorf("the %s draughts rules page names the sheet's colours: %q", lang, m)
		}
		if !strings.Contains(body, want) {
			t.Errorf("the %s draughts rules page lacks %q", lang, want)
		}
	}
}
