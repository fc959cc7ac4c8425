package hub

import (
	"plateau/ai"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games/dames"
)

// TestMalformedLines: every bad line gets an error line naming what is
// wrong, and the engine goes on (a ping still gets its pong, a search
// still works).
func TestMalformedLines(t *testing.T) {
	c := startSession(t, Options{TTBits: 12})
	tests := []struct {
		line, want string
	}{
		{`pos pos="Wbbb`, "never closed"},
		{`=x`, "not a command word"},
		{`level time=`, "time= has no value"},
		{`pos pos=Wbbbb`, "want 51 characters"},
		{`pos pos=X` + StartPosition[1:], "side to move"},
		{`pos pos=W` + strings.Repeat("z", 50), "square 1 is 'z'"},
		{`pos pos=` + StartPosition + ` moves="32-28 32-28"`, "move 2 of moves="},
		{`pos pos=` + StartPosition + ` moves="31-27x"`, "not a square"},
		{`level move-time=abc`, "level move-time"},
		{`level depth=0`, "level depth"},
		{`level frobnicate`, "none of move-time"},
		{`set-param name=tt-size value=99`, "tt-size"},
		{`set-param name=colour value=red`, `unknown parameter 'colour'`},
		{`set-param name=variant value=frisian`, "only normal"},
		{`frobnicate now`, "unknown command 'frobnicate'"},
		{`ponder-hit`, "no search running"},
		{`go"think"`, "right after the command go"},
	}
	for _, tt := range tests {
		c.send(tt.line)
		cmd, arg := c.recvHub()
		if cmd != "error" || !strings.Contains(arg, tt.want) {
			t.Errorf("%q: got %q %q, want an error line containing %q", tt.line, cmd, arg, tt.want)
		}
		if !strings.HasPrefix(arg, `message="`) {
			t.Errorf("%q: error line %q has no quoted message=", tt.line, arg)
		}
	}
	c.ping()
	// The position set before the errors is kept: the start.
	best, _ := c.goThink(StartPosition, "", 0.02)
	legalHubMove(t, startState(t), best)
	c.quit()
}

// TestStopDuringAnalyze: go analyze searches until stop, then done comes
// promptly with a legal move.
func TestStopDuringAnalyze(t *testing.T) {
	c := startSession(t, Options{TTBits: 16})
	c.send("pos pos=" + StartPosition + ` moves="32-28 19-23 28x19x23 14x23x19"`)
	c.send("level infinite")
	c.send("go analyze")
	// Wait for a depth of 6 or more: the search is well under way.
	for {
		cmd, arg := c.recvHub()
		if cmd != "info" {
			t.Fatalf("analysing: got %q %q before stop", cmd, arg)
		}
		if d := c.splitArgs(arg)[0]; d[0] == "depth" && d[1] != "1" && d[1] != "2" && d[1] != "3" && d[1] != "4" && d[1] != "5" {
			break
		}
	}
	// Analysis does not end by itself: a ping is answered before any done.
	c.pongAmidInfo()
	sent := time.Now()
	c.send("stop")
	for {
		cmd, arg := c.recvHub()
		if cmd == "info" {
			continue
		}
		if cmd != "done" {
			t.Fatalf("after stop: got %q %q", cmd, arg)
		}
		if waited := time.Since(sent); waited > 500*time.Millisecond {
			t.Errorf("done came %v after stop, want under 0.5s", waited)
		}
		move, _, _ := strings.Cut(strings.TrimPrefix(arg, "move="), " ")
		st := startState(t)
		for _, m := range []string{"32-28", "19-23", "28x19", "14x23"} {
			mv, err := st.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			st.Play(mv)
		}
		legalHubMove(t, st, move)
		break
	}
	c.ping()
	c.quit()
}

// TestPingWhileThinking: ping gets pong while a search runs, before done.
func TestPingWhileThinking(t *testing.T) {
	c := startSession(t, Options{TTBits: 16})
	c.send("pos pos=" + StartPosition)
	c.send("level move-time=2")
	c.send("go think")
	start := time.Now()
	c.pongAmidInfo()
	if waited := time.Since(start); waited > time.Second {
		t.Errorf("pong came %v after ping during a 2s search", waited)
	}
	c.send("stop")
	best, _ := c.readSearch()
	legalHubMove(t, startState(t), best)
	c.quit()
}

// TestPonderHit: go ponder searches until ponder-hit, then the move's time
// runs and done comes by itself.
func TestPonderHit(t *testing.T) {
	c := startSession(t, Options{TTBits: 16})
	c.send("pos pos=" + StartPosition)
	c.send("level move-time=0.2")
	c.send("go ponder")
	if cmd, arg := c.recvHub(); cmd != "info" {
		t.Fatalf("pondering: got %q %q", cmd, arg)
	}
	c.send("ponder-hit")
	hit := time.Now()
	best, _ := c.readSearch()
	if waited := time.Since(hit); waited > 2*time.Second {
		t.Errorf("done %v after ponder-hit with move-time=0.2", waited)
	}
	legalHubMove(t, startState(t), best)
	c.quit()
}

// TestLevels: depth and nodes bound a think search by themselves.
func TestLevels(t *testing.T) {
	c := startSession(t, Options{TTBits: 14})
	c.send("pos pos=" + StartPosition)
	c.send("level depth=3")
	c.send("go think")
	c.readSearch()
	if c.info["depth"] != 3 {
		t.Errorf("level depth=3: last info depth %v", c.info["depth"])
	}
	c.send("set-param name=nodes value=5000")
	c.send("level infinite")
	c.send("go think")
	c.readSearch()
	if n, _ := c.info["nodes"].(int); n > 5000+64 {
		t.Errorf("set-param nodes=5000: last info nodes %d", n)
	}
	c.quit()
}

// TestGameOver: go in a position without a move answers an error alone:
// the protocol has no done without a move. The session goes on.
func TestGameOver(t *testing.T) {
	c := startSession(t, Options{TTBits: 12})
	c.send("pos pos=Wb" + strings.Repeat("e", 49))
	c.send("go think")
	if cmd, arg := c.recvHub(); cmd != "error" || !strings.Contains(arg, "game is over") {
		t.Errorf("go with no white piece: %q %q", cmd, arg)
	}
	c.send("ping")
	if cmd, arg := c.recvHub(); cmd != "pong" {
		t.Errorf("after the error: %q %q, want pong (no done)", cmd, arg)
	}
	c.quit()
}

// TestInputClosed: closing the engine's input during go think with level
// infinite ends Run within 100 ms (the protocol: the GUI has crashed,
// quit as directly as possible).
func TestInputClosed(t *testing.T) {
	for _, mode := range []string{"think", "analyze", "ponder"} {
		c := startSession(t, Options{TTBits: 16})
		c.send("pos pos=" + StartPosition)
		c.send("level infinite")
		c.send("go " + mode)
		if cmd, arg := c.recvHub(); cmd != "info" {
			t.Fatalf("go %s: %q %q, want info", mode, cmd, arg)
		}
		closed := time.Now()
		c.w.Close()
		select {
		case err := <-c.ended:
			if err != nil {
				t.Errorf("go %s, input closed: Run = %v, want nil", mode, err)
			}
			if waited := time.Since(closed); waited > 100*time.Millisecond {
				t.Errorf("go %s: Run ended %v after the input closed, want under 100ms", mode, waited)
			}
		case <-time.After(time.Second):
			t.Fatalf("go %s, level infinite: Run still running 1s after its input closed", mode)
		}
	}
}

// TestInfoLine: nps is in millions of nodes per second, as Scan writes it.
func TestInfoLine(t *testing.T) {
	l := infoLine(ai.Decision{Depth: 3, Score: 0.5}, 3_500_000, 2*time.Second)
	for _, want := range []string{"depth=3 ", "nodes=3500000 ", "time=2.000 ", "nps=1.75 "} {
		if !strings.Contains(l.String(), want) {
			t.Errorf("info line %q lacks %q", l, want)
		}
	}
}

func TestMoveBudget(t *testing.T) {
	tests := []struct {
		level string
		want  time.Duration
	}{
		{"level move-time=0.5", 500 * time.Millisecond},
		{"level time=60", 2 * time.Second},                                     // 60/30
		{"level time=60 inc=1", 3 * time.Second},                               // 60/30 + 1
		{"level time=40 moves=20", 2 * time.Second},                            // 40/20
		{"level time=0.1 inc=0 moves=1", 80 * time.Millisecond},                // at most 0.8 of the clock
		{"level time=0 inc=0.5", 400 * time.Millisecond},                       // the increment added first
		{"level time=0.001", 10 * time.Millisecond},                            // at least 10 ms
		{"level depth=5", 0},                                                   // no time limit
		{"level infinite", 0},                                                  // no time limit
		{"level move-time=2 some-future-arg=1", 2 * time.Second},               // unknown arguments ignored
		{"level time=30 inc=0 moves=0 move-time=0.25", 250 * time.Millisecond}, // move-time first
	}
	for _, tt := range tests {
		e := New(Options{MoveTime: 7 * time.Second})
		l, err := ParseLine(tt.level)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.setLevel(l); err != nil {
			t.Fatalf("%s: %v", tt.level, err)
		}
		if got := e.moveBudget(); got != tt.want {
			t.Errorf("%s: budget %v, want %v", tt.level, got, tt.want)
		}
	}
	if got := New(Options{MoveTime: 7 * time.Second}).moveBudget(); got != 7*time.Second {
		t.Errorf("no level: budget %v, want the default 7s", got)
	}
}

// TestNewGameAndParams: set-param changes what the hub command lists, and
// new-game starts again from the start position (or the one given).
func TestNewGameAndParams(t *testing.T) {
	c := startEngine(t, Options{TTBits: 12})
	c.send("set-param name=time value=0.05")
	c.send("set-param name=depth value=2")
	c.send("set-param name=tt-size value=13")
	c.send("hub")
	var params []string
	for {
		cmd, arg := c.recvHub()
		if cmd == "wait" {
			break
		}
		if cmd == "param" {
			params = append(params, arg)
		}
	}
	for _, want := range []string{"name=time value=0.05 ", "name=depth value=2 ", "name=tt-size value=13 "} {
		found := false
		for _, p := range params {
			found = found || strings.HasPrefix(p, want)
		}
		if !found {
			t.Errorf("after set-param, no param line starting %q in %q", want, params)
		}
	}
	c.init()
	c.send("pos pos=" + StartPosition + ` moves="32-28"`)
	c.send("new-game")
	c.send("go think")
	best, _ := c.readSearch()
	legalHubMove(t, startState(t), best) // White's move: the start, not after 32-28
	if d := c.info["depth"]; d != 2 {
		t.Errorf("set-param depth=2: depth %v", d)
	}
	given := board('B', map[int]byte{8: 'b', 43: 'w'})
	c.send("new-game pos=" + given)
	c.send("go think")
	best, _ = c.readSearch()
	bare, _ := dames.Game{}.ParsePosition(game.DefaultConfig(dames.Game{}), "B:W43:B8")
	legalHubMove(t, bare, best)
	c.quit()
}
