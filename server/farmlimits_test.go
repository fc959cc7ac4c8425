package server_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/rating"
	"plateau/server"
	"plateau/server/accounts"
	"plateau/server/ratings"
	"plateau/store"
)

// testClock is an Options.Now that a test moves on.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// farmServer is a test server with the farming limits lim and a clock
// that starts now.
func farmServer(t *testing.T, lim server.FarmingLimits) (*testServer, *testClock) {
	clock := &testClock{now: time.Now()}
	ts := newTestServer(t, func(o *server.Options) {
		o.Farming = lim
		o.Now = clock.Now
	})
	return ts, clock
}

// seekRated sends a rated seek of dames.
func (l *lobbyConn) seekRated() {
	l.t.Helper()
	l.send(map[string]any{"type": "seek", "game": "dames", "rated": true})
}

// TestFarmingPairLimit: two accounts are paired for at most
// PairGamesPerDay rated games within a day: past it their rated seeks
// wait for someone else, an accept is refused with pair_limit, a rematch
// is unrated; casual seeks still pair, and a day later rated ones do.
func TestFarmingPairLimit(t *testing.T) {
	ts, clock := farmServer(t, server.FarmingLimits{PairGamesPerDay: 2, SeeksPerMinute: -1})
	ann, bob := dialSeeks(t, ts, signedIn(t, ts, "ann")), dialSeeks(t, ts, signedIn(t, ts, "bob"))
	cid := dialSeeks(t, ts, signedIn(t, ts, "cid"))
	for i := range 2 {
		ann.seekRated()
		ann.next("seeking")
		bob.seekRated()
		if m := bob.next("paired", "seeking", "error"); m.Type != "paired" {
			t.Fatalf("rated pairing %d of ann and bob: %+v", i+1, m)
		}
		ann.next("paired")
	}
	// The third: bob's seek waits beside ann's; his accept is refused.
	ann.seekRated()
	annSeek := ann.next("seeking").Seek
	bob.seekRated()
	if m := bob.next("paired", "seeking", "error"); m.Type != "seeking" {
		t.Fatalf("a third rated seek of bob beside ann's: %+v, want it open", m)
	}
	bob.send(map[string]any{"type": "accept", "id": annSeek.ID})
	if m := bob.next("paired", "error"); m.Code != "pair_limit" || !strings.Contains(m.Message, "ann") {
		t.Fatalf("bob's accept of ann's third rated seek: %+v, want pair_limit", m)
	}
	// Someone else pairs with ann at once.
	cid.seekRated()
	if m := cid.next("paired", "seeking", "error"); m.Type != "paired" {
		t.Fatalf("cid's rated seek beside ann's: %+v, want paired", m)
	}
	ann.next("paired")
	// Casual games are not limited.
	bob.send(map[string]any{"type": "seek", "game": "dames"})
	bob.next("seeking")
	ann.send(map[string]any{"type": "seek", "game": "dames"})
	if m := ann.next("paired", "seeking", "error"); m.Type != "paired" {
		t.Fatalf("a casual seek of ann and bob past the limit: %+v", m)
	}
	bob.next("paired")
	// A rematch of their rated game is unrated past the limit.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"id-ann", "id-bob"})
	p0, p1 := joinAs(t, ts, ck[0], id, tok[0]), joinAs(t, ts, ck[1], id, tok[1])
	playOpening(ctx, t, p0, p1)
	if err := p1.conn.SendRaw(ctx, []byte(`{"type":"resign","seat":1}`)); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p0, "end")
	if err := p0.conn.SendRaw(ctx, []byte(`{"type":"rematch"}`)); err != nil {
		t.Fatal(err)
	}
	waitEvent(ctx, t, p0, "rematch")
	if g := rematchOf(ctx, t, ts, id); g.Rated || g.Casual {
		t.Errorf("the rematch past the pair's limit: rated %v casual %v, want unrated, not casual", g.Rated, g.Casual)
	}
	// A day later they are paired rated again.
	clock.add(day + time.Minute)
	bob.seekRated()
	bob.next("seeking")
	ann.seekRated()
	if m := ann.next("paired", "seeking", "error"); m.Type != "paired" {
		t.Fatalf("ann's rated seek a day later, bob's open: %+v, want paired", m)
	}
}

const day = 24 * time.Hour

// rematchOf returns the record of game id's rematch.
func rematchOf(ctx context.Context, t *testing.T, ts *testServer, id string) *store.Game {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		gs, err := ts.Store.List(ctx, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			if g.RematchOf == id {
				return g
			}
		}
	}
	t.Fatalf("no rematch of %s", id)
	return nil
}

// TestFarmingSignUpsPerAddress: an address creates at most SignUpsPerDay
// accounts a day; a refused name does not count; a day later it may again.
func TestFarmingSignUpsPerAddress(t *testing.T) {
	ts, clock := farmServer(t, server.FarmingLimits{SignUpsPerDay: 2})
	b := ts.browser(t)
	const pw = "a long and uncommon passphrase 7"
	for _, c := range []struct {
		name string
		want int
	}{{"farm_1", 201}, {"FARM_1", 409}, {"farm_2", 201}, {"farm_3", 429}} {
		a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: c.name, Password: pw})
		if a.status != c.want {
			t.Fatalf("sign-up %s: %d %s, want %d", c.name, a.status, a.raw, c.want)
		}
		if c.want == 429 && (a.err("code") != "rate_limited" || a.header.Get("Retry-After") == "" || !strings.Contains(a.err("message"), "within a day")) {
			t.Errorf("the refused sign-up: %s (Retry-After %q)", a.raw, a.header.Get("Retry-After"))
		}
	}
	clock.add(day)
	if a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "farm_3", Password: pw}); a.status != 201 {
		t.Errorf("a sign-up a day later: %d %s", a.status, a.raw)
	}
}

// TestFarmingSeekRate: an account, and an address, make at most
// SeeksPerMinute seeks and accepts in a burst, then one every
// minute/SeeksPerMinute; cancelling is free.
func TestFarmingSeekRate(t *testing.T) {
	ts, clock := farmServer(t, server.FarmingLimits{SeeksPerMinute: 3})
	ann := dialSeeks(t, ts, signedIn(t, ts, "ann"))
	for range 3 {
		ann.seekRated()
		ann.next("seeking")
		ann.send(map[string]any{"type": "cancel"})
	}
	ann.seekRated()
	if m := ann.next("seeking", "error"); m.Code != "rate_limited" || !strings.Contains(m.Message, "3 a minute") {
		t.Fatalf("ann's fourth seek within a minute: %+v, want rate_limited", m)
	}
	// Another account from the same address shares the address's bucket.
	bob := dialSeeks(t, ts, signedIn(t, ts, "bob"))
	bob.seekRated()
	if m := bob.next("seeking", "error"); m.Code != "rate_limited" {
		t.Fatalf("bob's seek from ann's address: %+v, want rate_limited", m)
	}
	clock.add(20 * time.Second)
	ann.seekRated()
	if m := ann.next("seeking", "error"); m.Type != "seeking" {
		t.Fatalf("ann's seek 20 s later: %+v, want it open", m)
	}
}

// TestFarmingProvisional: a rating of fewer than ProvisionalGames games is
// provisional whatever its deviation: "provisional": true in the player's
// ratings, the leaderboard (listed apart, not ranked) and the seeks (the
// web client shows "1700?"); from the Nth game it is ranked.
func TestFarmingProvisional(t *testing.T) {
	ts, _ := farmServer(t, server.FarmingLimits{ProvisionalGames: 3})
	ctx := context.Background()
	annCookie := signedIn(t, ts, "ann")
	signedIn(t, ts, "bob")
	sure := func(r float64) rating.Rating { return rating.Rating{Rating: r, RD: 50, Vol: 0.06} } // well below rating.ProvisionalRD
	rate := func() {
		id, _, _ := ratedTable(t, ts, "dames", nil, true, [2]string{"id-ann", "id-bob"})
		err := ts.Store.Append(ctx, id, []store.Event{{Seq: 1, Kind: "end", Player: -2, Time: time.Now()}}, &store.Update{
			Status: store.StatusFinished, Result: []byte(`{"over":true,"results":["win","loss"]}`),
			Rate: &store.Rate{Game: "dames", Accounts: []string{"id-ann", "id-bob"}, Compute: func([]rating.Rating) ([]rating.Rating, error) {
				return []rating.Rating{sure(1700), sure(1300)}, nil
			}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	check := func(games int, provisional bool) {
		t.Helper()
		var lb ratings.Leaderboard
		getJSON(t, ts, "/api/leaderboard/dames", &lb)
		ranked, apart := lb.Players, lb.Provisional
		if provisional {
			ranked, apart = apart, ranked
		}
		if len(ranked) != 2 || len(apart) != 0 || ranked[0].Name != "ann" || ranked[0].Rating != 1700 || ranked[0].Provisional != provisional || ranked[0].Games != games {
			t.Errorf("leaderboard after %d games: %+v, want ann and bob provisional=%v", games, lb, provisional)
		}
		var pr ratings.PlayerRatings
		getJSON(t, ts, "/api/players/ann/ratings", &pr)
		if len(pr.Ratings) != 1 || pr.Ratings[0].Provisional != provisional {
			t.Errorf("ann's ratings after %d games: %+v, want provisional=%v", games, pr, provisional)
		}
		l := dialSeeks(t, ts, annCookie)
		l.seekRated()
		if m := l.next("seeking"); m.Seek.Rating != 1700 || m.Seek.Provisional != provisional {
			t.Errorf("ann's seek after %d games: %+v, want 1700 provisional=%v", games, m.Seek, provisional)
		}
		l.c.Close(1000, "")
	}
	rate()
	check(1, true)
	rate()
	rate()
	check(3, false)
}
