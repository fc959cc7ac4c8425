package server_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"plateau/hints"
	"plateau/server"
	"plateau/server/analysis"
	"plateau/server/wsclient"
)

// Issue 66: computer help is refused to a seated player for the position
// of a game they play while it runs, however the position is sent; the
// spectators and the finished games keep it.

// signedBrowser is a browser whose jar holds the session cookie
// ("plateau_session=TOKEN").
func signedBrowser(t *testing.T, ts *testServer, cookie string) *browser {
	t.Helper()
	b := ts.browser(t)
	u, err := url.Parse(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	name, value, _ := strings.Cut(cookie, "=")
	b.c.Jar.SetCookies(u, []*http.Cookie{{Name: name, Value: value}})
	return b
}

// guestBrowser is a browser with its device cookie and no account.
func guestBrowser(t *testing.T, ts *testServer) *browser {
	t.Helper()
	b := ts.browser(t)
	if a := b.do(t, "GET", "/api/account", nil); a.status != http.StatusOK {
		t.Fatalf("GET /api/account: %d %s", a.status, a.raw)
	}
	return b
}

// livePosition returns game id's current position and player to move.
func livePosition(t *testing.T, ts *testServer, id string) (string, int) {
	t.Helper()
	var sum struct {
		View wsclient.View `json:"view"`
	}
	if err := wsclient.GetJSON(context.Background(), ts.HTTP, ts.URL, "/api/games/"+id, &sum); err != nil {
		t.Fatal(err)
	}
	return sum.View.Position, sum.View.ToMove
}

// wantAnalysis posts a position to /api/analysis as b and checks the
// answer: 200 with an evaluation, or 403 live_game naming game id.
func wantAnalysis(t *testing.T, b *browser, what string, req analysis.PositionRequest, refusedBy string) {
	t.Helper()
	a := b.do(t, "POST", "/api/analysis", req)
	if refusedBy == "" {
		if a.status != http.StatusOK || a.body["eval"] == nil {
			t.Errorf("%s (%s): %d %s, want 200 with an evaluation", what, req.Position, a.status, a.raw)
		}
		return
	}
	if a.status != http.StatusForbidden || a.err("code") != "live_game" || !strings.Contains(a.err("message"), refusedBy) {
		t.Errorf("%s (%s): %d %.300s, want 403 live_game naming game %s", what, req.Position, a.status, a.raw, refusedBy)
	}
}

// playFirstMove plays p's first legal move and waits for it.
func playFirstMove(ctx context.Context, t *testing.T, p *player) {
	t.Helper()
	if err := p.conn.Send(ctx, map[string]any{"type": "move", "version": p.version, "move": p.view.Moves[0].Notation, "id": "m"}); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p, "move")
}

// TestLiveHelpAnalysisAPI: POST /api/analysis refuses the live position of
// one's own human-vs-human draughts game, rated or casual, known by the
// account: sent as is, written otherwise, with the other side to move, or
// one move later; a spectator and the finished game get the analysis.
func TestLiveHelpAnalysisAPI(t *testing.T) {
	for _, rated := range []bool{true, false} {
		t.Run(map[bool]string{true: "rated", false: "casual"}[rated], func(t *testing.T) {
			ts := newTestServer(t, nil)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			id, tok, ck := ratedTable(t, ts, "dames", nil, rated, [2]string{"ann", "bob"})
			p0 := joinAs(t, ts, ck[0], id, tok[0])
			p1 := joinAs(t, ts, ck[1], id, tok[1])
			playFirstMove(ctx, t, p0)
			pos, _ := livePosition(t, ts, id)
			ann, bob := signedBrowser(t, ts, ck[0]), signedBrowser(t, ts, ck[1])
			req := func(p string) analysis.PositionRequest { return analysis.PositionRequest{Game: "dames", Position: p} }

			side, pieces, _ := strings.Cut(pos, ":")
			white, black, _ := strings.Cut(pieces, ":")
			other := map[string]string{"W": "B", "B": "W"}[side]
			play := ann.do(t, "POST", "/api/positions/play", analysis.PositionRequest{Game: "dames", Position: pos, Move: moveOf(t, ann, pos)})
			if play.status != http.StatusOK {
				t.Fatalf("POST /api/positions/play: %d %s", play.status, play.raw)
			}
			later := play.body["view"].(map[string]any)["position"].(string)
			for _, c := range []struct{ what, pos string }{
				{"the live position", pos},
				{"written otherwise", strings.ToLower(side) + ":" + black + ":" + white},
				{"the other side to move", other + ":" + pieces},
				{"one move later", later},
			} {
				wantAnalysis(t, ann, "ann: "+c.what, req(c.pos), id)
			}
			wantAnalysis(t, bob, "bob, the opponent", req(pos), id)
			wantAnalysis(t, ts.browser(t), "a spectator", req(pos), "")
			if err := p1.conn.Send(ctx, map[string]any{"type": "resign", "seat": 1}); err != nil {
				t.Fatal(err)
			}
			waitEvent(ctx, t, p0, "end")
			wantAnalysis(t, ann, "ann, once the game is over", req(pos), "")
		})
	}
}

// moveOf returns a legal move of position pos of dames.
func moveOf(t *testing.T, b *browser, pos string) string {
	t.Helper()
	a := b.do(t, "POST", "/api/positions", analysis.PositionRequest{Game: "dames", Position: pos})
	moves, _ := a.body["view"].(map[string]any)["moves"].([]any)
	if a.status != http.StatusOK || len(moves) == 0 {
		t.Fatalf("POST /api/positions %s: %d %s", pos, a.status, a.raw)
	}
	return moves[0].(map[string]any)["notation"].(string)
}

// TestLiveHelpShutbox: in a 2-player Shut the Box game, known by the
// device that joined it with its seat's token, /api/analysis no longer
// answers the solver's moves for the live position, nor for the same
// boxes with another roll or the player's own box as a solitaire; the
// hints keep their rules (refused while people play).
func TestLiveHelpShutbox(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Hints = hints.Providers() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := ts.create(t, "shutbox", map[string]string{"players": "2"}, "hh", true)
	id := c.ID
	g := guestBrowser(t, ts)
	if _, err := g.dialAs(t, id).Hello(ctx, 0, c.Seats[0].Token); err != nil {
		t.Fatal(err)
	}
	join(t, ts, id, 0, c.Seats[1].Token)
	pos, toMove := livePosition(t, ts, id)
	for toMove < 0 { // the server rolls the dice
		time.Sleep(10 * time.Millisecond)
		pos, toMove = livePosition(t, ts, id)
	}
	fields := strings.Fields(pos) // "123456789/123456789 1 cover:6-3"
	boxes := strings.Split(fields[0], "/")
	two := map[string]string{"players": "2"}
	for _, c := range []struct {
		what string
		req  analysis.PositionRequest
	}{
		{"the live position", analysis.PositionRequest{Game: "shutbox", Variant: two, Position: pos}},
		{"another roll", analysis.PositionRequest{Game: "shutbox", Variant: two, Position: fields[0] + " " + fields[1] + " cover:1-2"}},
		{"the dice to roll", analysis.PositionRequest{Game: "shutbox", Variant: two, Position: fields[0] + " " + fields[1] + " roll2"}},
		{"one's own box alone", analysis.PositionRequest{Game: "shutbox", Variant: map[string]string{"players": "1"}, Position: boxes[toMove] + " 1 " + fields[2]}},
	} {
		wantAnalysis(t, g, c.what, c.req, id)
	}
	wantAnalysis(t, ts.browser(t), "a spectator", analysis.PositionRequest{Game: "shutbox", Variant: two, Position: pos}, "")
	if a := g.do(t, "GET", "/api/games/"+id+"/hints", nil); a.status != http.StatusForbidden || a.err("code") != "hints_refused" {
		t.Errorf("hints of the live game: %d %s, want 403 hints_refused", a.status, a.raw)
	}
}

// TestLiveHelpAnalysisPage: /analysis/dames?position=<live position> is a
// 403 page that shows the board and says why it is not analysed, to the
// device that plays the game and to its account; a spectator gets the
// page as before.
func TestLiveHelpAnalysisPage(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := ts.create(t, "dames", nil, "hh", true)
	g := guestBrowser(t, ts)
	conn := g.dialAs(t, c.ID)
	w, err := conn.Hello(ctx, 0, c.Seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	p0 := &player{conn: conn, seats: w.Seats, version: w.Version, view: w.Game.View}
	p1 := join(t, ts, c.ID, 0, c.Seats[1].Token)
	playFirstMove(ctx, t, p0)
	waitEvent(ctx, t, p1, "move")
	playFirstMove(ctx, t, p1)
	pos, _ := livePosition(t, ts, c.ID)
	path := "/analysis/dames?position=" + url.QueryEscape(pos)
	get := func(b *browser) (int, string) {
		resp, err := b.c.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	status, page := get(g)
	if want := `"refused":"you play game ` + c.ID; status != http.StatusForbidden || !strings.Contains(page, want) || !strings.Contains(page, `"position":"`+pos+`"`) {
		t.Errorf("GET %s by its player: %d, want 403 with the board and %s", path, status, want)
	}
	if status, page := get(ts.browser(t)); status != http.StatusOK || strings.Contains(page, `"refused"`) {
		t.Errorf("GET %s by a spectator: %d, want 200 without a refusal", path, status)
	}
}

// TestLiveHelpReview: the review of a running game is refused with 403
// live_game to its players (by device and by account), 409 game_running
// to the others as before.
func TestLiveHelpReview(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id, tok, ck := ratedTable(t, ts, "dames", nil, false, [2]string{"ann", "bob"})
	g := guestBrowser(t, ts)
	if _, err := g.dialAs(t, id).Hello(ctx, 0, tok[0]); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		who  string
		b    *browser
		want int
	}{
		{"its player's device", g, http.StatusForbidden},
		{"its player's account", signedBrowser(t, ts, ck[1]), http.StatusForbidden},
		{"a spectator", ts.browser(t), http.StatusConflict},
	} {
		a := c.b.do(t, "GET", "/api/games/"+id+"/review", nil)
		if a.status != c.want || c.want == http.StatusForbidden && (a.err("code") != "live_game" || !strings.Contains(a.err("message"), id)) {
			t.Errorf("review of the running game by %s: %d %s, want %d", c.who, a.status, a.raw, c.want)
		}
	}
}
