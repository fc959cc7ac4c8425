package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"plateau/games"
	"plateau/room"
	"plateau/server/wsclient"
	"plateau/store/postgres/pgtest"
)

// TestMain lets tests run this binary as the plateau command: with
// PLATEAU_TEST_MAIN=1 the process is "plateau ARGS..." (see startServe).
func TestMain(m *testing.M) {
	if os.Getenv("PLATEAU_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// startServe runs "plateau serve --db db" as a subprocess and returns it with
// its base URL once it listens.
// More flags may follow db.
func startServe(t *testing.T, db string, flags ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--conns-per-ip", "-1", "--rate", "1000",
		"--http-conns-per-ip", "-1", "--games-per-minute", "-1", "--live-games-per-ip", "-1"}, flags...)...)
	cmd.Env = append(os.Environ(), "PLATEAU_TEST_MAIN=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(stderr)
	re := regexp.MustCompile(`msg=listening addr=(\S+)`)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			t.Logf("serve ready in %v", time.Since(start).Round(time.Millisecond))
			go func() {
				for sc.Scan() {
				}
			}()
			return cmd, "http://" + m[1]
		}
	}
	t.Fatalf("serve did not start: %v", sc.Err())
	return nil, ""
}

// hotSeat plays both seats of a game with random moves, recording every
// event it saw (so every acknowledged one) by version.
type hotSeat struct {
	id     string
	tokens []string
	mu     sync.Mutex
	seen   map[int64]string // version -> kind and notation
	last   int64
}

// seenSome returns how many events the client has seen.
func (h *hotSeat) seenSome() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.seen)
}

func (h *hotSeat) play(ctx context.Context, base string, moves int) error {
	c, err := wsclient.Dial(ctx, base, h.id)
	if err != nil {
		return err
	}
	defer c.C.CloseNow()
	h.mu.Lock()
	from := h.last
	h.mu.Unlock()
	w, err := c.Hello(ctx, from, h.tokens...)
	if err != nil {
		return err
	}
	version, view := w.Version, w.Game.View
	rng := rand.New(rand.NewPCG(uint64(len(h.id)), uint64(from)))
	pending, played := false, 0
	for played < moves {
		if !pending && view.Outcome == nil && view.ToMove >= 0 && len(view.Moves) > 0 {
			m := view.Moves[rng.IntN(len(view.Moves))]
			if err := c.Send(ctx, map[string]any{"type": "move", "version": version, "move": m.Notation}); err != nil {
				return err
			}
			pending = true
		}
		if view.Outcome != nil && !pending {
			return nil
		}
		m, err := c.Next(ctx)
		if err != nil {
			return err
		}
		switch m.Type {
		case "event":
			h.mu.Lock()
			h.seen[m.Version] = m.Event.Kind + " " + m.Event.Notation
			h.last = max(h.last, m.Version)
			h.mu.Unlock()
			if m.Version > version {
				version, view = m.Version, m.View
			}
		case "ack":
			pending = false
			played++
		case "error":
			return fmt.Errorf("error %s: %s", m.Code, m.Message)
		}
	}
	return nil
}

// The server is killed with SIGKILL while clients play; restarted on the
// same database it has every event a client saw, and the games go on.
func TestCrashLosesNothing(t *testing.T) {
	crashLosesNothing(t, "sqlite:"+filepath.Join(t.TempDir(), "data", "plateau.db"))
}

// The same on PostgreSQL.
func TestCrashLosesNothingPostgres(t *testing.T) { crashLosesNothing(t, pgtest.URL(t)) }

func crashLosesNothing(t *testing.T, db string) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	cmd, base := startServe(t, db)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var hs []*hotSeat
	for i := range 6 {
		gameID := []string{"dames", "shutbox"}[i%2]
		c, err := wsclient.Create(ctx, http.DefaultClient, base, wsclient.CreateRequest{Game: gameID,
			Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}})
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, &hotSeat{id: c.ID, tokens: []string{c.Seats[0].Token, c.Seats[1].Token}, seen: map[int64]string{}})
	}
	var wg sync.WaitGroup
	for _, h := range hs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.play(ctx, base, 1<<30) // until the connection dies
		}()
	}
	// Meanwhile a loadtest plays other games: the kill comes under load.
	lctx, lcancel := context.WithCancel(ctx)
	loadDone := make(chan struct{})
	go func() {
		defer close(loadDone)
		var out bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out, games: games.Registry()}
		run(lctx, e, []string{"loadtest", "--url", base, "--clients", "60", "--duration", "60s", "--ramp", "300ms", "--think", "20ms"})
	}()
	waitEvents(t, ctx, base, 300)
	// Every hot-seat client has seen events of its game before the kill,
	// however the load's clients crowded them out of the first 300.
	for _, h := range hs {
		for h.seenSome() == 0 {
			select {
			case <-ctx.Done():
				t.Fatalf("game %s: no event seen before the kill: %v", h.id, ctx.Err())
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()
	lcancel()
	<-loadDone

	cmd, base = startServe(t, db)
	for _, h := range hs {
		var x room.Export
		if err := wsclient.GetJSON(ctx, http.DefaultClient, base, "/api/games/"+h.id+"/export", &x); err != nil {
			t.Fatal(err)
		}
		stored := map[int64]string{}
		for _, e := range x.Events {
			stored[e.Seq] = e.Kind + " " + e.Notation
		}
		if len(h.seen) == 0 {
			t.Errorf("game %s: the client saw no event before the kill", h.id)
		}
		for v, ev := range h.seen {
			if stored[v] != ev {
				t.Errorf("game %s: event %d was %q before the crash, %q after", h.id, v, ev, stored[v])
			}
		}
		// The game goes on from where the client was.
		if err := h.play(ctx, base, 3); err != nil {
			t.Errorf("game %s after restart: %v", h.id, err)
		}
	}
	// Every game, the loadtest's too, replays from its log after the crash.
	var lobby []room.Summary
	if err := wsclient.GetJSON(ctx, http.DefaultClient, base, "/api/games?limit=200", &lobby); err != nil {
		t.Fatal(err)
	}
	if len(lobby) <= len(hs) {
		t.Errorf("%d games stored, want the loadtest's besides the %d hot-seat games", len(lobby), len(hs))
	}
	for _, g := range lobby {
		var sum room.Summary
		if err := wsclient.GetJSON(ctx, http.DefaultClient, base, "/api/games/"+g.ID, &sum); err != nil || sum.Version != g.Version {
			t.Errorf("game %s after the crash: version %d (lobby %d), %v", g.ID, sum.Version, g.Version, err)
		}
	}
	// A graceful stop on SIGTERM.
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve after SIGTERM: %v, want exit status 0", err)
		}
	case <-time.After(15 * time.Second):
		t.Error("serve did not stop within 15s of SIGTERM")
	}
}

// waitEvents waits until the server at base has stored at least n events
// (its plateau_events_total metric).
func waitEvents(t *testing.T, ctx context.Context, base string, n int) {
	t.Helper()
	re := regexp.MustCompile(`(?m)^plateau_events_total (\d+)$`)
	for {
		resp, err := http.Get(base + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if m := re.FindSubmatch(b); m != nil {
			if got, _ := strconv.Atoi(string(m[1])); got >= n {
				return
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("fewer than %d events stored: %v", n, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}
