package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"plateau/room"
	"plateau/server"
	"plateau/server/correspondence"
	"plateau/server/wsclient"
	"plateau/store"
)

// postBody sends body to path and returns the answer's status and body.
func (ts *testServer) postBody(t *testing.T, path, cookie, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func TestCreateCorrespondence(t *testing.T) {
	ts := newTestServer(t, nil)
	const seats = `"seats":[{"kind":"human"},{"kind":"human"}]`
	for _, bad := range []string{`{"days": 4}`, `{"days": -1}`, `{"days": 15}`, `{"days": 2, "minutes": 5}`, `{"days": 2, "increment": 1}`} {
		code, b := ts.postBody(t, "/api/games", "", `{"game":"dames",`+seats+`,"clock":`+bad+`}`)
		var e struct{ Error struct{ Field string } }
		json.Unmarshal(b, &e)
		if code != http.StatusBadRequest || e.Error.Field != "clock.days" {
			t.Errorf("clock %s: %d %s, want 400 on clock.days", bad, code, b)
		}
	}
	for _, days := range correspondence.Days {
		code, b := ts.postBody(t, "/api/games", "", `{"game":"dames",`+seats+`,"clock":{"days":`+itoa2(days)+`}}`)
		if code != http.StatusCreated {
			t.Fatalf("%d days a move: %d %s", days, code, b)
		}
		var c wsclient.Created
		json.Unmarshal(b, &c)
		var sum room.Summary
		if err := wsclient.GetJSON(context.Background(), ts.HTTP, ts.URL, "/api/games/"+c.ID, &sum); err != nil {
			t.Fatal(err)
		}
		want := int64(days) * correspondence.Day.Milliseconds()
		if k := sum.Clock; k == nil || k.PerMoveMS != want || k.InitialMS != 0 || k.LeftMS[0] == nil || *k.LeftMS[0] != want {
			t.Errorf("%d days a move: summary clock %+v", days, k)
		}
	}
}

func itoa2(n int) string { b, _ := json.Marshal(n); return string(b) }

// yourMove reads GET /api/account/your-move as cookie's account.
func yourMove(t *testing.T, ts *testServer, cookie string) (int, correspondence.List) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/account/your-move", nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l correspondence.List
	json.NewDecoder(resp.Body).Decode(&l)
	return resp.StatusCode, l
}

// pairDays pairs the accounts of two cookies by seeks of dames, days a
// move, and returns the game and each seat's cookie and token.
func pairDays(t *testing.T, ts *testServer, annCookie, bobCookie string, days int) (*store.Game, map[int]string, map[int]string) {
	t.Helper()
	ann, bob := dialSeeks(t, ts, annCookie), dialSeeks(t, ts, bobCookie)
	spec := map[string]any{"type": "seek", "game": "dames", "rated": true, "clock": map[string]any{"days": days}}
	ann.send(spec)
	ann.next("seeking")
	bob.send(spec)
	pa, pb := ann.next("paired"), bob.next("paired")
	g, err := ts.Store.Game(context.Background(), pa.Game)
	if err != nil || g.Clock.PerMove != time.Duration(days)*correspondence.Day || g.Clock.Initial != 0 {
		t.Fatalf("paired game %+v, %v: want %d days a move", g, err, days)
	}
	return g, map[int]string{*pa.Seat: annCookie, *pb.Seat: bobCookie}, map[int]string{*pa.Seat: pa.Token, *pb.Seat: pb.Token}
}

// firstMove plays the first legal move of a seat in game id, signed in by
// cookie, and waits for its ack.
func firstMove(t *testing.T, ts *testServer, cookie, id, token string) {
	t.Helper()
	p := joinAs(t, ts, cookie, id, token)
	defer p.conn.C.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.conn.Send(ctx, map[string]any{"type": "move", "version": p.version, "move": p.view.Moves[0].Notation, "id": "m1"}); err != nil {
		t.Fatal(err)
	}
	for m, err := p.conn.Next(ctx); m.Type != "ack"; m, err = p.conn.Next(ctx) {
		if err != nil || m.Type == "error" {
			t.Fatalf("move: %+v %v", m, err)
		}
	}
}

// Two accounts paired by seeks of 3 days a move (not by a seek of another
// clock): "your move" lists the game for the player to move only, first
// without a deadline (the first move is not timed), then with the time
// left of the move, counted on the games' injected clock.
func TestCorrespondenceYourMove(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)}
	ts := newTestServer(t, func(o *server.Options) { o.GamesNow = clock.Now })
	annCookie, cidCookie := signedIn(t, ts, "ann"), signedIn(t, ts, "cid")
	bob := dialSeeks(t, ts, signedIn(t, ts, "bob"))
	bob.send(map[string]any{"type": "seek", "game": "dames", "rated": true, "clock": map[string]any{"days": 2}})
	bob.next("seeking") // another clock: not paired with the seeks below
	g, cookies, tokens := pairDays(t, ts, annCookie, cidCookie, 3)
	names := map[string]string{annCookie: "ann", cidCookie: "cid"}
	if code, _ := yourMove(t, ts, ""); code != http.StatusUnauthorized {
		t.Errorf("a guest's your-move: %d, want 401", code)
	}
	// Dames: seat 0 (white) moves first.
	code, l := yourMove(t, ts, cookies[0])
	if code != http.StatusOK || l.Count != 1 || l.Games[0].ID != g.ID || l.Games[0].Seat != 0 || l.Games[0].Deadline != nil ||
		l.Games[0].PerMoveMS != (3*correspondence.Day).Milliseconds() || l.Games[0].URL != "/g/"+g.ID {
		t.Fatalf("first mover's list: %d %+v", code, l)
	}
	if _, l := yourMove(t, ts, cookies[1]); l.Count != 0 || len(l.Games) != 0 {
		t.Fatalf("second mover's list before the first move: %+v", l)
	}
	firstMove(t, ts, cookies[0], g.ID, tokens[0])
	moved := clock.Now()
	clock.add(30 * time.Hour)
	_, l = yourMove(t, ts, cookies[1])
	if l.Count != 1 || l.Games[0].Seat != 1 || l.Games[0].Deadline == nil || !l.Games[0].Deadline.Equal(moved.Add(3*correspondence.Day)) ||
		*l.Games[0].LeftMS != (42*time.Hour).Milliseconds() || !slices.Equal(l.Games[0].Opponents, []string{names[cookies[0]]}) {
		t.Errorf("second mover's list 30 h after the first move: %+v", l)
	}
	if _, l := yourMove(t, ts, cookies[0]); l.Count != 0 {
		t.Errorf("first mover's list after the move: %+v", l)
	}
}
