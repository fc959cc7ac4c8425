package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/server"
	"plateau/store"
)

// fakeClock is a clock the test moves.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// createFrom posts a two-human dames game with X-Forwarded-For set to
// xff (none if ""), and returns the status, the Retry-After header and
// the error's limit.
func createFrom(t *testing.T, ts *testServer, xff string) (status int, retryAfter, limit, id string) {
	t.Helper()
	body := []byte(`{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}]}`)
	req, _ := http.NewRequest("POST", ts.URL+"/api/games", bytes.NewReader(body))
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		ID    string `json:"id"`
		Error struct {
			Code, Limit, Message string
		} `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode == http.StatusTooManyRequests && (out.Error.Code != "too_many_games" || out.Error.Message == "") {
		t.Errorf("429 error %+v, want code too_many_games and a message", out.Error)
	}
	return resp.StatusCode, resp.Header.Get("Retry-After"), out.Error.Limit, out.ID
}

func TestGamesPerMinute(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	ts := newTestServer(t, func(o *server.Options) { o.GamesPerMinute, o.LiveGames, o.Now = 3, -1, clock.Now })
	for i := range 3 {
		if st, _, _, _ := createFrom(t, ts, ""); st != http.StatusCreated {
			t.Fatalf("game %d under the limit: %d", i+1, st)
		}
		clock.Add(10 * time.Second)
	}
	st, retry, limit, _ := createFrom(t, ts, "")
	if st != http.StatusTooManyRequests || limit != "games-per-minute" || retry != "30" {
		t.Errorf("4th game in a minute: %d, Retry-After %q, limit %q; want 429, 30, games-per-minute", st, retry, limit)
	}
	if m := metricsText(t, ts); !strings.Contains(m, `plateau_games_refused_total{limit="games-per-minute"} 1`+"\n") {
		t.Errorf("/metrics after one refusal:\n%s", m)
	}
	clock.Add(30 * time.Second) // the first creation is a minute old
	if st, _, _, _ := createFrom(t, ts, ""); st != http.StatusCreated {
		t.Errorf("a minute after the first game: %d, want 201", st)
	}
}

func TestLiveGamesPerAddress(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	ts := newTestServer(t, func(o *server.Options) {
		o.GamesPerMinute, o.LiveGames, o.StaleGame, o.Now = -1, 2, time.Hour, clock.Now
	})
	var ids []string
	for range 2 {
		st, _, _, id := createFrom(t, ts, "")
		if st != http.StatusCreated {
			t.Fatalf("under the limit: %d", st)
		}
		ids = append(ids, id)
	}
	if st, retry, limit, _ := createFrom(t, ts, ""); st != http.StatusTooManyRequests || limit != "live-games-per-ip" || retry == "" {
		t.Errorf("a 3rd live game: %d, Retry-After %q, limit %q; want 429 live-games-per-ip", st, retry, limit)
	}
	// A finished game is no longer live.
	if err := ts.Store.Append(context.Background(), ids[0], nil, &store.Update{Status: store.StatusFinished}); err != nil {
		t.Fatal(err)
	}
	if st, _, _, _ := createFrom(t, ts, ""); st != http.StatusCreated {
		t.Errorf("after one game finished: %d, want 201", st)
	}
	if st, _, limit, _ := createFrom(t, ts, ""); st != http.StatusTooManyRequests || limit != "live-games-per-ip" {
		t.Errorf("again two live games: %d %q, want 429 live-games-per-ip", st, limit)
	}
	// Games untouched for StaleGame are no longer live (the sweeper deletes them if never started).
	clock.Add(time.Hour + time.Minute)
	if st, _, _, _ := createFrom(t, ts, ""); st != http.StatusCreated {
		t.Errorf("once the live games are untouched for an hour: %d, want 201", st)
	}
}

func TestLimitsPerClientBehindTrustedProxy(t *testing.T) {
	for _, trusted := range []bool{true, false} {
		ts := newTestServer(t, func(o *server.Options) {
			o.GamesPerMinute, o.LiveGames = 1, -1
			if trusted {
				o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
			}
		})
		if st, _, _, _ := createFrom(t, ts, "198.51.100.1"); st != http.StatusCreated {
			t.Fatalf("trusted %v: first game: %d", trusted, st)
		}
		// Another client behind the proxy: its own limit only if the proxy is trusted.
		want := map[bool]int{true: http.StatusCreated, false: http.StatusTooManyRequests}[trusted]
		if st, _, _, _ := createFrom(t, ts, "198.51.100.2"); st != want {
			t.Errorf("trusted %v: another X-Forwarded-For: %d, want %d", trusted, st, want)
		}
		if st, _, _, _ := createFrom(t, ts, "198.51.100.1"); st != http.StatusTooManyRequests {
			t.Errorf("trusted %v: the first client again: %d, want 429", trusted, st)
		}
	}
}

func TestSweepStale(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	ts := newTestServer(t, func(o *server.Options) { o.StaleGame, o.Now = time.Hour, clock.Now })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	idle := ts.create(t, "dames", nil, "hh", false)
	aiFirst := ts.create(t, "dames", nil, "ah", false) // the AI moves, the human never does
	played := ts.create(t, "dames", nil, "hh", false)
	p := join(t, ts, played.ID, 0, played.Seats[0].Token, played.Seats[1].Token)
	if err := p.step(ctx); err != nil {
		t.Fatal(err)
	}
	waitVersion(t, ts, aiFirst.ID, 1)
	if n, err := ts.Srv.SweepStale(ctx); err != nil || n != 0 {
		t.Fatalf("SweepStale before the hour: %d, %v; want 0", n, err)
	}
	clock.Add(time.Hour + time.Minute)
	if n, err := ts.Srv.SweepStale(ctx); err != nil || n != 2 {
		t.Errorf("SweepStale after the hour: %d, %v; want 2", n, err)
	}
	if m := metricsText(t, ts); !strings.Contains(m, "plateau_games_swept_total 2\n") {
		t.Errorf("/metrics after the sweep:\n%s", m)
	}
	for id, want := range map[string]error{idle.ID: store.ErrNotFound, aiFirst.ID: store.ErrNotFound, played.ID: nil} {
		if _, err := ts.Store.Game(ctx, id); !errors.Is(err, want) {
			t.Errorf("game %s after the sweep: %v, want %v", id, err, want)
		}
	}
}

// waitVersion waits until game id is at least at version v in the store.
func waitVersion(t *testing.T, ts *testServer, id string, v int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		g, err := ts.Store.Game(context.Background(), id)
		if err == nil && g.Version >= v {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s not at version %d after 10s: %+v, %v", id, v, g, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func metricsText(t *testing.T, ts *testServer) string {
	t.Helper()
	resp, err := ts.HTTP.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestMaxRooms(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.MaxRooms = 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	a := ts.create(t, "dames", nil, "hh", false)
	c := ts.dial(t, a.ID) // holds a's room
	if _, err := c.Hello(ctx, 0); err != nil {
		t.Fatal(err)
	}
	b := ts.create(t, "dames", nil, "hh", false) // stored; its room cannot load now
	get := func() (int, string, string) {
		resp, err := ts.HTTP.Get(ts.URL + "/api/games/" + b.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Retry-After"), string(body)
	}
	if st, retry, body := get(); st != http.StatusServiceUnavailable || retry == "" || !strings.Contains(body, `"busy"`) {
		t.Errorf("a game beyond --max-rooms while the loaded one has a client: %d, Retry-After %q, %s; want 503 busy", st, retry, body)
	}
	if m := metricsText(t, ts); !strings.Contains(m, "plateau_rooms_refused_total 1\n") {
		t.Errorf("/metrics:\n%s", m)
	}
	c.Close() // a's room has no client any more: it gives way
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, _, body := get()
		if st == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("once a's client left: %d %s", st, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
