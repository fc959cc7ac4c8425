package server_test

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/hints"
	"plateau/rating"
	"plateau/room"
	"plateau/server"
	"plateau/server/ratings"
	"plateau/server/wsclient"
	"plateau/store"
	"plateau/store/storetest"
)

// ratedTable stores a two-seat game of gameID between two accounts (made
// if new), rated, or else casual, and returns its id, the seats' tokens
// and a session cookie of each account.
func ratedTable(t *testing.T, ts *testServer, gameID string, variant map[string]string, rated bool, accounts [2]string) (string, [2]string, [2]string) {
	t.Helper()
	ctx := context.Background()
	var tokens, cookies [2]string
	seats := make([]store.Seat, 2)
	for i, acc := range accounts {
		if _, err := ts.Store.Account(ctx, acc); err != nil {
			if err := ts.Store.CreateAccount(ctx, storetest.NewAccount(acc, "player_"+acc)); err != nil {
				t.Fatal(err)
			}
		}
		tokens[i], cookies[i] = room.NewToken(), sessionFor(t, ts, acc)
		seats[i] = store.Seat{Kind: store.Human, TokenHash: room.HashToken(tokens[i]), Account: acc}
	}
	rec, err := room.NewGameRecord(gameID, variant, !rated, seats)
	if err != nil {
		t.Fatal(err)
	}
	rec.Rated = rated
	if err := ts.Store.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	return rec.ID, tokens, cookies
}

// joinAs is join with a session cookie.
func joinAs(t *testing.T, ts *testServer, cookie, id string, tokens ...string) *player {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cookie}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	conn := &wsclient.Conn{C: c}
	w, err := conn.Hello(ctx, 0, tokens...)
	if err != nil {
		t.Fatal(err)
	}
	return &player{conn: conn, seats: w.Seats, version: w.Version, view: w.Game.View}
}

// TestRatedEnd: a rated game's end updates both ratings exactly as
// rating.Game computes them from the ratings before it; a game that is
// not rated leaves them as they were.
func TestRatedEnd(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ratingOf := func(acc string) (rating.Rating, int) {
		rs, err := ts.Store.Ratings(ctx, acc)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			if r.Game == "dames" {
				return r.Rating, r.Games
			}
		}
		return rating.New(), 0
	}
	for _, c := range []struct {
		name  string
		rated bool
		// end plays the end: the seat that resigns, or -1 for a draw
		// by agreement.
		resign int
		score0 float64
	}{
		{"rated, the second resigns", true, 1, 1},
		{"rated, the first resigns", true, 0, 0},
		{"rated, a draw", true, -1, 0.5},
		{"casual", false, 0, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			a0, n0 := ratingOf("ann")
			a1, n1 := ratingOf("bob")
			id, tok, ck := ratedTable(t, ts, "dames", nil, c.rated, [2]string{"ann", "bob"})
			p0 := joinAs(t, ts, ck[0], id, tok[0])
			p1 := joinAs(t, ts, ck[1], id, tok[1])
			playOpening(ctx, t, p0, p1) // fewer moves abort a rated game
			send := func(p *player, msg string) {
				t.Helper()
				if err := p.conn.SendRaw(ctx, []byte(msg)); err != nil {
					t.Fatal(err)
				}
			}
			switch c.resign {
			case -1:
				send(p0, `{"type":"draw","action":"offer"}`)
				waitEvent(ctx, t, p1, "draw_offer")
				send(p1, `{"type":"draw","action":"accept"}`)
			default:
				send([]*player{p0, p1}[c.resign], `{"type":"resign","seat":`+string(rune('0'+c.resign))+`}`)
			}
			waitEvent(ctx, t, p0, "end")
			b0, m0 := ratingOf("ann")
			b1, m1 := ratingOf("bob")
			if !c.rated {
				if b0 != a0 || b1 != a1 || m0 != n0 || m1 != n1 {
					t.Errorf("a game not rated changed the ratings: %+v -> %+v, %+v -> %+v", a0, b0, a1, b1)
				}
				return
			}
			w0, w1, err := rating.Game(a0, a1, c.score0)
			if err != nil {
				t.Fatal(err)
			}
			if !near(b0, w0) || !near(b1, w1) || m0 != n0+1 || m1 != n1+1 {
				t.Errorf("after the game: ann %+v (%d games), bob %+v (%d games); want %+v, %+v", b0, m0, b1, m1, w0, w1)
			}
			h, err := ts.Store.RatingHistory(ctx, "ann", "dames")
			if err != nil || len(h) == 0 || h[len(h)-1].GameID != id {
				t.Errorf("ann's history %+v, %v; want game %s last", h, err, id)
			}
		})
	}
}

func near(a, b rating.Rating) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-9 && math.Abs(a.RD-b.RD) < 1e-9 && math.Abs(a.Vol-b.Vol) < 1e-12
}

// waitEvent reads p's messages until an event of kind.
func waitEvent(ctx context.Context, t *testing.T, p *player, kind string) {
	t.Helper()
	for {
		m, err := p.conn.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", kind, err)
		}
		if m.Type == "event" {
			p.version, p.view = m.Version, m.View
			if m.Event.Kind == kind {
				return
			}
		}
	}
}

// TestRatedRefusesUndoAndHints: no undo and no hints while a rated game is
// played.
func TestRatedRefusesUndoAndHints(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Hints = hints.Providers() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id, tok, ck := ratedTable(t, ts, "shutbox", map[string]string{"players": "2"}, true, [2]string{"cid", "dan"})
	p0 := joinAs(t, ts, ck[0], id, tok[0])
	if status, a := ts.hints(t, id); status != http.StatusForbidden {
		t.Errorf("hints of a running rated game: %d %+v, want 403", status, a.Error)
	}
	move := p0.view.Moves[0].Notation
	if err := p0.conn.Send(ctx, map[string]any{"type": "move", "version": p0.version, "move": move, "id": "m"}); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p0, "move")
	if err := p0.conn.SendRaw(ctx, []byte(`{"type":"undo","action":"request","id":"u"}`)); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := p0.conn.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "ack" && m.ID == "u" {
			t.Fatal("undo request acknowledged in a rated game")
		}
		if m.Type == "error" {
			if m.ID != "u" || m.Code != "not_allowed" || !strings.Contains(m.Message, "rated") {
				t.Fatalf("undo in a rated game: %s, want not_allowed", m.Raw)
			}
			break
		}
	}
}

// TestRatedCreateRefused: POST /api/games does not make rated games (its
// creator would hold both seats' tokens, issue 66: on main b61b991 it
// answered 201 with both); rated games come from seeks. A rated game's
// seats are taken signed in only; a guest may watch.
func TestRatedCreateRefused(t *testing.T) {
	ts := newTestServer(t, nil)
	ivy := signedIn(t, ts, "ivy")
	req, _ := http.NewRequest("POST", ts.URL+"/api/games", strings.NewReader(`{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}],"rated":true}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", ivy)
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
		Error struct{ Code, Field, Message string } `json:"error"`
	}
	json.NewDecoder(resp.Body).Decode(&a)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || a.Error.Field != "rated" || !strings.Contains(a.Error.Message, "seeks") || len(a.Seats) != 0 {
		t.Errorf("a rated POST /api/games: %d %+v, want 400 on rated naming the seeks, no seat token", resp.StatusCode, a)
	}
	ctx := context.Background()
	id, tok, _ := ratedTable(t, ts, "dames", nil, true, [2]string{"jan", "kai"})
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if m, err := ts.dial(t, id).Hello(hctx, 0, tok[1]); err == nil || m.Code != "sign_in" {
		t.Errorf("a guest's hello with a seat of a rated game: %+v, %v; want sign_in", m, err)
	}
	if _, err := ts.dial(t, id).Hello(hctx, 0); err != nil {
		t.Errorf("a guest watching a rated game: %v", err)
	}
}

// TestLeaderboardAndPlayerRatings: the leaderboard lists the rated
// players of a game, provisional ones apart, and a player's ratings come
// with their history.
func TestLeaderboardAndPlayerRatings(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// eve beats fay twice.
	var last string
	for range 2 {
		id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"eve", "fay"})
		p0 := joinAs(t, ts, ck[0], id, tok[0])
		p1 := joinAs(t, ts, ck[1], id, tok[1])
		playOpening(ctx, t, p0, p1)
		if err := p1.conn.SendRaw(ctx, []byte(`{"type":"resign","seat":1}`)); err != nil {
			t.Fatal(err)
		}
		waitEvent(ctx, t, p1, "end")
		last = id
	}
	get := func(path string, want int, v any) {
		t.Helper()
		resp, err := ts.HTTP.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
		if v != nil {
			if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
		}
	}
	var lb ratings.Leaderboard
	get("/api/leaderboard/dames", http.StatusOK, &lb)
	if len(lb.Players) != 0 || len(lb.Provisional) != 2 || lb.Provisional[0].Name != "player_eve" || lb.Provisional[1].Name != "player_fay" ||
		!lb.Provisional[0].Provisional || lb.Provisional[0].Games != 2 || lb.Provisional[0].Rating <= 1500 || lb.Provisional[1].Rating >= 1500 {
		t.Errorf("leaderboard after two games: %+v", lb)
	}
	get("/api/leaderboard/shutbox", http.StatusOK, &lb)
	if lb.Game != "shutbox" || len(lb.Players)+len(lb.Provisional) != 0 {
		t.Errorf("shutbox's leaderboard: %+v, want empty", lb)
	}
	get("/api/leaderboard/chess", http.StatusNotFound, nil)
	var pr ratings.PlayerRatings
	get("/api/players/PLAYER_EVE/ratings", http.StatusOK, &pr)
	if pr.Name != "player_eve" || len(pr.Ratings) != 1 || pr.Ratings[0].Game != "dames" || len(pr.Ratings[0].History) != 2 {
		t.Fatalf("eve's ratings: %+v", pr)
	}
	h := pr.Ratings[0].History
	if h[0].Before != 1500 || h[0].After != h[1].Before || h[1].After != pr.Ratings[0].Rating || h[1].GameID != last {
		t.Errorf("eve's history %+v does not chain to her rating %d", h, pr.Ratings[0].Rating)
	}
	get("/api/players/nobody/ratings", http.StatusNotFound, nil)
}

// TestRatedRematch: the rematch of a rated game is rated, between the same
// accounts, seats swapped, and its end rates them again.
func TestRatedRematch(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"jon", "kim"})
	p := joinAs(t, ts, ck[0], id, tok[0])
	kim := joinAs(t, ts, ck[1], id, tok[1]) // a rated seat is played by its account only
	playOpening(ctx, t, p, kim)
	if err := kim.conn.SendRaw(ctx, []byte(`{"type":"resign","seat":1}`)); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p, "end")
	if err := p.conn.SendRaw(ctx, []byte(`{"type":"rematch"}`)); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p, "rematch")
	s, err := ts.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := ts.Store.Events(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var next string
	for _, e := range evs {
		var d struct {
			RematchID string `json:"rematch_id"`
		}
		if e.Kind == "rematch" && json.Unmarshal(e.Data, &d) == nil {
			next = d.RematchID
		}
	}
	g, err := ts.Store.Game(ctx, next)
	if err != nil {
		t.Fatalf("the rematch of %s (%q): %v", s.ID, next, err)
	}
	if !g.Rated || g.Casual || g.Seats[0].Account != "kim" || g.Seats[1].Account != "jon" {
		t.Fatalf("rematch %+v: want rated, kim then jon", g)
	}
	q := joinAs(t, ts, ck[0], next, tok[0])
	kim2 := joinAs(t, ts, ck[1], next, tok[1])
	playOpening(ctx, t, q, kim2)
	if err := q.conn.SendRaw(ctx, []byte(`{"type":"resign","seat":1}`)); err != nil { // jon resigns
		t.Fatal(err)
	}
	waitEvent(ctx, t, q, "end")
	h, err := ts.Store.RatingHistory(ctx, "jon", "dames")
	if err != nil || len(h) != 2 || h[1].GameID != next {
		t.Errorf("jon's history %+v, %v; want the game and its rematch", h, err)
	}
}
