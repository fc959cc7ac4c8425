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
	Clients    int            `json:"clients"`
	Servers    int            `json:"servers"`
	Game       string         `json:"game"`
	Mode       string         `json:"mode"`
	Seconds    float64        `json:"seconds"`
	Moves      int            `json:"moves"`
	MovesPerS  float64        `json:"moves_per_s"`
	GamesEnded int            `json:"games_ended"`
	P50ms      float64        `json:"p50_ms"`
	P95ms      float64        `json:"p95_ms"`
	P99ms      float64        `json:"p99_ms"`
	MaxMs      float64        `json:"max_ms"`
	Errors     map[string]int `json:"errors"`
	RSS        *rssReport     `json:"rss,omitempty"` // with --rss-pid
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
	if len(urls) == 0 {
		return usagef("--url: want the server's http:// URL")
	}
	var bases []string
	for _, u := range urls {
		if !strings.HasPrefix(u, "http") {
			return usagef("--url: want the server's http:// URL, got %q", u)
		}
		bases = append(bases, strings.TrimSuffix(u, "/"))
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
		var err error
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
	start := time.Now()
	var wg sync.WaitGroup
	n := *clients
	perGame := 2
	if *mode == "ai" {
		perGame = 1
	}
	for i := 0; i < n; i += perGame {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select { // spread the connections over the ramp
			case <-time.After(time.Duration(int64(*ramp) * int64(i) / int64(n))):
			case <-ctx.Done():
				return
			}
			seats := []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}
			if perGame == 1 {
				seats[1] = wsclient.Seat{Kind: "ai", Level: "random"}
			}
			g := i / perGame // the game's instance, and its players' (the next instance for the second player)
			c, err := wsclient.Create(ctx, hc, bases[g%len(bases)], wsclient.CreateRequest{Game: *gameID, Seats: seats})
			if err != nil {
				if ctx.Err() == nil {
					st.failLoudly(e.stderr, "create", err)
				}
				return
			}
			for k := range perGame {
				wg.Add(1)
				go func() {
					defer wg.Done()
					lc := &loadClient{base: bases[(g+k)%len(bases)], token: c.Seats[k].Token, think: *think, maxMoves: int64(*maxMoves), st: st,
						rng: rand.New(rand.NewPCG(uint64(i+k), uint64(start.UnixNano())))}
					lc.run(ctx, c.ID)
				}()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	r := loadReport{Clients: n, Servers: len(bases), Game: *gameID, Mode: *mode, Seconds: elapsed.Seconds(), Errors: st.errors, GamesEnded: st.games}
	lat := st.latencies
	slices.Sort(lat)
	r.Moves = len(lat)
	r.MovesPerS = float64(len(lat)) / elapsed.Seconds()
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	r.P50ms, r.P95ms, r.P99ms, r.MaxMs = pct(0.50), pct(0.95), pct(0.99), pct(1)
	if rss != nil {
		r.RSS = rss.report(*rssPID)
	}
	if *asJSON {
		return writeJSON(e, r)
	}
	fmt.Fprintf(e.stdout, "%d clients on %d server(s), %s (%s), %.1fs: %d moves (%.0f/s), %d games ended\nlatency send→ack: p50 %.1fms p95 %.1fms p99 %.1fms max %.1fms\nerrors: %v\n",
		r.Clients, r.Servers, r.Game, r.Mode, r.Seconds, r.Moves, r.MovesPerS, r.GamesEnded, r.P50ms, r.P95ms, r.P99ms, r.MaxMs, r.Errors)
	if r.RSS != nil {
		fmt.Fprintf(e.stdout, "process %d: RSS %.1f MB at the end (max %.1f MB), %+.1f MB over the last 30 s\n", r.RSS.PID, r.RSS.EndMB, r.RSS.MaxMB, r.RSS.Last30)
	}
	return nil
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
	seat, version, view := w.Seats[0], w.Version, w.Game.View
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
	var sent time.Time
	pending, ended, n := false, false, 0
	for {
		myTurn := !ended && !pending && view.Outcome == nil && view.ToMove == seat
		if myTurn && timer == nil {
			timer = time.After(time.Duration(float64(lc.think) * (0.5 + lc.rng.Float64())))
		}
		select {
		case <-ctx.Done():
			c.Close()
			return "", nil
		case <-timer:
			timer = nil
			if !(!ended && !pending && view.Outcome == nil && view.ToMove == seat) {
				continue
			}
			n++
			msg := map[string]any{"type": "resign", "id": fmt.Sprint(n)}
			if version < lc.maxMoves && len(view.Moves) > 0 {
				msg = map[string]any{"type": "move", "version": version, "move": view.Moves[lc.rng.IntN(len(view.Moves))].Notation, "id": fmt.Sprint(n)}
			}
			sent, pending = time.Now(), true
			if c.Send(ctx, msg) != nil {
				return "", errors.New("send")
			}
		case m, ok := <-msgs:
			if !ok {
				return "", errors.New("connection lost")
			}
			switch m.Type {
			case "event":
				if m.Version > version {
					version, view = m.Version, m.View
				}
				switch m.Event.Kind {
				case "end":
					ended = true
					if seat == 0 {
						lc.st.mu.Lock()
						lc.st.games++
						lc.st.mu.Unlock()
					}
					c.Send(ctx, map[string]any{"type": "rematch"})
				case "rematch":
					c.Close()
					return m.Event.RematchID, nil
				}
			case "ack":
				if pending && m.ID == fmt.Sprint(n) {
					d := time.Since(sent)
					lc.st.mu.Lock()
					lc.st.latencies = append(lc.st.latencies, d)
					lc.st.mu.Unlock()
					pending = false
				}
			case "error":
				pending = false
				if m.Code != "stale_version" {
					lc.st.fail(m.Code)
				}
			}
		}
	}
}
