package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"plateau/ai/level"
	"plateau/fairplay"
	"plateau/games"
	"plateau/rating"
	"plateau/server"
	"plateau/server/accounts"
	"plateau/server/levels"
	"plateau/store"
	"plateau/store/storetest"
)

// ladderElo is a level's Elo over random moves in a game's two-player
// ladder, as published (ai/level/ladder.json).
func ladderElo(t *testing.T, gameID, lv string) float64 {
	t.Helper()
	for _, r := range level.Ratings(gameID) {
		if r.Players == 2 {
			if e, ok := r.Elo[lv]; ok {
				return e
			}
		}
	}
	t.Fatalf("%s: no two-player ladder with the level %s", gameID, lv)
	return 0
}

// levelsOf reads GET /api/levels.
func levelsOf(t *testing.T, url string) levels.List {
	t.Helper()
	resp, err := http.Get(url + "/api/levels")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET /api/levels: %s %s", resp.Status, b)
	}
	var ls levels.List
	if err := json.NewDecoder(resp.Body).Decode(&ls); err != nil {
		t.Fatal(err)
	}
	return ls
}

// levelIn is a level's entry in a game of ls.
func levelIn(ls levels.List, gameID, lv string) (levels.Rating, bool) {
	for _, g := range ls.Games {
		for _, l := range g.Levels {
			if g.Game == gameID && l.Level == lv {
				return l, true
			}
		}
	}
	return levels.Rating{}, false
}

// TestLevelAccounts: the server makes one account a level, "Plateau
// hard", rated in every game at 400 plus its Elo over random moves in the
// published ladder; nobody signs in as it; a second start (another
// instance, a restart) finds them and makes no other.
func TestLevelAccounts(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	ls := levelsOf(t, ts.URL)
	if ls.Anchor != levels.Anchor || levels.Anchor != 400 {
		t.Errorf("anchor %d, want %d = 400", ls.Anchor, levels.Anchor)
	}
	want := []string{"benedictine", "dames", "intercept", "mahbousse", "shutbox"}
	var got []string
	for _, g := range ls.Games {
		got = append(got, g.Game)
		var names []string
		for _, l := range g.Levels {
			names = append(names, l.Level)
			wantRating := int(math.Round(400 + ladderElo(t, g.Game, l.Level)))
			if l.Rating != wantRating || l.RD != levels.RD || l.Games != 0 || l.Account != "Plateau "+l.Level || !l.Provisional {
				t.Errorf("%s %s: %+v; want rating %d (400 + the ladder's Elo), rd %d, 0 games, account %q, provisional",
					g.Game, l.Level, l, wantRating, levels.RD, "Plateau "+l.Level)
			}
		}
		if fmt.Sprint(names) != "[easy medium hard max]" {
			t.Errorf("%s: levels %v, want [easy medium hard max]", g.Game, names)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("games %v, want %v", got, want)
	}
	ctx := context.Background()
	for _, lv := range []string{"easy", "medium", "hard", "max"} {
		a, err := ts.Store.AccountByName(ctx, "plateau "+lv)
		if err != nil || a.ID != "level-"+lv || a.PasswordHash != "" {
			t.Errorf("account of %s: %+v, %v; want id level-%s without a password", lv, a, err, lv)
		}
	}
	b := ts.browser(t)
	for _, pw := range []string{"", "anything at all"} {
		if a := b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: "Plateau hard", Password: pw}); a.status != http.StatusUnauthorized {
			t.Errorf("sign in as Plateau hard with %q: %d %s, want 401", pw, a.status, a.raw)
		}
	}
	if a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "Plateau hard", Password: "a long password 1"}); a.status != http.StatusBadRequest {
		t.Errorf("sign up as Plateau hard: %d %s, want 400", a.status, a.raw)
	}
	// A second server on the same store.
	srv2 := server.New(server.Options{Store: ts.Store, Games: games.Registry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	hs2 := httptest.NewServer(srv2.Handler())
	defer func() { srv2.Close(); hs2.Close() }()
	if ls2 := levelsOf(t, hs2.URL); fmt.Sprint(ls2) != fmt.Sprint(ls) {
		t.Errorf("second start: %+v, want %+v", ls2, ls)
	}
}

// TestLevelAccountsKeepMovedRatings: a start seeds the ratings no game
// moved, and leaves those games moved.
func TestLevelAccountsKeepMovedRatings(t *testing.T) {
	st := openTestStore(t)
	defer st.Close()
	ctx := context.Background()
	moved := rating.Rating{Rating: 1234, RD: 80, Vol: rating.InitialVol}
	// The account and a rating moved by a rated game before the start.
	if err := st.CreateAccount(ctx, &store.Account{ID: "level-hard", Name: "Plateau hard", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	g := storetest.NewGame("before")
	g.Casual, g.Rated = false, true
	if err := st.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	err := st.Append(ctx, "before", []store.Event{{Seq: 1, Kind: "end", Player: -2}}, &store.Update{Status: store.StatusFinished, Result: []byte(`{"over":true}`),
		Rate: &store.Rate{Game: "shutbox", Accounts: []string{"level-hard", "ann"}, Compute: func([]rating.Rating) ([]rating.Rating, error) {
			return []rating.Rating{moved, rating.New()}, nil
		}}})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: st, Games: games.Registry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	hs := httptest.NewServer(srv.Handler())
	defer func() { srv.Close(); hs.Close() }()
	ls := levelsOf(t, hs.URL)
	if l, _ := levelIn(ls, "shutbox", "hard"); l.Rating != 1234 || l.Games != 1 {
		t.Errorf("shutbox hard: %+v, want the rating the game moved, 1234 after 1 game", l)
	}
	if l, _ := levelIn(ls, "dames", "hard"); l.Rating != int(math.Round(400+ladderElo(t, "dames", "hard"))) || l.Games != 0 {
		t.Errorf("dames hard: %+v, want the seed", l)
	}
}

// levelGameAs posts a rated game against a level with a session cookie.
func levelGameAs(t *testing.T, ts *testServer, cookie, body string) (int, string, levels.Game) {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+"/api/levels/games", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out struct {
		levels.Game
		Error struct{ Code string } `json:"error"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("POST /api/levels/games: %s: %s", resp.Status, raw)
	}
	return resp.StatusCode, out.Error.Code, out.Game
}

// TestLevelRatedGame: a signed-in player chooses a rated game against a
// level; both seats are bound to their accounts, the level plays its
// seat, and the end moves both ratings as rating.Game computes them from
// the player's and the level's seeded rating. The level's moves are not
// judged by fair play, the player's are.
func TestLevelRatedGame(t *testing.T) {
	r := fairplay.Rules["dames"]
	human := fakePlay{moves: r.MinMoves, agreed: r.MinMoves / 2, loss: 0.05}
	fr := &planReviewer{plans: [][2]fakePlay{{human, human}}}
	ts := newTestServer(t, func(o *server.Options) { o.Reviewer = fr.review })
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := ts.Store.CreateAccount(ctx, storetest.NewAccount("ann", "Ann")); err != nil {
		t.Fatal(err)
	}
	ck := sessionFor(t, ts, "ann")
	seed := rating.Rating{Rating: 400 + ladderElo(t, "dames", "easy"), RD: levels.RD, Vol: rating.InitialVol}
	code, ecode, lg := levelGameAs(t, ts, ck, `{"game":"dames","level":"easy"}`)
	if code != http.StatusCreated || lg.ID == "" || lg.Token == "" || lg.Level != "easy" || (lg.Seat != 0 && lg.Seat != 1) {
		t.Fatalf("POST /api/levels/games: %d %s %+v", code, ecode, lg)
	}
	rec, err := ts.Store.Game(ctx, lg.ID)
	if err != nil {
		t.Fatal(err)
	}
	lv := 1 - lg.Seat
	if !rec.Rated || rec.Casual || rec.Seats[lg.Seat].Account != "ann" || rec.Seats[lv].Account != "level-easy" ||
		rec.Seats[lv].Kind != store.AI || rec.Seats[lv].Level != "easy" {
		t.Fatalf("the game's record: rated %v, casual %v, seats %+v", rec.Rated, rec.Casual, rec.Seats)
	}
	p := joinAs(t, ts, ck, lg.ID, lg.Token)
	// Two moves each (fewer abort a rated game), then ann resigns on her
	// turn.
	sent := int64(-1)
	for made := 0; made < 2 || p.view.ToMove != lg.Seat; {
		if made < 2 && p.view.ToMove == lg.Seat && p.version != sent && len(p.view.Moves) > 0 {
			if err := p.conn.Send(ctx, map[string]any{"type": "move", "version": p.version, "move": p.view.Moves[0].Notation}); err != nil {
				t.Fatal(err)
			}
			sent = p.version
		}
		m, err := p.conn.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == "event" && m.Version > p.version {
			p.version, p.view = m.Version, m.View
			if m.Event.Kind == "move" && m.Event.Player == lg.Seat {
				made++
			}
		}
	}
	if err := p.conn.Send(ctx, map[string]any{"type": "resign", "seat": lg.Seat}); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p, "end")
	wantLevel, wantAnn, err := rating.Game(seed, rating.New(), 1)
	if err != nil {
		t.Fatal(err)
	}
	ratingOf := func(acc string) store.Rating {
		rs, err := ts.Store.Ratings(ctx, acc)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range rs {
			if x.Game == "dames" {
				return x
			}
		}
		return store.Rating{}
	}
	if got := ratingOf("level-easy"); got.Games != 1 || math.Abs(got.Rating.Rating-wantLevel.Rating) > 1e-6 || math.Abs(got.RD-wantLevel.RD) > 1e-6 {
		t.Errorf("the level's rating after its win: %+v, want %+v after 1 game", got, wantLevel)
	}
	if got := ratingOf("ann"); got.Games != 1 || math.Abs(got.Rating.Rating-wantAnn.Rating) > 1e-6 {
		t.Errorf("ann's rating after her loss: %+v, want %+v", got, wantAnn)
	}
	if l, _ := levelIn(levelsOf(t, ts.URL), "dames", "easy"); l.Rating != int(math.Round(wantLevel.Rating)) || l.Games != 1 {
		t.Errorf("GET /api/levels: dames easy %+v, want %.0f after 1 game", l, wantLevel.Rating)
	}
	waitSample(t, ts, "ann", lg.ID)
	if ss, err := ts.Store.FairPlaySamples(ctx, "level-easy", "dames", time.Time{}, 0); err != nil || len(ss) != 0 {
		t.Errorf("the level's fair-play samples: %+v, %v; want none (a level plays the engine's moves)", ss, err)
	}
}

// TestLevelRatedGameRules: a rated game against a level follows the
// rules of rated games: signed in, two players, a level of the pools,
// not for an account marked by fair play, and at most the pair's rated
// games a day.
func TestLevelRatedGameRules(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Farming.PairGamesPerDay = 2 })
	ctx := context.Background()
	for _, acc := range []string{"ann", "bob"} {
		if err := ts.Store.CreateAccount(ctx, storetest.NewAccount(acc, acc+"_")); err != nil {
			t.Fatal(err)
		}
	}
	ann, bob := sessionFor(t, ts, "ann"), sessionFor(t, ts, "bob")
	if err := ts.Store.MarkFairPlay(ctx, "bob", "dames", "test", time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, cookie, body string
		status             int
		code               string
	}{
		{"signed out", "", `{"game":"dames","level":"easy"}`, http.StatusUnauthorized, "signed_out"},
		{"unknown level", ann, `{"game":"dames","level":"grandmaster"}`, http.StatusBadRequest, "bad_request"},
		{"random is no pool player", ann, `{"game":"dames","level":"random"}`, http.StatusBadRequest, "bad_request"},
		{"unknown game", ann, `{"game":"chess","level":"easy"}`, http.StatusBadRequest, "bad_request"},
		{"four players", ann, `{"game":"intercept","level":"easy","variant":{"players":"4"}}`, http.StatusBadRequest, "bad_request"},
		{"unknown field", ann, `{"game":"dames","level":"easy","rated":false}`, http.StatusBadRequest, "bad_request"},
		{"marked", bob, `{"game":"dames","level":"easy"}`, http.StatusForbidden, "fair_play"},
		{"first", ann, `{"game":"dames","level":"easy"}`, http.StatusCreated, ""},
		{"second", ann, `{"game":"dames","level":"easy","clock":{"minutes":5,"increment":3}}`, http.StatusCreated, ""},
		{"third of the day", ann, `{"game":"shutbox","level":"easy"}`, http.StatusConflict, "pair_limit"},
		{"another level", ann, `{"game":"dames","level":"hard"}`, http.StatusCreated, ""},
	} {
		if code, ecode, _ := levelGameAs(t, ts, c.cookie, c.body); code != c.status || ecode != c.code {
			t.Errorf("%s: %d %q, want %d %q", c.name, code, ecode, c.status, c.code)
		}
	}
}
