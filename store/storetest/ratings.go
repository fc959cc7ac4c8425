package storetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"plateau/rating"
	"plateau/store"
)

// ratedGame creates a rated game between two accounts' seats.
func ratedGame(t *testing.T, s store.Store, id string) {
	t.Helper()
	g := NewGame(id)
	g.Casual, g.Rated = false, true
	g.Seats[1] = store.Seat{Kind: store.Human, TokenHash: g.Seats[0].TokenHash}
	mustCreate(t, s, g)
}

// endRated appends the end of a rated game won by the first account.
func endRated(ctx context.Context, s store.Store, id string, seq int64, accounts ...string) error {
	return s.Append(ctx, id, []store.Event{{Seq: seq, Kind: "end", Player: -2}}, &store.Update{
		Status: store.StatusFinished, Result: []byte(`{"over":true}`),
		Rate: &store.Rate{Game: "shutbox", Accounts: accounts, Compute: winFirst},
	})
}

// winFirst is a Rate.Compute: the first account beat the second.
func winFirst(before []rating.Rating) ([]rating.Rating, error) {
	if len(before) != 2 {
		return nil, fmt.Errorf("%d ratings, want 2", len(before))
	}
	a, b, err := rating.Game(before[0], before[1], 1)
	return []rating.Rating{a, b}, err
}

func sameRating(a, b rating.Rating) bool {
	return math.Abs(a.Rating-b.Rating) < 1e-9 && math.Abs(a.RD-b.RD) < 1e-9 && math.Abs(a.Vol-b.Vol) < 1e-12
}

func testRatedFlag(t *testing.T, s store.Store) {
	ctx := context.Background()
	ratedGame(t, s, "rated1")
	mustCreate(t, s, NewGame("casual1"))
	for id, want := range map[string]bool{"rated1": true, "casual1": false} {
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Rated != want {
			t.Errorf("game %s: Rated %v, want %v", id, g.Rated, want)
		}
	}
}

func testRateOnEnd(t *testing.T, s store.Store) {
	ctx := context.Background()
	ratedGame(t, s, "r1")
	ratedGame(t, s, "r2")
	if err := endRated(ctx, s, "r1", 1, "alice", "bob"); err != nil {
		t.Fatalf("end of r1: %v", err)
	}
	a1, b1, _ := rating.Game(rating.New(), rating.New(), 1)
	// bob wins the second game: the update starts from the first's.
	if err := endRated(ctx, s, "r2", 1, "bob", "alice"); err != nil {
		t.Fatalf("end of r2: %v", err)
	}
	b2, a2, _ := rating.Game(b1, a1, 1)
	for acc, want := range map[string][]rating.Rating{"alice": {a1, a2}, "bob": {b1, b2}} {
		rs, err := s.Ratings(ctx, acc)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 1 || rs[0].Game != "shutbox" || rs[0].Account != acc || rs[0].Games != 2 || !sameRating(rs[0].Rating, want[1]) {
			t.Errorf("Ratings(%s) = %+v, want shutbox %+v after 2 games", acc, rs, want[1])
		}
		if len(rs) == 1 && rs[0].Updated.IsZero() {
			t.Errorf("Ratings(%s): no update time", acc)
		}
		h, err := s.RatingHistory(ctx, acc, "shutbox")
		if err != nil {
			t.Fatal(err)
		}
		if len(h) != 2 || h[0].GameID != "r1" || h[1].GameID != "r2" || !sameRating(h[0].Before, rating.New()) ||
			!sameRating(h[0].After, want[0]) || !sameRating(h[1].Before, want[0]) || !sameRating(h[1].After, want[1]) {
			t.Errorf("RatingHistory(%s) = %+v, want r1 from new to %+v then r2 to %+v", acc, h, want[0], want[1])
		}
	}
	if rs, err := s.Ratings(ctx, "carol"); err != nil || len(rs) != 0 {
		t.Errorf("Ratings(carol) = %+v, %v; want none", rs, err)
	}
	if h, err := s.RatingHistory(ctx, "alice", "dames"); err != nil || len(h) != 0 {
		t.Errorf("RatingHistory(alice, dames) = %+v, %v; want none", h, err)
	}
}

// testRateAtomic: a rated end that is not appended changes no rating, and
// a rating computation that fails appends nothing.
func testRateAtomic(t *testing.T, s store.Store) {
	ctx := context.Background()
	ratedGame(t, s, "r1")
	if err := endRated(ctx, s, "r1", 5, "alice", "bob"); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("end at a wrong seq: %v, want ErrConflict", err)
	}
	boom := errors.New("boom")
	err := s.Append(ctx, "r1", []store.Event{{Seq: 1, Kind: "end", Player: -2}}, &store.Update{Status: store.StatusFinished,
		Rate: &store.Rate{Game: "shutbox", Accounts: []string{"alice", "bob"}, Compute: func([]rating.Rating) ([]rating.Rating, error) { return nil, boom }}})
	if !errors.Is(err, boom) {
		t.Fatalf("end with a failing computation: %v, want it wrapped", err)
	}
	g, err := s.Game(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Version != 0 || g.Status != store.StatusOpen {
		t.Errorf("after a failed rating: version %d, status %s; want 0, open", g.Version, g.Status)
	}
	for _, acc := range []string{"alice", "bob"} {
		if rs, err := s.Ratings(ctx, acc); err != nil || len(rs) != 0 {
			t.Errorf("Ratings(%s) = %+v, %v; want none", acc, rs, err)
		}
		if h, err := s.RatingHistory(ctx, acc, "shutbox"); err != nil || len(h) != 0 {
			t.Errorf("RatingHistory(%s) = %+v, %v; want none", acc, h, err)
		}
	}
}

// testConcurrentRate: games ending at once with the same account each
// update its rating from the one before (none is lost).
func testConcurrentRate(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 6
	for i := range n {
		ratedGame(t, s, fmt.Sprintf("c%d", i))
	}
	errs := race(n, func(i int) error {
		return endRated(ctx, s, fmt.Sprintf("c%d", i), 1, "alice", fmt.Sprintf("opp%d", i))
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("end of c%d: %v", i, err)
		}
	}
	h, err := s.RatingHistory(ctx, "alice", "shutbox")
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != n {
		t.Fatalf("%d history rows, want %d", len(h), n)
	}
	// Each game started from the rating another left (or a new one): the
	// chain of before/after holds in commit order.
	seen := map[rating.Rating]bool{rating.New(): true}
	for _, c := range h {
		seen[c.After] = true
	}
	starts := 0
	for _, c := range h {
		if !seen[c.Before] {
			t.Errorf("game %s started from %+v, which no game left", c.GameID, c.Before)
		}
		if sameRating(c.Before, rating.New()) {
			starts++
		}
	}
	if starts != 1 {
		t.Errorf("%d games started from a new rating, want 1", starts)
	}
	rs, err := s.Ratings(ctx, "alice")
	if err != nil || len(rs) != 1 || rs[0].Games != n {
		t.Errorf("Ratings(alice) = %+v, %v; want %d games", rs, err, n)
	}
}

func testLeaderboard(t *testing.T, s store.Store) {
	ctx := context.Background()
	// ann beats bob 3 times, cid beats dan once: ann first, then cid, ...
	mustCreateAccount(t, s, NewAccount("ann", "Ann_A"))
	for i := range 3 {
		id := fmt.Sprintf("ab%d", i)
		ratedGame(t, s, id)
		if err := endRated(ctx, s, id, 1, "ann", "bob"); err != nil {
			t.Fatal(err)
		}
	}
	ratedGame(t, s, "cd")
	if err := endRated(ctx, s, "cd", 1, "cid", "dan"); err != nil {
		t.Fatal(err)
	}
	names := func(rs []store.Rating) []string {
		var ns []string
		for _, r := range rs {
			ns = append(ns, r.Account)
		}
		return ns
	}
	for _, c := range []struct {
		b    store.Board
		want []string
	}{
		{store.Board{Game: "shutbox"}, []string{"ann", "cid", "dan", "bob"}},
		{store.Board{Game: "shutbox", Limit: 2}, []string{"ann", "cid"}},
		{store.Board{Game: "dames"}, nil},
		{store.Board{Game: "shutbox", MinGames: 2}, []string{"ann", "bob"}},
		{store.Board{Game: "shutbox", MinGames: 4}, nil},
	} {
		rs, err := s.Leaderboard(ctx, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(names(rs)) != fmt.Sprint(c.want) {
			t.Errorf("Leaderboard(%+v) = %v, want %v", c.b, names(rs), c.want)
		}
	}
	if rs, _ := s.Leaderboard(ctx, store.Board{Game: "shutbox", Limit: 1}); len(rs) != 1 || rs[0].Name != "Ann_A" {
		t.Errorf("Leaderboard's first = %+v, want ann named Ann_A", rs)
	}
	if rs, _ := s.Ratings(ctx, "ann"); len(rs) != 1 || rs[0].Name != "Ann_A" {
		t.Errorf("Ratings(ann) = %+v, want one named Ann_A", rs)
	}
	// A deviation bound keeps those who played more (three games: lower RD).
	all, _ := s.Leaderboard(ctx, store.Board{Game: "shutbox"})
	var rdAnn, rdCid float64
	for _, r := range all {
		switch r.Account {
		case "ann":
			rdAnn = r.RD
		case "cid":
			rdCid = r.RD
		}
	}
	if !(rdAnn < rdCid) {
		t.Fatalf("RD of ann %v not below cid's %v after more games", rdAnn, rdCid)
	}
	rs, err := s.Leaderboard(ctx, store.Board{Game: "shutbox", MaxRD: (rdAnn + rdCid) / 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(rs); fmt.Sprint(got) != "[ann bob]" {
		t.Errorf("Leaderboard with MaxRD between = %v, want [ann bob]", got)
	}
}

func testRatedPairings(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, id := range []string{"ann", "bob", "cid"} {
		mustCreateAccount(t, s, NewAccount(id, id))
	}
	t0 := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	game := func(id string, rated bool, at time.Time, a, b string) {
		g := NewGame(id)
		g.Casual, g.Rated, g.Created, g.Updated = !rated, rated, at, at
		g.Seats[0].Account = a
		g.Seats[1] = store.Seat{Kind: store.Human, TokenHash: g.Seats[0].TokenHash, Account: b}
		mustCreate(t, s, g)
	}
	game("ab-old", true, t0.Add(-25*time.Hour), "ann", "bob")
	game("ab", true, t0, "ann", "bob")
	game("ba", true, t0.Add(time.Hour), "bob", "ann")
	game("ab-casual", false, t0.Add(time.Hour), "ann", "bob")
	game("ac", true, t0.Add(time.Hour), "ann", "cid")
	for _, c := range []struct {
		a, b  string
		since time.Time
		want  int
	}{
		{"ann", "bob", t0.Add(-time.Hour), 2},
		{"bob", "ann", t0.Add(-time.Hour), 2},
		{"ann", "bob", t0, 2}, // at since counts
		{"ann", "bob", t0.Add(time.Minute), 1},
		{"ann", "bob", t0.Add(-26 * time.Hour), 3},
		{"ann", "cid", t0.Add(-time.Hour), 1},
		{"bob", "cid", t0.Add(-time.Hour), 0},
		{"ann", "nobody", t0.Add(-time.Hour), 0},
	} {
		n, err := s.RatedPairings(ctx, c.a, c.b, c.since)
		if err != nil || n != c.want {
			t.Errorf("RatedPairings(%s, %s, %s) = %d, %v; want %d", c.a, c.b, c.since, n, err, c.want)
		}
	}
}

// testSeedRating: a seeded rating is stored when the account has none, or
// none moved by games, listed with 0 games, and the start of the first
// rated game; once a game moved it, a seed leaves it.
func testSeedRating(t *testing.T, s store.Store) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	seed := rating.Rating{Rating: 1900, RD: 150, Vol: rating.InitialVol}
	if ok, err := s.SeedRating(ctx, "level", "shutbox", seed, now); err != nil || !ok {
		t.Fatalf("first seed: %v, %v; want stored", ok, err)
	}
	again := rating.Rating{Rating: 1950, RD: 150, Vol: rating.InitialVol}
	if ok, err := s.SeedRating(ctx, "level", "shutbox", again, now); err != nil || !ok {
		t.Fatalf("seed of a rating no game moved: %v, %v; want stored", ok, err)
	}
	rs, err := s.Ratings(ctx, "level")
	if err != nil || len(rs) != 1 || rs[0].Game != "shutbox" || rs[0].Games != 0 || !sameRating(rs[0].Rating, again) {
		t.Fatalf("Ratings(level) after the seeds = %+v, %v; want shutbox %+v, 0 games", rs, err, again)
	}
	if b, err := s.Leaderboard(ctx, store.Board{Game: "shutbox"}); err != nil || len(b) != 0 {
		t.Errorf("Leaderboard(shutbox) = %+v, %v; want none before a rated game", b, err)
	}
	// A rated game starts from the seed.
	ratedGame(t, s, "seeded")
	if err := endRated(ctx, s, "seeded", 1, "alice", "level"); err != nil {
		t.Fatal(err)
	}
	wantAlice, wantLevel, _ := rating.Game(rating.New(), again, 1)
	rs, err = s.Ratings(ctx, "level")
	if err != nil || len(rs) != 1 || rs[0].Games != 1 || !sameRating(rs[0].Rating, wantLevel) {
		t.Fatalf("Ratings(level) after a loss = %+v, %v; want %+v, 1 game", rs, err, wantLevel)
	}
	if rs, err := s.Ratings(ctx, "alice"); err != nil || len(rs) != 1 || !sameRating(rs[0].Rating, wantAlice) {
		t.Errorf("Ratings(alice) = %+v, %v; want %+v", rs, err, wantAlice)
	}
	if b, err := s.Leaderboard(ctx, store.Board{Game: "shutbox"}); err != nil || len(b) != 2 {
		t.Errorf("Leaderboard(shutbox) = %+v, %v; want alice and the level", b, err)
	}
	// The game moved it: a seed leaves it.
	if ok, err := s.SeedRating(ctx, "level", "shutbox", seed, now); err != nil || ok {
		t.Errorf("seed of a rating a game moved: %v, %v; want left", ok, err)
	}
	if rs, _ := s.Ratings(ctx, "level"); len(rs) != 1 || rs[0].Games != 1 || !sameRating(rs[0].Rating, wantLevel) {
		t.Errorf("Ratings(level) after the late seed = %+v; want %+v, 1 game", rs, wantLevel)
	}
	// Another game's rating is its own.
	if ok, err := s.SeedRating(ctx, "level", "dames", seed, now); err != nil || !ok {
		t.Errorf("seed in dames: %v, %v; want stored", ok, err)
	}
	if rs, _ := s.Ratings(ctx, "level"); len(rs) != 2 {
		t.Errorf("Ratings(level) = %+v; want dames and shutbox", rs)
	}
}
