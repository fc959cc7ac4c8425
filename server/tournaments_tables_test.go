package server_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/server"
	"plateau/tournament/director"
)

// TestCasualShutBoxEvent runs a casual 3-player Shut the Box arena of one
// minute (on the server's clock, moved on after two games) to its end: the director seats the three players together, their
// games are casual games of three seats bound to their accounts, each game
// scores 2/1/0 by rank, and at the end the standings (with a winner) agree
// with the points recomputed from the stored games' outcomes. A
// multi-player event is refused for a Swiss tournament, a game it is not
// for, and berserk.
func TestCasualShutBoxEvent(t *testing.T) {
	clock := &testClock{now: time.Now()}
	ts := newTestServer(t, func(o *server.Options) { withFastPasswords(o); o.Now = clock.Now })
	names := []string{"ana", "bob", "cyd"}
	bs := make([]*browser, 3)
	for i, n := range names {
		bs[i] = ts.browser(t)
		bs[i].signUp(t, n, "correct horse battery staple 71")
	}
	ev := map[string]any{"kind": "arena", "game": "shutbox", "seats": 3, "clock": map[string]any{"minutes": 3, "increment": 2}, "minutes": 1}
	for _, bad := range []map[string]any{
		{"kind": "swiss", "game": "shutbox", "seats": 3, "clock": map[string]any{"minutes": 3}, "rounds": 3},
		{"kind": "arena", "game": "dames", "seats": 4, "clock": map[string]any{"minutes": 3}, "minutes": 10},
		{"kind": "arena", "game": "intercept", "seats": 3, "clock": map[string]any{"minutes": 3}, "minutes": 10},
		{"kind": "arena", "game": "shutbox", "seats": 3, "berserk": true, "clock": map[string]any{"minutes": 3}, "minutes": 10},
	} {
		if a := bs[1].do(t, "POST", "/api/tournaments", bad); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "invalid") {
			t.Errorf("create %v: %d %s, want 400 invalid", bad, a.status, a.raw)
		}
	}
	a := bs[0].do(t, "POST", "/api/tournaments", ev)
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id, _ := a.body["id"].(string)
	for i, b := range bs {
		if a := b.do(t, "POST", "/api/tournaments/"+id+"/join", nil); a.status != http.StatusOK {
			t.Fatalf("%s joins: %d %s", names[i], a.status, a.raw)
		}
	}
	cookie := "plateau_session=" + bs[0].sessionCookie(t)
	rng := rand.New(rand.NewPCG(71, 3)) // the moves' seed
	deadline := time.Now().Add(60 * time.Second)
	played := map[string]bool{}
	ended := false // the clock moved past the arena's end
	for {
		v := bs[0].do(t, "GET", "/api/tournaments/"+id, nil)
		if st, _ := v.body["standings"].(map[string]any); st["ended"] == true {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the event has not ended after 60 s: %s", v.raw)
		}
		if len(played) == 2 && !ended {
			// The arena's minute passes on the server's clock, not the
			// test's: the game paired next is aborted unstarted, or
			// played to its end if it has begun.
			clock.add(time.Minute)
			ended = true
		}
		gid, tokens := tableSeats(t, bs, id)
		if gid == "" || played[gid] {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		played[gid] = true
		p := joinAs(t, ts, cookie, gid, tokens...) // one connection plays the three seats
		p.rng = rng
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		for !p.over() && p.view.Outcome == nil {
			if err := p.step(ctx); err != nil {
				t.Fatalf("game %s: %v", gid, err)
			}
		}
		cancel()
		p.conn.C.CloseNow()
	}
	if len(played) == 0 {
		t.Fatal("no game played")
	}
	checkTableStandings(t, ts, bs[0], id, played)
}

// tableSeats returns the game the three browsers are seated in together
// and its tokens in seat order, "" if none.
func tableSeats(t *testing.T, bs []*browser, id string) (string, []string) {
	t.Helper()
	gid, tokens := "", make([]string, len(bs))
	for _, b := range bs {
		v := b.do(t, "GET", "/api/tournaments/"+id, nil)
		me, _ := v.body["me"].(map[string]any)
		g, _ := me["game"].(map[string]any)
		u, _ := g["url"].(string)
		q, err := url.Parse(u)
		if u == "" || err != nil {
			return "", nil
		}
		this := strings.TrimPrefix(q.Path, "/g/")
		if gid != "" && this != gid {
			return "", nil
		}
		gid = this
		seat, _ := g["seat"].(float64)
		tokens[int(seat)] = q.Query().Get("token")
	}
	return gid, tokens
}

// checkTableStandings recomputes the event's scores from the stored games
// and compares them with the standings.
func checkTableStandings(t *testing.T, ts *testServer, b *browser, id string, played map[string]bool) {
	t.Helper()
	want := map[string]int{}
	for gid := range played {
		rec, err := ts.Store.Game(context.Background(), gid)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Rated || len(rec.Seats) != 3 {
			t.Fatalf("game %s: rated %v, %d seats: want casual, 3 seats", gid, rec.Rated, len(rec.Seats))
		}
		var o game.Outcome
		if err := json.Unmarshal(rec.Result, &o); err != nil || !o.Over {
			t.Fatalf("game %s: result %s: %v", gid, rec.Result, err)
		}
		pts := director.TablePoints(o)
		if sum := pts[0] + pts[1] + pts[2]; sum != 3 && sum != 2 && sum != 1 {
			t.Errorf("game %s: points %v for %+v (sum %d): want 2/1/0 by rank, places shared", gid, pts, o, sum)
		}
		for i, st := range rec.Seats {
			want[st.Account] += pts[i]
		}
	}
	v := b.do(t, "GET", "/api/tournaments/"+id, nil)
	var view struct {
		Standings director.Standings `json:"standings"`
	}
	if err := json.Unmarshal([]byte(v.raw), &view); err != nil {
		t.Fatal(err)
	}
	if view.Standings.Winner == "" || len(view.Standings.Lines) != 3 || view.Standings.Winner != view.Standings.Lines[0].Account {
		t.Fatalf("standings at the end %+v: want 3 lines and the first the winner", view.Standings)
	}
	for _, l := range view.Standings.Lines {
		if int(l.Score) != want[l.Account] || l.Games != len(played) {
			t.Errorf("%s: score %v in %d games, want %d in %d (recomputed from the stored games)", l.Name, l.Score, l.Games, want[l.Account], len(played))
		}
	}
}
