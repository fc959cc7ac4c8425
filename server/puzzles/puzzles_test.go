package puzzles_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/puzzle"
	"plateau/server/puzzles"
	"plateau/store"
	"plateau/store/sqlite"
	"plateau/store/storetest"
)

// fixture is a handler over a fresh SQLite store with the seed puzzles
// loaded; a request's account is its X-Account header, its client key its
// X-Client header.
type fixture struct {
	t   *testing.T
	st  store.Store
	h   *puzzles.Handler
	srv *httptest.Server
	now time.Time
}

func newFixture(t *testing.T, limits puzzles.Limits) *fixture {
	return newFixtureSeeded(t, limits, true)
}

// newFixtureSeeded is newFixture, with the seed puzzles loaded or not.
func newFixtureSeeded(t *testing.T, limits puzzles.Limits, seeded bool) *fixture {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := &fixture{t: t, st: st, now: time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC)}
	if seeded {
		if _, err := puzzles.LoadSeed(ctx, st, f.now); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"ana", "bo"} {
		if err := st.CreateAccount(ctx, storetest.NewAccount(name, name)); err != nil {
			t.Fatal(err)
		}
	}
	f.h = puzzles.New(puzzles.Deps{Store: st, Games: games.Registry(), Log: slog.New(slog.DiscardHandler),
		Account: func(r *http.Request) (string, error) { return r.Header.Get("X-Account"), nil },
		Client:  func(r *http.Request) string { return r.Header.Get("X-Client") },
		Page:    func(w http.ResponseWriter, r *http.Request, renderer string) { fmt.Fprintf(w, "page %q", renderer) },
		Now:     func() time.Time { return f.now },
		Rand:    func(int) int { return 0 },
		Limits:  limits,
	})
	t.Cleanup(f.h.Close)
	m := http.NewServeMux()
	f.h.Routes(m)
	f.srv = httptest.NewServer(m)
	t.Cleanup(f.srv.Close)
	return f
}

// do sends a request as account (guest when ""), returning the status and
// the body decoded into out (when not nil).
func (f *fixture) do(method, path, account, body string, out any) int {
	f.t.Helper()
	req, _ := http.NewRequest(method, f.srv.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-Account", account)
	req.Header.Set("X-Client", "c:"+account)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, out); err != nil {
			f.t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

func TestLoadSeedIdempotent(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	ctx := context.Background()
	want := 0
	for _, id := range puzzle.SeedGames() {
		ps, _ := puzzle.Seed(id)
		want += len(ps)
	}
	if n, err := f.st.CountPuzzles(ctx, ""); err != nil || n != want || want < 800 {
		t.Errorf("CountPuzzles after LoadSeed = %d, %v, want %d (> 800)", n, err, want)
	}
	if n, err := puzzles.LoadSeed(ctx, f.st, f.now); err != nil || n != 0 {
		t.Errorf("LoadSeed again = %d, %v, want 0 added", n, err)
	}
}

// seedWith returns a seed puzzle of a game with n solver moves.
func seedWith(t *testing.T, gameID string, n int) puzzle.Puzzle {
	t.Helper()
	ps, err := puzzle.Seed(gameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.SolverMoves() == n {
			return p
		}
	}
	t.Fatalf("no %s seed puzzle with %d solver moves", gameID, n)
	return puzzle.Puzzle{}
}

// wrongMove returns a legal move of p's position that is not its first.
func wrongMove(t *testing.T, p puzzle.Puzzle) string {
	g, _ := games.Registry().Lookup(p.Game)
	s, err := p.State(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range s.Moves(nil) {
		if n := s.FormatMove(m); n != p.Solution[0] {
			return n
		}
	}
	t.Fatalf("puzzle %s: a single legal move", p.ID)
	return ""
}

func attempt(moves []string, extra string) string {
	b, _ := json.Marshal(moves)
	return fmt.Sprintf(`{"moves":%s%s}`, b, extra)
}

func TestAttemptRatesFirstTry(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	p := seedWith(t, "dames", 2)
	path := "/api/puzzles/" + p.ID + "/attempt"
	var a puzzles.AttemptAnswer
	if c := f.do("POST", path, "ana", attempt(p.Solution[:1], ""), &a); c != 200 || !a.Correct || a.Done || a.Reply != p.Solution[1] || a.View == nil || a.Moved == nil || a.Rated != nil || a.Solution != nil {
		t.Fatalf("first move: %d %+v", c, a)
	}
	a = puzzles.AttemptAnswer{}
	if c := f.do("POST", path, "ana", attempt([]string{p.Solution[0], p.Solution[2]}, ""), &a); c != 200 || !a.Done || a.Rated == nil || !a.Rated.First || !a.Rated.Solved {
		t.Fatalf("whole line: %d %+v", c, a)
	}
	if r := a.Rated; r.Player.After <= r.Player.Before || r.Puzzle.After >= r.Puzzle.Before || a.Player == nil || a.Player.Attempts != 1 || a.Player.Solved != 1 {
		t.Errorf("solved: ratings %+v, player %+v: want the player's up, the puzzle's down", r, a.Player)
	}
	solvedAt := a.Player.Rating

	q := seedWith(t, "shutbox", 1)
	a = puzzles.AttemptAnswer{}
	if c := f.do("POST", "/api/puzzles/"+q.ID+"/attempt", "ana", attempt([]string{wrongMove(t, q)}, ""), &a); c != 200 || a.Correct || a.Rated == nil || !a.Rated.First || a.Rated.Solved || len(a.Solution) != len(q.Solution) {
		t.Fatalf("wrong move: %d %+v", c, a)
	}
	if r := a.Rated; r.Player.After >= r.Player.Before || r.Puzzle.After <= r.Puzzle.Before {
		t.Errorf("failed: ratings %+v, want the player's down, the puzzle's up", r)
	}
	// Trying again finds the solution, unrated: the first try counted.
	a = puzzles.AttemptAnswer{}
	if c := f.do("POST", "/api/puzzles/"+q.ID+"/attempt", "ana", attempt(q.Solution[:1], ""), &a); c != 200 || !a.Done || a.Rated == nil || a.Rated.First || a.Rated.Solved {
		t.Errorf("second try: %d %+v, want done and the first (failed) attempt", c, a)
	}
	// The dames record is its own: the shutbox failure left it.
	var ans puzzles.Answer
	if c := f.do("GET", "/api/puzzles/"+p.ID, "ana", "", &ans); c != 200 || ans.Player == nil || ans.Player.Rating != solvedAt || ans.Puzzle.Attempts != 1 {
		t.Errorf("GET the solved puzzle: %d %+v", c, ans)
	}
	// A guest's attempt is checked, not recorded.
	a = puzzles.AttemptAnswer{}
	if c := f.do("POST", path, "", attempt([]string{wrongMove(t, p)}, ""), &a); c != 200 || a.Correct || a.Rated != nil || a.Solution == nil {
		t.Errorf("guest's wrong move: %d %+v", c, a)
	}
}

func TestRevealCountsAsFailed(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	p := seedWith(t, "benedictine", 1)
	var a puzzles.AttemptAnswer
	if c := f.do("POST", "/api/puzzles/"+p.ID+"/attempt", "bo", attempt(nil, `,"reveal":true`), &a); c != 200 || a.Rated == nil || a.Rated.Solved || !a.Rated.First || len(a.Solution) == 0 {
		t.Errorf("reveal: %d %+v", c, a)
	}
}

func TestStreak(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	var ans puzzles.Answer
	for i := range 3 {
		if c := f.do("GET", "/api/puzzles/next?game=shutbox&mode=streak", "ana", "", &ans); c != 200 {
			t.Fatalf("next %d: %d", i, c)
		}
		p := ans.Puzzle
		var sp puzzle.Puzzle
		stored, _ := f.st.Puzzle(context.Background(), p.ID)
		json.Unmarshal(stored.Data, &sp)
		moves := sp.Solution[:1]
		if i == 2 {
			moves = []string{wrongMove(t, sp)}
		}
		var a puzzles.AttemptAnswer
		if c := f.do("POST", "/api/puzzles/"+p.ID+"/attempt", "ana", attempt(moves, `,"mode":"streak"`), &a); c != 200 || a.Rated == nil {
			t.Fatalf("streak attempt %d: %d %+v", i, c, a)
		}
		if a.Rated.Player.After != a.Rated.Player.Before || a.Rated.Puzzle.After != a.Rated.Puzzle.Before {
			t.Errorf("streak attempt %d moved ratings: %+v", i, a.Rated)
		}
		want := []int{1, 2, 0}[i]
		if a.Player.Streak != want || a.Player.BestStreak != 2 && i == 2 {
			t.Errorf("after streak attempt %d: %+v, want streak %d", i, a.Player, want)
		}
	}
}

func TestNextAndDaily(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	var ans puzzles.Answer
	if c := f.do("GET", "/api/puzzles/next?game=dames", "", "", &ans); c != 200 || ans.Puzzle.Game != "dames" || ans.Player != nil || len(ans.Puzzle.View.Moves) < 2 {
		t.Fatalf("next dames for a guest: %d %+v", c, ans)
	}
	first := ans.Puzzle.ID
	if c := f.do("GET", "/api/puzzles/next?game=dames&exclude="+first, "", "", &ans); c != 200 || ans.Puzzle.ID == first {
		t.Errorf("next excluding %s: %d %s", first, c, ans.Puzzle.ID)
	}
	if c := f.do("GET", "/api/puzzles/next?game=dames&rating=2100", "ana", "", &ans); c != 200 || ans.Player == nil || ans.Player.Rating != 1500 {
		t.Errorf("next for ana: %d %+v", c, ans.Player)
	}
	var d1, d2 puzzles.Answer
	if c := f.do("GET", "/api/puzzles/daily", "", "", &d1); c != 200 || d1.Daily != "2026-12-05" {
		t.Fatalf("daily: %d %+v", c, d1)
	}
	if c := f.do("GET", "/api/puzzles/daily", "ana", "", &d2); c != 200 || d2.Puzzle.ID != d1.Puzzle.ID {
		t.Errorf("daily again: %d %s, want %s", c, d2.Puzzle.ID, d1.Puzzle.ID)
	}
}

// TestDailyBeforeTheSeeds: before the seed puzzles are loaded (the
// server loads them in the background as it starts), the daily puzzle is
// answered 200 without a puzzle, not 500 (an error in every page then).
func TestDailyBeforeTheSeeds(t *testing.T) {
	f := newFixtureSeeded(t, puzzles.Limits{}, false)
	var d map[string]any
	if c := f.do("GET", "/api/puzzles/daily", "", "", &d); c != 200 || d["puzzle"] != nil || d["daily"] != "2026-12-05" {
		t.Errorf("daily before the seeds: %d %v, want 200 without a puzzle", c, d)
	}
}

func TestBadRequests(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	p := seedWith(t, "dames", 1)
	path := "/api/puzzles/" + p.ID + "/attempt"
	tests := []struct {
		name, method, path, body string
		want                     int
	}{
		{"no game", "GET", "/api/puzzles/next", "", 400},
		{"unknown game", "GET", "/api/puzzles/next?game=chess", "", 400},
		{"unknown parameter", "GET", "/api/puzzles/next?game=dames&level=3", "", 400},
		{"parameter twice", "GET", "/api/puzzles/next?game=dames&game=dames", "", 400},
		{"bad mode", "GET", "/api/puzzles/next?game=dames&mode=blitz", "", 400},
		{"bad rating", "GET", "/api/puzzles/next?game=dames&rating=NaN", "", 400},
		{"unknown puzzle", "GET", "/api/puzzles/dames-nope", "", 404},
		{"attempt unknown puzzle", "POST", "/api/puzzles/dames-nope/attempt", `{"moves":[]}`, 404},
		{"unknown field", "POST", path, `{"moves":[],"move":"1-2"}`, 400},
		{"field in another case", "POST", path, `{"Moves":[]}`, 400},
		{"duplicate field", "POST", path, `{"moves":[],"moves":[]}`, 400},
		{"not JSON", "POST", path, `moves=1`, 400},
		{"bad mode in body", "POST", path, `{"moves":[],"mode":"blitz"}`, 400},
		{"illegal move", "POST", path, `{"moves":["1-50"]}`, 400},
		{"too many moves", "POST", path, attempt([]string{p.Solution[0], "1-2"}, ""), 400},
		{"empty move", "POST", path, `{"moves":[""]}`, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if c := f.do(tt.method, tt.path, "ana", tt.body, nil); c != tt.want {
				t.Errorf("%s %s %s = %d, want %d", tt.method, tt.path, tt.body, c, tt.want)
			}
		})
	}
	req, _ := http.NewRequest("POST", f.srv.URL+path, strings.NewReader(`{"moves":[]}`))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("attempt without Content-Type = %d, want 415", resp.StatusCode)
	}
}

func TestRateLimit(t *testing.T) {
	f := newFixture(t, puzzles.Limits{PerSecond: 0.001, Burst: 3})
	for i := range 3 {
		if c := f.do("GET", "/api/puzzles/next?game=dames", "", "", nil); c != 200 {
			t.Fatalf("request %d = %d, want 200", i, c)
		}
	}
	if c := f.do("GET", "/api/puzzles/next?game=dames", "", "", nil); c != http.StatusTooManyRequests {
		t.Errorf("request over the burst = %d, want 429", c)
	}
	if c := f.do("GET", "/api/puzzles/next?game=dames", "ana", "", nil); c != 200 {
		t.Errorf("another client's request = %d, want 200", c)
	}
}

func TestPage(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	for path, want := range map[string]string{"/puzzles": `page ""`, "/puzzles/dames": `page "dames"`, "/puzzles/chess": `page ""`} {
		resp, err := http.Get(f.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != want {
			t.Errorf("GET %s = %q, want %q", path, b, want)
		}
	}
}

// TestMineReviewed mines a finished Shut the Box game handed over as
// reviewed: its puzzles reach the store.
func TestMineReviewed(t *testing.T) {
	f := newFixture(t, puzzles.Limits{})
	g, _ := games.Registry().Lookup("shutbox")
	cfg, err := game.NewConfig(g, map[string]string{"players": "2"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	before, _ := f.st.CountPuzzles(ctx, "shutbox")
	for seed := uint64(5001); seed < 5011; seed++ {
		moves, err := puzzle.SelfPlay(ctx, g, cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		f.h.Reviewed(fmt.Sprintf("game-%d", seed), g, cfg, moves)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		stats, added := f.h.Mined()
		n, _ := f.st.CountPuzzles(ctx, "shutbox")
		if stats.Puzzles > 0 && n == before+added && added > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("mining 10 games: %+v, %d added, %d puzzles in the store (%d before)", stats, added, n, before)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
