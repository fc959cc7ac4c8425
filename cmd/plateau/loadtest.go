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
	// Tournament: with --tournament.
	Tournament *tourReport `json:"tournament,omitempty"`
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
	tournament := fs.Bool("tournament", false, "the clients are players signed up to one arena of --duration (whole minutes), playing the games it pairs them in; the arena's standings are then checked against its stored games (serve with --signin-burst -1 --signups-per-ip-per-day -1)")
	poll := fs.Duration("poll", 2*time.Second, "with --tournament: how often a free player reads the tournament for its next game")
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
	if err := checkLoadMode(*mode, *clients); err != nil {
		return err
	}
	hc, st := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}, &loadStats{errors: map[string]int{}}
	limit := *ramp + *duration
	if *tournament { // sign-ups first, then the arena, then reading back its games
		limit = *duration + 15*time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var rss *rssSampler
	if *rssPID != 0 {
		if rss, err = sampleRSS(ctx, *rssPID); err != nil {
			return usagef("%v", err)
		}
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	start := time.Now()
	var wg sync.WaitGroup
	var tour *tourReport
	if *tournament {
		tl := &tourLoad{base: bases[0], players: *clients, game: *gameID, think: *think, maxMoves: int64(*maxMoves),
			poll: *poll, st: st, tag: fmt.Sprintf("lt%04d", rand.IntN(10000))}
		if tour, err = tl.runFor(ctx, *duration); err != nil {
			return err
		}
	} else {
		perGame := 2
		if *mode == "ai" {
			perGame = 1
		}
		lt := &loadTest{hc: hc, bases: bases, game: *gameID, clients: *clients, perGame: perGame, ramp: *ramp, think: *think,
			maxMoves: int64(*maxMoves), st: st, stderr: e.stderr, start: start}
		lt.spawn(ctx, &wg)
	}
	wg.Wait()
	elapsed := time.Since(start)
	r := loadReport{Tournament: tour, Clients: *clients, Servers: len(bases), Game: *gameID, Mode: *mode, Seconds: elapsed.Seconds(), Errors: st.errors, GamesEnded: st.games}
	r.latencies(st, start, *ramp, elapsed)
	if rss != nil {
		r.RSS = rss.report(*rssPID)
	}
	if *asJSON {
		return writeJSON(e, r)
	}
	r.print(e.stdout)
	return nil
}

// checkLoadMode checks --mode and --clients.
func checkLoadMode(mode string, clients int) error {
	if clients < 1 || (mode == "pairs" && clients%2 != 0) {
		return usagef("--clients %d: want a positive number (even in pairs mode)", clients)
	}
	if mode != "pairs" && mode != "ai" {
		return usagef("--mode %q: want pairs or ai", mode)
	}
	return nil
}

// startCPUProfile profiles the load generator into the file name until
// stop.
func startCPUProfile(name string) (stop func(), err error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, fmt.Errorf("loadtest: --cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("loadtest: --cpuprofile %s: %w", name, err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// runFor runs an arena of d, whole minutes.
func (tl *tourLoad) runFor(ctx context.Context, d time.Duration) (*tourReport, error) {
	minutes := int(d.Minutes())
	if minutes < 1 || d != time.Duration(minutes)*time.Minute {
		return nil, usagef("--duration %v: a tournament lasts whole minutes", d)
	}
	tl.minutes = minutes
	return tl.run(ctx, d)
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

// loadTest is the games of plateau loadtest's pairs and ai modes: its
// clients, perGame to a game, connect over ramp to the servers at bases.
type loadTest struct {
	hc               *http.Client
	bases            []string
	game             string
	clients, perGame int
	ramp, think      time.Duration
	maxMoves         int64
	st               *loadStats
	stderr           io.Writer
	start            time.Time
}

// spawn starts the games' clients in wg, spread over the ramp.
func (lt *loadTest) spawn(ctx context.Context, wg *sync.WaitGroup) {
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
						rng: rand.New(rand.NewPCG(uint64(i+k), uint64(lt.start.UnixNano())))}
					lc.run(ctx, c.ID)
				}()
			}
		}()
	}
}

// latencies fills in r's latency figures from st, of a run that began at
// start with a ramp of ramp and took elapsed.
func (r *loadReport) latencies(st *loadStats, start time.Time, ramp, elapsed time.Duration) {
	var steady []time.Duration
	var tens [][]time.Duration
	for i, d := range st.latencies {
		at := st.sentAt[i].Sub(start)
		if at >= ramp {
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
}

// print writes r as text.
func (r *loadReport) print(w io.Writer) {
	fmt.Fprintf(w, "%d clients on %d server(s), %s (%s), %.1fs: %d moves (%.0f/s), %d games ended\nlatency send→ack: p50 %.1fms p95 %.1fms p99 %.1fms max %.1fms\nerrors: %v\n",
		r.Clients, r.Servers, r.Game, r.Mode, r.Seconds, r.Moves, r.MovesPerS, r.GamesEnded, r.P50ms, r.P95ms, r.P99ms, r.MaxMs, r.Errors)
	if r.Steady != nil {
		fmt.Fprintf(w, "after the ramp: %d moves, p50 %.1fms p95 %.1fms p99 %.1fms max %.1fms\n", r.Steady.Moves, r.Steady.P50ms, r.Steady.P95ms, r.Steady.P99ms, r.Steady.MaxMs)
	}
	if t := r.Tournament; t != nil {
		fmt.Fprintf(w, "tournament %s: %d players, %d games played, %d read back finished, %d lost, standings mismatches: %v\n", t.ID, t.Players, t.Games, t.StoredGames, t.Lost, t.Mismatches)
	}
	if r.RSS != nil {
		fmt.Fprintf(w, "process %d: RSS %.1f MB at the end (max %.1f MB), %+.1f MB over the last 30 s\n", r.RSS.PID, r.RSS.EndMB, r.RSS.MaxMB, r.RSS.Last30)
	}
}

// nextMove is the client's message n at version of view: a random legal
// move, or resigning past maxMoves or without a move.
func (lc *loadClient) nextMove(version int64, view *wsclient.View, n int) map[string]any {
	if version < lc.maxMoves && len(view.Moves) > 0 {
		return map[string]any{"type": "move", "version": version, "move": view.Moves[lc.rng.IntN(len(view.Moves))].Notation, "id": fmt.Sprint(n)}
	}
	return map[string]any{"type": "resign", "id": fmt.Sprint(n)}
}

// refused counts an error the server answered, but stale versions (the
// other player moved first).
func (lc *loadClient) refused(code string) {
	if code != "stale_version" {
		lc.st.fail(code)
	}
}

// gameEnded counts a game that ended, once: by its seat 0.
func (lc *loadClient) gameEnded(seat int) {
	if seat == 0 {
		lc.st.mu.Lock()
		lc.st.games++
		lc.st.mu.Unlock()
	}
}

// acked records the latency of the move sent at sent, acknowledged now.
func (lc *loadClient) acked(sent time.Time) {
	d := time.Since(sent)
	lc.st.mu.Lock()
	lc.st.latencies = append(lc.st.latencies, d)
	lc.st.sentAt = append(lc.st.sentAt, sent)
	lc.st.mu.Unlock()
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
	once     bool        // play one game, no rematch (a tournament's player)
	ended    bool        // with once: the game ended (not cut by the test's end)
	header   http.Header // the WebSocket's request headers (a session's cookie)
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
	c, err := wsclient.DialHeader(ctx, lc.base, id, lc.header)
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
			sent, pending = time.Now(), true
			if c.Send(ctx, lc.nextMove(version, view, n)) != nil {
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
					lc.gameEnded(seat)
					if lc.once {
						lc.ended = true
						c.Close()
						return "", nil
					}
					c.Send(ctx, map[string]any{"type": "rematch"})
				case "rematch":
					c.Close()
					return m.Event.RematchID, nil
				}
			case "ack":
				if pending && m.ID == fmt.Sprint(n) {
					lc.acked(sent)
					pending = false
				}
			case "error":
				pending = false
				lc.refused(m.Code)
			}
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
