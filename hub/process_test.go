package hub

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/games/dames"
)

// TestMain lets the tests run this binary as a Hub engine: with
// PLATEAU_HUB_TEST set the process is Plateau's engine ("engine") or a
// faulty one (see fakeEngine), so that Client drives real processes.
func TestMain(m *testing.M) {
	switch mode := os.Getenv("PLATEAU_HUB_TEST"); mode {
	case "":
		os.Exit(m.Run())
	case "engine":
		if err := New(Options{TTBits: 14}).Run(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	case "hub1", "hub1-slow":
		fakeHub1(os.Stdin, os.Stdout, mode == "hub1-slow")
		os.Exit(0)
	default:
		fakeEngine(mode)
		os.Exit(0)
	}
}

// fakeEngine speaks the initialisation properly, then at go think:
// "crash" exits, "illegal" answers a move that is not legal at the start,
// "silent" never answers (stop included), "error" sends an error line.
func fakeEngine(mode string) {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch cmd, _, _ := strings.Cut(sc.Text(), " "); cmd {
		case "hub":
			os.Stdout.WriteString("id name=Fake version=1\nwait\n")
		case "init":
			os.Stdout.WriteString("ready\n")
		case "go":
			switch mode {
			case "crash":
				os.Exit(3)
			case "illegal":
				os.Stdout.WriteString("info depth=1 score=0.1\ndone move=32-26\n")
			case "error":
				os.Stdout.WriteString("error message=\"no\"\n")
			}
		}
	}
}

func testClient() *Client {
	return &Client{Path: os.Args[0], MoveTime: 50 * time.Millisecond, StopGrace: 200 * time.Millisecond}
}

// withEnv runs the client's processes in a mode (the environment is the
// process's, inherited by the child).
func withEnv(t *testing.T, mode string) *Client {
	t.Setenv("PLATEAU_HUB_TEST", mode)
	c := testClient()
	t.Cleanup(c.Close)
	return c
}

// TestClientPlays: a Client drives plateau's engine as a process through
// a game's first moves; each answer is legal, the line follows the game
// (the engine gets the king moves since the last irreversible one) and a
// position from elsewhere is a new game.
func TestClientPlays(t *testing.T) {
	c := withEnv(t, "engine")
	cfg, _ := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	s, _ := dames.Game{}.New(cfg)
	for ply := range 6 {
		d, err := c.Choose(context.Background(), s)
		if err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
		if err := s.Play(d.Move); err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
		if d.Depth < 1 || len(d.PV) == 0 || d.PV[0] != d.Move {
			t.Errorf("ply %d: decision %+v, want a depth and a PV from the info lines", ply+1, d)
		}
	}
	if c.Name() != "Plateau" || c.Restarts != 0 {
		t.Errorf("name %q, restarts %d", c.Name(), c.Restarts)
	}
	// Kings shuffling: the line keeps their moves since the last capture.
	ks, _ := dames.Game{}.ParsePosition(cfg, "W:WK46,K50:BK1,K4")
	quiet := 0
	for range 8 {
		d, err := c.Choose(context.Background(), ks)
		if err != nil {
			t.Fatal(err)
		}
		quiet++
		if len(ks.DescribeMove(d.Move).(dames.MoveInfo).Captured) > 0 {
			quiet = 0
		}
		ks.Play(d.Move)
	}
	if len(c.moves) != quiet || c.last.Position() != ks.Position() {
		t.Errorf("after 8 king moves, %d since a capture: line of %d moves from %s", quiet, len(c.moves), c.start.Position())
	}
}

// TestClientFaults: a crash, an illegal move, an error line and silence
// are errors naming what went wrong; the next Choose starts a new process.
func TestClientFaults(t *testing.T) {
	tests := []struct {
		mode, want string
	}{
		{"crash", "output ended"},
		{"illegal", `Fake played "32-26"`},
		{"error", "the engine says: no"},
		{"silent", "no move"},
	}
	for _, tt := range tests {
		c := withEnv(t, tt.mode)
		s := startState(t)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		start := time.Now()
		_, err := c.Choose(ctx, s)
		cancel()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Choose = %v, want an error with %q", tt.mode, err, tt.want)
		}
		if waited := time.Since(start); waited > 5*time.Second {
			t.Errorf("%s: Choose took %v", tt.mode, waited)
		}
		if tt.mode == "crash" {
			if _, err := c.Choose(context.Background(), s); err == nil || c.Restarts != 1 {
				t.Errorf("crash again: %v, restarts %d, want an error and 1 restart", err, c.Restarts)
			}
		}
	}
	c := &Client{Path: "/nonexistent/scan"}
	if _, err := c.Choose(context.Background(), startState(t)); err == nil || !strings.Contains(err.Error(), "starting the Hub engine") {
		t.Errorf("missing engine: %v", err)
	}
	over, _ := dames.Game{}.ParsePosition(game.DefaultConfig(dames.Game{}), "W:B1")
	if _, err := c.Choose(context.Background(), over); !errors.Is(err, ai.ErrNoDecision) {
		t.Errorf("finished game: %v, want ai.ErrNoDecision", err)
	}
}
