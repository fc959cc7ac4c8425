package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/fairplay"
	"plateau/game"
	"plateau/review"
	"plateau/server"
	"plateau/server/moderation"
)

// fakePlay is what a fake review says of one seat in a game: moves counted
// moves, agreed of them the engine's best, each losing loss.
type fakePlay struct {
	moves, agreed int
	loss          float64
}

// planReviewer reviews the i-th game it is given by plans[i], by seat.
type planReviewer struct {
	mu    sync.Mutex
	plans [][2]fakePlay
	calls int
	asked []review.Options // the options of each review
}

func (f *planReviewer) review(ctx context.Context, g game.Game, cfg game.Config, moves []string, o review.Options) (review.Report, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.calls >= len(f.plans) {
		return review.Report{}, fmt.Errorf("review %d: no plan", f.calls)
	}
	plan := f.plans[f.calls]
	f.calls++
	f.asked = append(f.asked, o)
	rep := review.Report{Game: g.ID(), Players: 2}
	opening := fairplay.Rules[g.ID()].Opening
	for seat, p := range plan {
		for i := range opening + p.moves {
			m := review.Move{Player: seat, Move: "a", Best: "a", Before: 0.5}
			if i >= opening && i-opening >= p.agreed {
				m.Best = "b"
			}
			if i >= opening {
				m.Loss, m.After = p.loss, 0.5-p.loss
			}
			rep.Moves = append(rep.Moves, m)
		}
	}
	return rep, nil
}

// playRated plays a rated dames game between ann and bob, two moves each
// (a game aborted before would not be rated), and bob resigns.
func playRated(t *testing.T, ts *testServer) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"ann", "bob"})
	p := [2]*player{joinAs(t, ts, ck[0], id, tok[0]), joinAs(t, ts, ck[1], id, tok[1])}
	for i, mv := range []string{"31-27", "20-24", "36-31", "15-20"} {
		me := p[i%2]
		msg := fmt.Sprintf(`{"type":"move","version":%d,"move":%q}`, me.version, mv)
		if err := me.conn.SendRaw(ctx, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		waitEvent(ctx, t, p[0], "move")
		waitEvent(ctx, t, p[1], "move")
	}
	if err := p[1].conn.SendRaw(ctx, []byte(`{"type":"resign","seat":1}`)); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p[0], "end")
	return id
}

// waitSample waits for the fair-play sample of an account in a game.
func waitSample(t *testing.T, ts *testServer, account, gameID string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; {
		ss, err := ts.Store.FairPlaySamples(context.Background(), account, "dames", time.Time{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ss {
			if s.GameID == gameID {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no fair-play sample of %s in game %s: %+v", account, gameID, ss)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// do sends a request with a cookie and returns its status and error code.
func do(t *testing.T, ts *testServer, method, path, cookie, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e.Error.Code
}

// TestFairPlayMarks: after a rated game whose review shows one side
// playing the engine's moves, that account is marked and refused rated
// games and seeks (unrated ones stay open) until a moderator clears it;
// the other side is not marked; once cleared, only the games since count,
// and the account is marked again once they are enough.
func TestFairPlayMarks(t *testing.T) {
	r := fairplay.Rules["dames"]
	engine := fakePlay{moves: r.MinMoves + 10, agreed: r.MinMoves + 10}
	human := fakePlay{moves: r.MinMoves + 10, agreed: (r.MinMoves + 10) / 2, loss: 0.05}
	half := fakePlay{moves: r.MinMoves/2 + 1, agreed: r.MinMoves/2 + 1}
	fr := &planReviewer{plans: [][2]fakePlay{{engine, human}, {half, human}, {half, human}}}
	var mu sync.Mutex
	clock := time.Now()
	ts := newTestServer(t, func(o *server.Options) {
		o.Reviewer, o.Moderators = fr.review, []string{"Mod"}
		o.Now = func() time.Time { // a second a reading: every sample and clearing at its own time
			mu.Lock()
			defer mu.Unlock()
			clock = clock.Add(time.Second)
			return clock
		}
	})
	ctx := context.Background()
	marked := func(account string) bool {
		t.Helper()
		st, err := ts.Store.FairPlayStatus(ctx, account)
		if err != nil {
			t.Fatal(err)
		}
		return st.Marked
	}
	g1 := playRated(t, ts)
	waitSample(t, ts, "bob", g1) // ann's is judged before bob's is stored
	if !marked("ann") {
		t.Fatal("ann, who played the engine's moves, is not marked")
	}
	ann, mod, bob := sessionFor(t, ts, "ann"), signedIn(t, ts, "Mod"), sessionFor(t, ts, "bob")

	// Rated games come from seeks only (farming.go): a marked account's
	// rated seek is refused, its casual games and seeks are not.
	if code, _ := do(t, ts, "POST", "/api/games", ann, `{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}]}`); code != http.StatusCreated {
		t.Errorf("a marked account's casual game: %d, want 201", code)
	}
	lc := dialSeeks(t, ts, ann)
	lc.send(map[string]any{"type": "seek", "game": "dames", "rated": true})
	if m := lc.next("error", "seeking"); m.Type != "error" || m.Code != "fair_play" {
		t.Errorf("a marked account's rated seek: %+v, want error fair_play", m)
	}
	lc.send(map[string]any{"type": "seek", "game": "dames"})
	if m := lc.next("error", "seeking"); m.Type != "seeking" {
		t.Errorf("a marked account's casual seek: %+v, want seeking", m)
	}

	for _, c := range []struct{ who, cookie string }{{"a guest", ""}, {"bob, no moderator", bob}} {
		if code, _ := do(t, ts, "GET", "/api/mod/accounts", c.cookie, ""); code != http.StatusForbidden {
			t.Errorf("GET /api/mod/accounts by %s: %d, want 403", c.who, code)
		}
		if code, _ := do(t, ts, "POST", "/api/mod/accounts/player_ann/clear", c.cookie, ""); code != http.StatusForbidden {
			t.Errorf("clear by %s: %d, want 403", c.who, code)
		}
		if code, _ := do(t, ts, "GET", "/mod", c.cookie, ""); code != http.StatusForbidden {
			t.Errorf("GET /mod by %s: %d, want 403", c.who, code)
		}
	}
	list := modAccounts(t, ts, mod)
	if len(list.Accounts) != 1 || list.Accounts[0].Name != "player_ann" || !list.Accounts[0].Marked || list.Accounts[0].Statistics.Moves != engine.moves {
		t.Fatalf("GET /api/mod/accounts: %+v, want player_ann marked with %d moves", list.Accounts, engine.moves)
	}
	if code, _ := do(t, ts, "GET", "/mod", mod, ""); code != http.StatusOK {
		t.Errorf("GET /mod by the moderator: %d", code)
	}
	if code, _ := do(t, ts, "POST", "/api/mod/accounts/player_ann/clear", mod, ""); code != http.StatusOK {
		t.Fatalf("clear: %d", code)
	}
	if code, ec := do(t, ts, "POST", "/api/mod/accounts/player_ann/clear", mod, ""); code != http.StatusConflict || ec != "not_marked" {
		t.Errorf("clearing again: %d %s, want 409 not_marked", code, ec)
	}
	if code, ec := do(t, ts, "POST", "/api/mod/accounts/nobody/clear", mod, ""); code != http.StatusNotFound {
		t.Errorf("clearing no account: %d %s, want 404", code, ec)
	}
	lc.send(map[string]any{"type": "cancel"})
	lc.send(map[string]any{"type": "seek", "game": "dames", "rated": true})
	if m := lc.next("error", "seeking"); m.Type != "seeking" {
		t.Errorf("a cleared account's rated seek: %+v, want seeking", m)
	}
	list = modAccounts(t, ts, mod)
	if len(list.Accounts) != 1 || list.Accounts[0].Marked || list.Accounts[0].ClearedBy != "Mod" || list.Accounts[0].Statistics.Moves != 0 {
		t.Errorf("after the clearing: %+v, want player_ann cleared by Mod, no move since", list.Accounts)
	}

	// Cleared, ann plays on like the engine: the games before the
	// clearing no longer count, so one game of half the moves needed
	// does not mark her, the second does.
	g2 := playRated(t, ts)
	waitSample(t, ts, "bob", g2)
	if marked("ann") {
		t.Error("ann is marked again after one game of too few moves since her clearing")
	}
	g3 := playRated(t, ts)
	waitSample(t, ts, "bob", g3)
	if !marked("ann") {
		t.Error("ann is not marked again after enough engine moves since her clearing")
	}
	if marked("bob") {
		t.Error("bob, who played like a person, is marked")
	}
	fr.mu.Lock()
	defer fr.mu.Unlock()
	for i, o := range fr.asked {
		if o.Level != r.Reviewer || o.Budget != server.DefaultFairPlayBudget || o.Worker == nil {
			t.Errorf("review %d: level %q, budget %v, worker set %v; want %q, %v, the AI workers'", i, o.Level, o.Budget, o.Worker != nil, r.Reviewer, server.DefaultFairPlayBudget)
		}
	}
}

func modAccounts(t *testing.T, ts *testServer, cookie string) moderation.ModAccounts {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+"/api/mod/accounts", nil)
	req.Header.Set("Cookie", cookie)
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out moderation.ModAccounts
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&out) != nil {
		t.Fatalf("GET /api/mod/accounts: %d", resp.StatusCode)
	}
	return out
}
