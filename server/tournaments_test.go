package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"plateau/store"
)

// TestArenaThroughTheAPI: three accounts join an arena created by one of
// them; the director pairs two within seconds in a rated game bound to
// their accounts, each reads its seat's link; an aborted game frees them
// and the one who waited is paired next; the list, the live stream and
// the creation limits answer.
func TestArenaThroughTheAPI(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	guest := ts.browser(t)
	arena := map[string]any{"kind": "arena", "game": "dames", "clock": map[string]any{"minutes": 3, "increment": 2}, "minutes": 30}
	if a := guest.do(t, "POST", "/api/tournaments", arena); a.status != http.StatusUnauthorized {
		t.Fatalf("a guest creates: %d %s, want 401", a.status, a.raw)
	}
	names := []string{"ana", "bob", "cyd"}
	bs := make([]*browser, 3)
	for i, n := range names {
		bs[i] = ts.browser(t)
		bs[i].signUp(t, n, "correct horse battery staple 71")
	}
	if a := bs[0].do(t, "POST", "/api/tournaments", map[string]any{"kind": "knockout", "game": "dames"}); a.status != http.StatusBadRequest {
		t.Errorf("kind knockout: %d %s, want 400", a.status, a.raw)
	}
	a := bs[0].do(t, "POST", "/api/tournaments", arena)
	if a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	id, _ := a.body["id"].(string)
	for i, b := range bs {
		if a := b.do(t, "POST", "/api/tournaments/"+id+"/join", nil); a.status != http.StatusOK {
			t.Fatalf("%s joins: %d %s", names[i], a.status, a.raw)
		}
	}
	paired := waitPaired(t, bs, id, nil)
	if len(paired) != 2 {
		t.Fatalf("%d players paired, want 2", len(paired))
	}
	var first string
	for i, u := range paired {
		q, _ := url.Parse(u)
		first = strings.TrimPrefix(q.Path, "/g/")
		g, err := ts.Store.Game(context.Background(), first)
		if err != nil || !g.Rated || g.Seats[0].Account == "" || g.Seats[1].Account == "" {
			t.Fatalf("%s's game %s: %+v, %v: want rated, bound to accounts", names[i], first, g, err)
		}
	}
	for i, u := range paired { // one resigns before any move: the game is aborted, void in the arena
		q, _ := url.Parse(u)
		seat := 0
		if q.Query().Get("seat") == "1" {
			seat = 1
		}
		resignAs(t, ts, "plateau_session="+bs[i].sessionCookie(t), first, q.Query().Get("token"), seat)
		break
	}
	var waited int
	for i := range bs {
		if _, ok := paired[i]; !ok {
			waited = i
		}
	}
	again := waitPaired(t, bs, id, func(m map[int]string) bool { _, ok := m[waited]; return ok })
	if _, ok := again[waited]; !ok {
		t.Errorf("after the void game, %s (who waited) not paired: %v", names[waited], again)
	}
	if a := guest.do(t, "GET", "/api/tournaments", nil); a.status != http.StatusOK || !strings.Contains(a.raw, `"players":3`) {
		t.Errorf("list: %d %s, want the arena with 3 players", a.status, a.raw)
	}
	liveFirst(t, ts, id)
	for range 2 {
		bs[0].do(t, "POST", "/api/tournaments", arena)
	}
	if a := bs[0].do(t, "POST", "/api/tournaments", arena); a.status != http.StatusTooManyRequests {
		t.Errorf("a fourth tournament in a day: %d %s, want 429", a.status, a.raw)
	}
	if a := bs[1].do(t, "POST", "/api/tournaments/"+id+"/leave", nil); a.status != http.StatusOK {
		t.Errorf("leave: %d %s", a.status, a.raw)
	}
	if a := guest.do(t, "POST", "/api/tournaments/"+id+"/join", nil); a.status != http.StatusUnauthorized {
		t.Errorf("a guest joins: %d %s, want 401", a.status, a.raw)
	}
	if a := guest.do(t, "GET", "/api/tournaments/nope", nil); a.status != http.StatusNotFound {
		t.Errorf("GET an unknown tournament: %d, want 404", a.status)
	}
}

// resignAs makes seat resign in game id, signed in with cookie.
func resignAs(t *testing.T, ts *testServer, cookie, id, tok string, seat int) {
	t.Helper()
	p := joinAs(t, ts, cookie, id, tok)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.conn.Send(ctx, map[string]any{"type": "resign", "seat": seat}); err != nil {
		t.Fatal(err)
	}
	for {
		g, err := ts.Store.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == store.StatusFinished {
			return
		}
		if _, err := p.conn.Next(ctx); err != nil {
			t.Fatalf("waiting for the resignation: %v", err)
		}
	}
}

// waitPaired polls the tournament's view of each browser until done
// (nil: two players have a game) and returns the seat links by browser.
func waitPaired(t *testing.T, bs []*browser, id string, done func(map[int]string) bool) map[int]string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		out := map[int]string{}
		for i, b := range bs {
			a := b.do(t, "GET", "/api/tournaments/"+id, nil)
			me, _ := a.body["me"].(map[string]any)
			if g, ok := me["game"].(map[string]any); ok {
				out[i], _ = g["url"].(string)
			}
		}
		if done == nil && len(out) == 2 || done != nil && done(out) {
			return out
		}
		if time.Now().After(deadline) {
			return out
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// liveFirst reads the first message of the live stream.
func liveFirst(t *testing.T, ts *testServer, id string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/tournaments/"+id+"/live", nil)
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("live: Content-Type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var v struct {
			Status    string `json:"status"`
			Standings struct {
				Lines []struct{ Name string } `json:"lines"`
			} `json:"standings"`
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil || v.Status != store.TournamentRunning || len(v.Standings.Lines) != 3 {
			t.Fatalf("live message %s: %v", line, err)
		}
		return
	}
	t.Fatalf("live: no message: %v", sc.Err())
}
