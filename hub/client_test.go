package hub

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"plateau/game"
	"plateau/games/dames"
)

// client drives an Engine the way pydraughts' HubEngine drives Scan: the
// same lines in the same order, the same parsing of the replies.
type client struct {
	t        *testing.T
	w        io.WriteCloser
	lines    chan string // the engine's lines
	ended    chan error  // Run's result
	warnings []string    // what HubEngine would log as unexpected
	info     map[string]any
	id       map[string]string
	options  []string
}

// startEngine runs an Engine in-process on pipes.
func startEngine(t *testing.T, opt Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, w: inW, lines: make(chan string, 1024), ended: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		err := New(opt).Run(ctx, inR, outW)
		outW.Close()
		c.ended <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
	})
	return c
}

// startSession starts an engine and opens the session as HubEngine does:
// its constructor sends hub, then the caller's init.
func startSession(t *testing.T, opt Options) *client {
	t.Helper()
	c := startEngine(t, opt)
	c.hub()
	c.init()
	return c
}

// startState is the start of a game in Plateau's own engine.
func startState(t *testing.T) game.State {
	t.Helper()
	st, err := dames.Game{}.New(game.DefaultConfig(dames.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// pongAmidInfo pings during a search: only info lines may come before the
// pong.
func (c *client) pongAmidInfo() {
	c.t.Helper()
	c.send("ping")
	for {
		cmd, arg := c.recvHub()
		if cmd == "pong" {
			return
		}
		if cmd != "info" {
			c.t.Fatalf("waiting for pong during a search: got %q %q", cmd, arg)
		}
	}
}

func (c *client) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		c.t.Fatalf("send %q: %v", line, err)
	}
}

// recv returns the next non-empty line, right-stripped, failing the test
// after a deadline.
func (c *client) recv() string {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatal("the engine closed its output (EOFError)")
			}
			l = strings.TrimRight(l, " \t\r\n")
			if l != "" {
				return l
			}
		case <-timeout:
			c.t.Fatal("no line from the engine within 20s")
		}
	}
}

// recvHub splits a line at the first run of spaces: command and the rest.
func (c *client) recvHub() (string, string) {
	c.t.Helper()
	f := strings.Fields(c.recv())
	line := strings.Join(f, " ")
	cmd, arg, _ := strings.Cut(line, " ")
	return cmd, arg
}

// splitArgs splits at runs of spaces outside double quotes, as
// re.split(r' +(?![^"]*"(?:(?:[^"]*"){2})*[^"]*$)', arg) does, then each
// part at "=", which must give exactly a key and a value (Python's
// "for key, value in args" raises otherwise).
func (c *client) splitArgs(arg string) [][2]string {
	c.t.Helper()
	var parts []string
	var cur strings.Builder
	inQuote := false
	for i := 0; i < len(arg); i++ {
		switch ch := arg[i]; {
		case ch == '"':
			inQuote = !inQuote
			cur.WriteByte(ch)
		case ch == ' ' && !inQuote:
			if cur.Len() > 0 || (i > 0 && arg[i-1] != ' ') {
				parts = append(parts, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(ch)
		}
	}
	parts = append(parts, cur.String())
	var kv [][2]string
	for _, p := range parts {
		f := strings.Split(p, "=")
		if len(f) != 2 {
			c.t.Fatalf("%q in %q: not key=value with one '=' (pydraughts raises ValueError)", p, arg)
		}
		kv = append(kv, [2]string{f[0], f[1]})
	}
	return kv
}

// hub is HubEngine.hub: "hub", then id and param lines until wait.
func (c *client) hub() {
	c.t.Helper()
	c.send("hub")
	c.id = map[string]string{}
	for {
		cmd, arg := c.recvHub()
		switch cmd {
		case "wait":
			return
		case "id":
			for _, kv := range c.splitArgs(arg) {
				c.id[kv[0]] = kv[1]
			}
		case "param":
			for _, kv := range c.splitArgs(arg) {
				if kv[0] == "name" {
					c.options = append(c.options, kv[1])
				}
			}
		default:
			c.warnings = append(c.warnings, "hub: "+cmd+" "+arg)
		}
	}
}

// init is HubEngine.init: "init", then lines until ready.
func (c *client) init() {
	c.t.Helper()
	c.send("init")
	for {
		cmd, arg := c.recvHub()
		if cmd == "ready" {
			return
		}
		if cmd != "init" {
			c.warnings = append(c.warnings, "init: "+cmd+" "+arg)
		}
	}
}

// ping is HubEngine.ping.
func (c *client) ping() {
	c.t.Helper()
	c.send("ping")
	for {
		cmd, arg := c.recvHub()
		if cmd == "pong" {
			return
		}
		c.warnings = append(c.warnings, "ping: "+cmd+" "+arg)
	}
}

// goThink is HubEngine.go with movetime: pos, level move-time, go think,
// then info lines until done; it returns the best and ponder moves.
func (c *client) goThink(fen, moves string, movetime float64) (string, string) {
	c.t.Helper()
	if moves != "" {
		c.send(fmt.Sprintf("pos pos=%s moves=\"%s\"", fen, moves))
	} else {
		c.send("pos pos=" + fen)
	}
	c.send(fmt.Sprintf("level move-time=%v", movetime))
	c.send("go think")
	return c.readSearch()
}

// readSearch reads info lines until done, parsing them as HubEngine.go.
func (c *client) readSearch() (string, string) {
	c.t.Helper()
	c.info = map[string]any{}
	for {
		cmd, arg := c.recvHub()
		switch cmd {
		case "done":
			var args [][]string
			for _, a := range strings.Fields(arg) {
				args = append(args, strings.Split(a, "="))
			}
			if len(args) == 0 || len(args[0]) < 2 {
				c.t.Fatalf("done %q: pydraughts reads args[0][1], there is none", arg)
			}
			best, ponder := args[0][1], ""
			if len(args) == 2 {
				ponder = args[1][1]
			}
			return best, ponder
		case "info":
			for _, kv := range c.splitArgs(arg) {
				key, value := kv[0], kv[1]
				switch key {
				case "depth", "nodes":
					n, err := strconv.Atoi(value)
					if err != nil {
						c.t.Fatalf("info %s=%q: int() fails: %v", key, value, err)
					}
					c.info[key] = n
				case "mean-depth", "time", "nps":
					f, err := strconv.ParseFloat(value, 64)
					if err != nil {
						c.t.Fatalf("info %s=%q: float() fails: %v", key, value, err)
					}
					c.info[key] = f
				case "score":
					f, err := strconv.ParseFloat(value, 64)
					if err != nil {
						c.t.Fatalf("info score=%q: float() fails: %v", value, err)
					}
					score := int(f * 100)
					switch {
					case score > 9000:
						c.info[key] = map[string]int{"win": int(math.Ceil(float64(10000-score) / 2))}
					case score < -9000:
						c.info[key] = map[string]int{"win": int(math.Ceil(float64(-10000-score) / 2))}
					default:
						c.info[key] = map[string]int{"cp": score}
					}
				default:
					c.info[key] = value
				}
			}
		default:
			c.warnings = append(c.warnings, "go: "+cmd+" "+arg)
		}
	}
}

func (c *client) quit() {
	c.t.Helper()
	c.send("quit")
	select {
	case err := <-c.ended:
		if err != nil {
			c.t.Errorf("Run after quit: %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Fatal("the engine did not end within 10s of quit")
	}
}

// legalHubMove finds the legal move of s that a Hub move names the way
// pydraughts does (origin, destination and the sorted captured squares),
// from Plateau's own generator and DescribeMove, not from this package.
func legalHubMove(t *testing.T, s game.State, hubMove string) game.Move {
	t.Helper()
	key := func(parts []int) string {
		var b strings.Builder
		for _, p := range parts {
			fmt.Fprintf(&b, "%02d", p)
		}
		return b.String()
	}
	sep := "-"
	if strings.Contains(hubMove, "x") {
		sep = "x"
	}
	var nums []int
	for _, f := range strings.Split(hubMove, sep) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("hub move %q: %v", hubMove, err)
		}
		nums = append(nums, n)
	}
	want := key(nums)
	for _, m := range s.Moves(nil) {
		info := s.DescribeMove(m).(dames.MoveInfo)
		caps := slices.Clone(info.Captured)
		slices.Sort(caps)
		if key(append([]int{info.From, info.To}, caps...)) == want {
			return m
		}
	}
	t.Fatalf("hub move %q is not legal in %s", hubMove, s.Position())
	return 0
}

// TestPlayGameAsPydraughts plays a whole game from the start, the engine
// against itself, driven as pydraughts' HubEngine.play drives Scan: every
// go sends the initial position and all the moves so far.
func TestPlayGameAsPydraughts(t *testing.T) {
	c := startEngine(t, Options{TTBits: 16})
	c.hub()
	if c.id["name"] != "Plateau" || !slices.Contains(c.options, "tt-size") || !slices.Contains(c.options, "time") {
		t.Errorf("hub: id %v, params %v", c.id, c.options)
	}
	c.init()
	cfg, err := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := dames.Game{}.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var stack []string
	const maxPlies = 300
	for len(stack) < maxPlies && st.ToMove() != game.Nobody {
		best, ponder := c.goThink(StartPosition, strings.Join(stack, " "), 0.02)
		m := legalHubMove(t, st, best)
		if ponder != "" {
			after := st.Clone()
			if err := after.Play(m); err != nil {
				t.Fatal(err)
			}
			if after.ToMove() != game.Nobody {
				legalHubMove(t, after, ponder)
			}
		}
		if d, ok := c.info["depth"].(int); !ok || d < 1 {
			t.Errorf("ply %d: info depth %v", len(stack)+1, c.info["depth"])
		}
		if _, ok := c.info["score"].(map[string]int); !ok {
			t.Errorf("ply %d: no info score", len(stack)+1)
		}
		if err := st.Play(m); err != nil {
			t.Fatal(err)
		}
		stack = append(stack, best)
	}
	t.Logf("%d plies, %s, final %s", len(stack), st.Outcome().Reason, st.Position())
	// The position the engine reached from the moves is the one Plateau
	// reached: ask for a move in the final position given directly.
	p := st.(*dames.State).Pos()
	fen, err := PositionFEN(FormatPosition(p))
	if err != nil {
		t.Fatal(err)
	}
	if back, err := dames.ParseFEN(fen); err != nil || back != p {
		t.Fatalf("final position %s: Hub round trip gives %v, %v", p.FEN(), back.FEN(), err)
	}
	if st.ToMove() != game.Nobody {
		bare, err := dames.Game{}.ParsePosition(cfg, p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		best, _ := c.goThink(FormatPosition(p), "", 0.02)
		legalHubMove(t, bare, best)
	}
	c.ping()
	if len(c.warnings) > 0 {
		t.Errorf("lines pydraughts would warn about: %q", c.warnings)
	}
	c.quit()
}
