package server_test

import (
	"context"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"plateau/server"
	"plateau/store"
)

// TestArenaWithLevels: the creator of a Shut the Box arena enters two
// computer levels, each its own player, and joins; a human-driven client
// plays the games it is paired in, the levels play theirs (and one
// against the other) through the AI seats, and the games count: every
// line of the standings has games, and the stored games are rated with
// the levels' seats AI seats bound to their accounts. Only the creator
// enters levels, and only levels of the rating pools.
func TestArenaWithLevels(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	ana, bob, id := arenaOfTwo(t, ts, "shutbox")
	for _, c := range []struct {
		b    *browser
		want bool
	}{{ana, true}, {bob, false}} {
		me, _ := c.b.do(t, "GET", "/api/tournaments/"+id, nil).body["me"].(map[string]any)
		if creator, _ := me["creator"].(bool); me == nil || creator != c.want {
			t.Errorf("me %v, want creator %v", me, c.want)
		}
	}
	if a := bob.do(t, "POST", "/api/tournaments/"+id+"/levels", map[string]any{"level": "easy"}); a.status != http.StatusForbidden {
		t.Errorf("bob (not the creator) enters a level: %d %s, want 403", a.status, a.raw)
	}
	if a := ana.do(t, "POST", "/api/tournaments/"+id+"/levels", map[string]any{"level": "grandmaster"}); a.status != http.StatusBadRequest {
		t.Errorf("an unknown level: %d %s, want 400", a.status, a.raw)
	}
	for _, lv := range []string{"easy", "medium"} {
		if a := ana.do(t, "POST", "/api/tournaments/"+id+"/levels", map[string]any{"level": lv}); a.status != http.StatusOK {
			t.Fatalf("enter %s: %d %s", lv, a.status, a.raw)
		}
	}
	if a := ana.do(t, "POST", "/api/tournaments/"+id+"/join", nil); a.status != http.StatusOK {
		t.Fatalf("ana joins: %d %s", a.status, a.raw)
	}
	cookie := "plateau_session=" + ana.sessionCookie(t)
	deadline := time.Now().Add(90 * time.Second)
	played := map[string]bool{}
	for {
		lines := standingLines(t, ana, id)
		if len(lines) == 3 && lines["ana"] >= 1 && lines["Plateau easy"] >= 1 && lines["Plateau medium"] >= 1 &&
			lines["Plateau easy"]+lines["Plateau medium"] > lines["ana"] {
			break // the levels played each other too
		}
		if time.Now().After(deadline) {
			t.Fatalf("games counted by player %v after 90 s; want each at least 1 and a game between the levels", lines)
		}
		v := ana.do(t, "GET", "/api/tournaments/"+id, nil)
		me, _ := v.body["me"].(map[string]any)
		g, _ := me["game"].(map[string]any)
		u, _ := g["url"].(string)
		if q, err := url.Parse(u); u != "" && err == nil && !played[q.Path] {
			played[q.Path] = true
			playOut(t, ts, cookie, strings.TrimPrefix(q.Path, "/g/"), q.Query().Get("token"))
			continue
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(played) == 0 {
		t.Fatal("ana played no game")
	}
	gs := ana.do(t, "GET", "/api/tournaments/"+id, nil)
	list, _ := gs.body["games"].([]any)
	levelSeats := 0
	for _, x := range list {
		gid, _ := x.(map[string]any)["id"].(string)
		rec, err := ts.Store.Game(context.Background(), gid)
		if err != nil || !rec.Rated {
			t.Fatalf("game %s: %+v, %v: want a rated game", gid, rec, err)
		}
		for _, st := range rec.Seats {
			if st.Kind == store.AI {
				levelSeats++
				if st.Account != "level-"+st.Level {
					t.Errorf("game %s: AI seat %+v not bound to its level's account", gid, st)
				}
			}
		}
	}
	if levelSeats == 0 {
		t.Errorf("no AI seat in the tournament's games %v", list)
	}
}

// standingLines returns the games counted of each player of the
// tournament's standings, by name.
func standingLines(t *testing.T, b *browser, id string) map[string]int {
	t.Helper()
	v := b.do(t, "GET", "/api/tournaments/"+id, nil)
	st, _ := v.body["standings"].(map[string]any)
	lines, _ := st["lines"].([]any)
	out := map[string]int{}
	for _, l := range lines {
		m, _ := l.(map[string]any)
		name, _ := m["name"].(string)
		n, _ := m["games"].(float64)
		out[name] = int(n)
	}
	return out
}

// playOut plays the seat of token in game id with random moves, signed in
// with cookie, until the game ends.
func playOut(t *testing.T, ts *testServer, cookie, id, token string) {
	t.Helper()
	p := joinAs(t, ts, cookie, id, token)
	p.rng = rand.New(rand.NewPCG(71, uint64(len(id)))) // a fixed seed
	defer p.conn.C.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for !p.over() && p.view.Outcome == nil {
		if err := p.step(ctx); err != nil {
			t.Fatalf("game %s: %v", id, err)
		}
	}
}

// TestWithdrawLevel: the creator withdraws a computer level it entered
// (its line stays, marked left) and may enter it again; nobody else may,
// and a level not in the tournament cannot be withdrawn.
func TestWithdrawLevel(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	ana, bob, id := arenaOfTwo(t, ts, "shutbox")
	left := func() map[string]bool {
		v := ana.do(t, "GET", "/api/tournaments/"+id, nil)
		st, _ := v.body["standings"].(map[string]any)
		lines, _ := st["lines"].([]any)
		out := map[string]bool{}
		for _, l := range lines {
			m, _ := l.(map[string]any)
			name, _ := m["name"].(string)
			out[name], _ = m["left"].(bool)
		}
		return out
	}
	steps := []struct {
		who    *browser
		method string
		path   string
		status int
		left   map[string]bool // the standings after the step, by name: left or not
	}{
		{ana, "DELETE", "/levels/easy", http.StatusConflict, map[string]bool{}}, // not entered
		{ana, "POST", "/levels", http.StatusOK, map[string]bool{"Plateau easy": false}},
		{bob, "DELETE", "/levels/easy", http.StatusForbidden, map[string]bool{"Plateau easy": false}},
		{ana, "DELETE", "/levels/grandmaster", http.StatusBadRequest, map[string]bool{"Plateau easy": false}},
		{ana, "DELETE", "/levels/easy", http.StatusOK, map[string]bool{"Plateau easy": true}},
		{ana, "DELETE", "/levels/easy", http.StatusConflict, map[string]bool{"Plateau easy": true}}, // withdrawn already
		{ana, "POST", "/levels", http.StatusOK, map[string]bool{"Plateau easy": false}},             // entered again
	}
	for i, s := range steps {
		var body any
		if s.method == "POST" {
			body = map[string]any{"level": "easy"}
		}
		if a := s.who.do(t, s.method, "/api/tournaments/"+id+s.path, body); a.status != s.status {
			t.Fatalf("step %d, %s %s: %d %s, want %d", i, s.method, s.path, a.status, a.raw, s.status)
		}
		if got := left(); !maps.Equal(got, s.left) {
			t.Fatalf("step %d, %s %s: standings' left marks %v, want %v", i, s.method, s.path, got, s.left)
		}
	}
}

// TestArenaPairLimit: the farming limit of rated games between two
// accounts a day holds in tournaments too. Two accounts alone in an arena
// are paired again and again; past PairGamesPerDay their games are
// unrated (they still count for the tournament's points).
func TestArenaPairLimit(t *testing.T) {
	ts, _ := farmServer(t, server.FarmingLimits{PairGamesPerDay: 2, SeeksPerMinute: -1})
	ana, bob, id := arenaOfTwo(t, ts, "dames")
	for _, b := range []*browser{ana, bob} {
		if a := b.do(t, "POST", "/api/tournaments/"+id+"/join", nil); a.status != http.StatusOK {
			t.Fatalf("join: %d %s", a.status, a.raw)
		}
	}
	cookie := "plateau_session=" + ana.sessionCookie(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var rated []bool
	for seen := map[string]bool{}; len(rated) < 3; {
		if ctx.Err() != nil {
			t.Fatalf("%d games paired within a minute, want 3", len(rated))
		}
		me, _ := ana.do(t, "GET", "/api/tournaments/"+id, nil).body["me"].(map[string]any)
		g, _ := me["game"].(map[string]any)
		u, _ := g["url"].(string)
		q, err := url.Parse(u)
		if u == "" || err != nil || seen[q.Path] {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		seen[q.Path] = true
		gid := strings.TrimPrefix(q.Path, "/g/")
		rec, err := ts.Store.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		rated = append(rated, rec.Rated)
		p := joinAs(t, ts, cookie, gid, q.Query().Get("token"))
		if err := p.conn.SendRaw(ctx, []byte(`{"type":"resign"}`)); err != nil {
			t.Fatal(err)
		}
		waitEvent(ctx, t, p, "end")
		p.conn.C.CloseNow()
	}
	if want := []bool{true, true, false}; !slices.Equal(rated, want) {
		t.Errorf("the arena's games of ana and bob rated %v, want %v (2 rated games a day for a pair)", rated, want)
	}
}

// arenaOfTwo signs up ana and bob on ts; ana creates a 30-minute arena of
// game, whose id it returns.
func arenaOfTwo(t *testing.T, ts *testServer, game string) (ana, bob *browser, id string) {
	t.Helper()
	ana, bob = ts.browser(t), ts.browser(t)
	ana.signUp(t, "ana", "correct horse battery staple 71")
	bob.signUp(t, "bob", "correct horse battery staple 71")
	a := ana.do(t, "POST", "/api/tournaments", map[string]any{"kind": "arena", "game": game, "clock": map[string]any{"minutes": 3, "increment": 2}, "minutes": 30})
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id, _ = a.body["id"].(string)
	return ana, bob, id
}
