package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"plateau/server/wsclient"
)

// loadStats gathers what the load test's clients measured.
type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	sentAt    []time.Time // when each of latencies' moves was sent
	errors    map[string]int
	games     int
}

func (s *loadStats) fail(what string) {
	s.mu.Lock()
	s.errors[what]++
	s.mu.Unlock()
}

// failLoudly counts a failure and prints its error on w, under the lock:
// the clients fail from many goroutines and w need not be safe for
// concurrent writes (a test's buffer).
func (s *loadStats) failLoudly(w io.Writer, what string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors[what]++
	fmt.Fprintln(w, "loadtest:", err)
}

// loadReport is what "plateau loadtest --json" prints.
type loadReport struct {
	Clients    int     `json:"clients"`
	Servers    int     `json:"servers"`
	Game       string  `json:"game"`
	Mode       string  `json:"mode"`
	Seconds    float64 `json:"seconds"`
	Moves      int     `json:"moves"`
	MovesPerS  float64 `json:"moves_per_s"`
	GamesEnded int     `json:"games_ended"`
	P50ms      float64 `json:"p50_ms"`
	P95ms      float64 `json:"p95_ms"`
	P99ms      float64 `json:"p99_ms"`
	MaxMs      float64 `json:"max_ms"`
	// Steady is the latency of the moves sent after the ramp, when every
	// client has connected (the ramp's game creations and hellos load the
	// server more than play does); ByTen is the p99 of each 10 s.
	Steady *latencyReport `json:"steady,omitempty"`
	ByTen  []float64      `json:"p99_by_10s_ms"`
	Errors map[string]int `json:"errors"`
	RSS    *rssReport     `json:"rss,omitempty"` // with --rss-pid
}

func runLoadtest(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "loadtest", "--url URL [--url URL2 ...] --clients N --duration D [--json]",
		"plateau loadtest --url http://127.0.0.1:8080 --clients 2000 --duration 60s --json")
	var urls multiFlag
	fs.Var(&urls, "url", "the server's base `URL` (loopback or your own test host only); repeated for several instances on one database: the games are spread over them, the two players of a game on different instances")
	clients := fs.Int("clients", 100, "concurrent WebSocket clients")
	duration := fs.Duration("duration", 30*time.Second, "how long to play (then every client stops)")
	asJSON := fs.Bool("json", false, "print JSON")
	gameID := fs.String("game", "dames", "the game to play")
	mode := fs.String("mode", "pairs", "pairs: two clients per game, one seat each; ai: each client against the server's random AI")
	think := fs.Duration("think", time.Second, "mean time a client waits before each of its moves")
	ramp := fs.Duration("ramp", 10*time.Second, "time over which clients connect")
	maxMoves := fs.Int("max-moves", 300, "a game still running after this many events is resigned")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the load generator itself to this `file` (to tell its cost from the server's)")
	rssPID := fs.Int("rss-pid", 0, "also report the resident memory (VmRSS in /proc, Linux) of this process, the server's on this machine, sampled every 5 s")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("loadtest takes no arguments, got %q", pos)
	}
	bases, err := loadBases(urls)
	if err != nil {
		return err
	}
	if *clients < 1 || (*mode == "pairs" && *clients%2 != 0) {
		return usagef("--clients %d: want a positive number (even in pairs mode)", *clients)
	}
	if *mode != "pairs" && *mode != "ai" {
		return usagef("--mode %q: want pairs or ai", *mode)
	}
	hc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	st := &loadStats{errors: map[string]int{}}
	ctx, cancel := context.WithTimeout(ctx, *ramp+*duration)
	defer cancel()
	var rss *rssSampler
	if *rssPID != 0 {
		if rss, err = sampleRSS(ctx, *rssPID); err != nil {
			return usagef("%v", err)
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("loadtest: --cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("loadtest: --cpuprofile %s: %w", *cpuProfile, err)
		}
		defer pprof.StopCPUProfile()
	}
	perGame := 2
	if *mode == "ai" {
		perGame = 1
	}
	lt := loadTest{hc: hc, bases: bases, game: *gameID, clients: *clients, perGame: perGame, ramp: *ramp, think: *think, maxMoves: int64(*maxMoves), st: st, stderr: e.stderr}
	elapsed := lt.run(ctx)
	r := lt.report(elapsed, *mode)
	if rss != nil {
		r.RSS = rss.report(*rssPID)
	}
	if *asJSON {
		return writeJSON(e, r)
	}
	fmt.Fprintf(e.stdout, "%d clients on %d server(s), %s (%s), %.1fs: %d moves (%.0f/s), %d games ended\nlatency send→ack: p50 %.1fms p95 %.1fms p99 %.1fms max %.1fms\nerrors: %v\n",
		r.Clients, r.Servers, r.Game, r.Mode, r.Seconds, r.Moves, r.MovesPerS, r.GamesEnded, r.P50ms, r.P95ms, r.P99ms, r.MaxMs, r.Errors)
	if r.Steady != nil {
		fmt.Fprintf(e.stdout, "after the ramp: %d moves, p50 %.1fms p95 %.1fms p99 %.1fms max %.1fms\n", r.Steady.Moves, r.Steady.P50ms, r.Steady.P95ms, r.Steady.P99ms, r.Steady.MaxMs)
	}
	if r.RSS != nil {
		fmt.Fprintf(e.stdout, "process %d: RSS %.1f MB at the end (max %.1f MB), %+.1f MB over the last 30 s\n", r.RSS.PID, r.RSS.EndMB, r.RSS.MaxMB, r.RSS.Last30)
	}
	return nil
}

// loadBases are the servers' base URLs given by --url.
func loadBases(urls []string) ([]string, error) {
	if len(urls) == 0 {
		return nil, usagef("--url: want the server's http:// URL")
	}
	var bases []string
	for _, u := range urls {
		if !strings.HasPrefix(u, "http") {
			return nil, usagef("--url: want the server's http:// URL, got %q", u)
		}
		bases = append(bases, strings.TrimSuffix(u, "/"))
	}
	return bases, nil
}

// loadTest is one run of plateau loadtest: its clients, perGame to a
// game, connect over ramp to the servers at bases.
type loadTest struct {
	hc               *http.Client
	bases            []string
	game             string
	clients, perGame int
	ramp, think      time.Duration
	maxMoves         int64
	st               *loadStats
	stderr           io.Writer
	start            time.Time // when run began
}

// run plays until ctx ends and every client has stopped; it returns the
// time it took.
func (lt *loadTest) run(ctx context.Context) time.Duration {
	start := time.Now()
	lt.start = start
	var wg sync.WaitGroup
	n, perGame, bases, st := lt.clients, lt.perGame, lt.bases, lt.st
	for i := 0; i < n; i += perGame {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select { // spread the connections over the ramp
			case <-time.After(time.Duration(int64(lt.ramp) * int64(i) / int64(n))):
			case <-ctx.Done():
				return
			}
			seats := []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}
			if perGame == 1 {
				seats[1] = wsclient.Seat{Kind: "ai", Level: "random"}
			}
			g := i / perGame // the game's instance, and its players' (the next instance for the second player)
			c, err := wsclient.Create(ctx, lt.hc, bases[g%len(bases)], wsclient.CreateRequest{Game: lt.game, Seats: seats})
			if err != nil {
				if ctx.Err() == nil {
					st.failLoudly(lt.stderr, "create", err)
				}
				return
			}
			for k := range perGame {
				wg.Add(1)
				go func() {
					defer wg.Done()
					lc := &loadClient{base: bases[(g+k)%len(bases)], token: c.Seats[k].Token, think: lt.think, maxMoves: lt.maxMoves, st: st,
						rng: rand.New(rand.NewPCG(uint64(i+k), uint64(start.UnixNano())))}
					lc.run(ctx, c.ID)
				}()
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

// report sums up a run that took elapsed.
func (lt *loadTest) report(elapsed time.Duration, mode string) loadReport {
	st := lt.st
	r := loadReport{Clients: lt.clients, Servers: len(lt.bases), Game: lt.game, Mode: mode, Seconds: elapsed.Seconds(), Errors: st.errors, GamesEnded: st.games}
	var steady []time.Duration
	var tens [][]time.Duration
	for i, d := range st.latencies {
		at := st.sentAt[i].Sub(lt.start)
		if at >= lt.ramp {
			steady = append(steady, d)
		}
		k := int(at / (10 * time.Second))
		for len(tens) <= k {
			tens = append(tens, nil)
		}
		tens[k] = append(tens[k], d)
	}
	all := latencies(st.latencies)
	r.Moves = len(st.latencies)
	r.MovesPerS = float64(r.Moves) / elapsed.Seconds()
	r.P50ms, r.P95ms, r.P99ms, r.MaxMs = all.P50ms, all.P95ms, all.P99ms, all.MaxMs
	if len(steady) > 0 {
		sr := latencies(steady)
		r.Steady = &sr
	}
	for _, t := range tens {
		r.ByTen = append(r.ByTen, latencies(t).P99ms)
	}
	return r
}

// loadClient is one simulated player: it holds one seat, plays random legal
// moves after a think time, and follows rematches until the test ends.
type loadClient struct {
	base     string
	token    string
	think    time.Duration
	maxMoves int64
	st       *loadStats
	rng      *rand.Rand
}

func (lc *loadClient) run(ctx context.Context, id string) {
	for id != "" && ctx.Err() == nil {
		next, err := lc.play(ctx, id)
		if err != nil && ctx.Err() == nil {
			lc.st.fail(err.Error())
			return
		}
		id = next
	}
}

// loadGame is where a client's game stands.
type loadGame struct {
	seat    int
	version int64
	view    *wsclient.View
	ended   bool
	pending bool      // a move sent and not yet acknowledged
	n       int       // the id of the last message sent
	sent    time.Time // when it was sent
}

// myTurn reports whether the client is to move now.
func (g *loadGame) myTurn() bool {
	return !g.ended && !g.pending && g.view.Outcome == nil && g.view.ToMove == g.seat
}

// play plays one game and returns the id of its rematch.
func (lc *loadClient) play(ctx context.Context, id string) (string, error) {
	c, err := wsclient.Dial(ctx, lc.base, id)
	if err != nil {
		return "", errors.New("dial")
	}
	defer c.C.CloseNow()
	w, err := c.Hello(ctx, 0, lc.token)
	if err != nil {
		return "", errors.New("hello")
	}
	g := &loadGame{seat: w.Seats[0], version: w.Version, view: w.Game.View}
	msgs := make(chan wsclient.Msg, 64)
	go func() {
		defer close(msgs)
		for {
			m, err := c.Next(ctx)
			if err != nil {
				return
			}
			msgs <- m
		}
	}()
	var timer <-chan time.Time
	for {
		if g.myTurn() && timer == nil {
			timer = time.After(time.Duration(float64(lc.think) * (0.5 + lc.rng.Float64())))
		}
		select {
		case <-ctx.Done():
			c.Close()
			return "", nil
		case <-timer:
			timer = nil
			if !g.myTurn() {
				continue
			}
			g.n++
			msg := map[string]any{"type": "resign", "id": fmt.Sprint(g.n)}
			if g.version < lc.maxMoves && len(g.view.Moves) > 0 {
				msg = map[string]any{"type": "move", "version": g.version, "move": g.view.Moves[lc.rng.IntN(len(g.view.Moves))].Notation, "id": fmt.Sprint(g.n)}
			}
			g.sent, g.pending = time.Now(), true
			if c.Send(ctx, msg) != nil {
				return "", errors.New("send")
			}
		case m, ok := <-msgs:
			if !ok {
				return "", errors.New("connection lost")
			}
			if m.Type == "event" && m.Event.Kind == "rematch" {
				c.Close()
				return m.Event.RematchID, nil
			}
			lc.onMsg(ctx, c, g, m)
		}
	}
}

// onMsg takes a message of the server other than a rematch: an event
// moves the game on (an end asks for a rematch), the ack of the move sent
// times it, an error is counted.
func (lc *loadClient) onMsg(ctx context.Context, c *wsclient.Conn, g *loadGame, m wsclient.Msg) {
	switch m.Type {
	case "event":
		if m.Version > g.version {
			g.version, g.view = m.Version, m.View
		}
		if m.Event.Kind == "end" {
			g.ended = true
			if g.seat == 0 {
				lc.st.mu.Lock()
				lc.st.games++
				lc.st.mu.Unlock()
			}
			c.Send(ctx, map[string]any{"type": "rematch"})
		}
	case "ack":
		if g.pending && m.ID == fmt.Sprint(g.n) {
			d := time.Since(g.sent)
			lc.st.mu.Lock()
			lc.st.latencies = append(lc.st.latencies, d)
			lc.st.sentAt = append(lc.st.sentAt, g.sent)
			lc.st.mu.Unlock()
			g.pending = false
		}
	case "error":
		g.pending = false
		if m.Code != "stale_version" {
			lc.st.fail(m.Code)
		}
	}
}

// latencyReport is a latency distribution, in milliseconds.
type latencyReport struct {
	Moves int     `json:"moves"`
	P50ms float64 `json:"p50_ms"`
	P95ms float64 `json:"p95_ms"`
	P99ms float64 `json:"p99_ms"`
	MaxMs float64 `json:"max_ms"`
}

// latencies sorts lat and reports its percentiles.
func latencies(lat []time.Duration) latencyReport {
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	return latencyReport{len(lat), pct(0.50), pct(0.95), pct(0.99), pct(1)}
}
