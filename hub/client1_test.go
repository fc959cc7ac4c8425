package hub

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games/dames"
)

// fakeHub1 is an engine of the first Hub protocol, as strict as Scan 2.0
// where it matters: a position whose side to move is not lower case, a
// move that is not legal on its board or a command before init is an
// error line. It plays its board's last legal move, after an info line
// whose pv is that move; when slow, it searches until the next line comes.
func fakeHub1(r io.Reader, w io.Writer, slow bool) {
	cfg, _ := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	var s game.State
	ready := false
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		cmd, arg, _ := strings.Cut(sc.Text(), " ")
		switch {
		case cmd == "hub":
			fmt.Fprint(w, "name Fake 1.0\nauthor Nobody\nwait\n")
		case cmd == "init":
			ready = true
			fmt.Fprint(w, "ready\n")
		case !ready:
			fmt.Fprintf(w, "error %s before init\n", cmd)
		case cmd == "pos":
			fen, err := PositionFEN(arg)
			if err == nil && (arg[0] == 'w' || arg[0] == 'b') {
				s, err = dames.Game{}.ParsePosition(cfg, fen)
			}
			if err != nil || !(arg[0] == 'w' || arg[0] == 'b') {
				s = nil
				fmt.Fprint(w, "error bad position\n")
			}
		case cmd == "move":
			m, err := ParseMove(s, arg)
			if s == nil || err != nil || s.Play(m) != nil {
				fmt.Fprint(w, "error illegal move\n")
			}
		case cmd == "go":
			if s == nil {
				fmt.Fprint(w, "error no position\n")
				continue
			}
			if slow && !sc.Scan() {
				return
			}
			ms := s.Moves(nil)
			m := FormatMove(ms[len(ms)-1])
			fmt.Fprintf(w, "info 1 1.0 -25 %d 0.00 0.0 %s\nmove %s\n", len(ms), m, m)
		case cmd == "quit":
			return
		}
	}
}

// TestClientHub1 plays whole games against the first-move player with a
// Client speaking the first protocol to fakeHub1 as a process: every
// answer is legal (so the positions and moves it was sent were right),
// the info line is read, and the engine's name is its name line.
func TestClientHub1(t *testing.T) {
	c := withEnv(t, "hub1")
	c.Protocol = Hub1
	cfg, _ := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	for g := range 2 {
		s, _ := dames.Game{}.New(cfg)
		plies := 0
		for ; s.ToMove() != game.Nobody && plies < 400; plies++ {
			if (plies+g)%2 == 1 {
				s.Play(s.Moves(nil)[0])
				continue
			}
			d, err := c.Choose(context.Background(), s)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", g+1, plies+1, err)
			}
			if err := s.Play(d.Move); err != nil {
				t.Fatalf("game %d ply %d: %v", g+1, plies+1, err)
			}
			if d.Depth != 1 || d.Nodes < 1 || d.Score >= 0.5 || len(d.PV) != 1 || d.PV[0] != d.Move {
				t.Errorf("game %d ply %d: decision %+v, want the info line's depth 1, nodes, a score below 0.5 and the PV", g+1, plies+1, d)
			}
		}
		if s.ToMove() != game.Nobody {
			t.Errorf("game %d not over after %d plies", g+1, plies)
		}
	}
	if c.Name() != "Fake 1.0" || c.Restarts != 0 {
		t.Errorf("name %q, restarts %d; want Fake 1.0 and none", c.Name(), c.Restarts)
	}
}

// TestPosition1: the side to move is lower case, the squares as in Hub 2.
func TestPosition1(t *testing.T) {
	s := startState(t).(*dames.State)
	if got, want := Position1(s.Pos()), "w"+StartPosition[1:]; got != want {
		t.Errorf("Position1 = %q, want %q", got, want)
	}
}

// TestClientHub1Stops: when Choose's context ends, the client sends a line
// (which stops a first-protocol search) and takes the move that follows.
func TestClientHub1Stops(t *testing.T) {
	c := withEnv(t, "hub1-slow")
	c.Protocol, c.MoveTime = Hub1, time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	d, err := c.Choose(ctx, startState(t))
	if err != nil || time.Since(start) > 5*time.Second {
		t.Fatalf("Choose = %+v, %v after %v; want a move soon after the context's end", d, err, time.Since(start))
	}
}
