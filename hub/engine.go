package hub

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	aidames "plateau/ai/dames"
	"plateau/game"
	"plateau/games/dames"
)

// Options configure an Engine.
type Options struct {
	// Name and Version go on the id line.
	Name, Version string
	// MoveTime is the time per move when no level says otherwise
	// (default 1s); the param "time" changes it.
	MoveTime time.Duration
	// TTBits is the log2 of the transposition table's entries (default
	// 21, as the level max); the param "tt-size" changes it.
	TTBits int
	// Seed seeds the player.
	Seed uint64
}

// Engine is one Hub session: Run reads the GUI's lines and writes the
// engine's. An Engine serves one session at a time.
type Engine struct {
	opt Options

	out   *bufio.Writer
	outMu sync.Mutex

	cfg    game.Config
	state  game.State      // the position of the last pos command
	lv     limits          // the last level command
	depth  int             // param depth: 0 no limit
	nodes  int64           // param nodes: 0 no limit
	player *aidames.Engine // kept between searches (its table), nil until needed

	job *job           // the running search, nil when idle
	wg  sync.WaitGroup // the search goroutines
}

// limits is what a level command says.
type limits struct {
	moveTime       time.Duration // fixed time for this move
	time, inc      time.Duration // clock: remaining time, increment
	moves          int           // moves to the next time control
	depth          int
	nodes          int64
	infinite       bool
	clock, haveAny bool
}

// job is a running search.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
	// clock is the search's context less the move's time: the timer
	// cancels it alone, so that the first depth, searched without it,
	// always finishes and the move comes with its info line.
	clock     context.Context
	clockStop context.CancelFunc

	mu       sync.Mutex
	deadline time.Time     // end of the move's time, zero until armed or without one
	mode     string        // think, ponder or analyze
	once     bool          // one iterative deepening (think with a limit)
	budget   time.Duration // time for the move once thinking (0: none)
	hit      chan struct{} // closed by ponder-hit
	hitOnce  sync.Once
	stopped  chan struct{} // closed by stop
	stopOnce sync.Once
}

// New returns an engine.
func New(opt Options) *Engine {
	if opt.Name == "" {
		opt.Name = "Plateau"
	}
	if opt.Version == "" {
		opt.Version = "dev"
	}
	if opt.MoveTime <= 0 {
		opt.MoveTime = time.Second
	}
	if opt.TTBits == 0 {
		opt.TTBits = 21
	}
	cfg, err := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	if err != nil {
		panic(err) // dames always has draw=fmjd
	}
	e := &Engine{opt: opt, cfg: cfg}
	e.state, _ = dames.Game{}.New(cfg)
	return e
}

// send writes one line and flushes it.
func (e *Engine) send(l Line) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	e.out.WriteString(l.String())
	e.out.WriteByte('\n')
	e.out.Flush()
}

// sendError writes an error line: the engine goes on.
func (e *Engine) sendError(err error) {
	msg := strings.ReplaceAll(err.Error(), `"`, "'")
	e.send(NewLine("error", "message", msg))
}

// Run serves one session: it reads lines from r until quit, the end of r or
// the end of ctx, and writes the engine's lines to w. A malformed or
// unknown line gets an error line and the session goes on. Run returns nil
// on quit or at the end of r; both stop a running search at once (its done
// may still be written, with the best move found so far).
func (e *Engine) Run(ctx context.Context, r io.Reader, w io.Writer) error {
	e.out = bufio.NewWriter(w)
	lines := make(chan string)
	readErr := make(chan error, 1)
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-readCtx.Done():
				return
			}
		}
		readErr <- sc.Err()
	}()
	defer e.wg.Wait()
	defer e.stopSearch()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-readErr:
			if err != nil {
				return fmt.Errorf("hub: reading the GUI's lines: %w", err)
			}
			// The end of the input: the GUI is gone, quit as directly as
			// possible (the protocol's word); the deferred stopSearch
			// cancels any search, which notices within a few
			// thousand nodes.
			return nil
		case text := <-lines:
			if strings.TrimSpace(text) == "" {
				continue
			}
			l, err := ParseLine(text)
			if err != nil {
				e.sendError(err)
				continue
			}
			if l.Cmd == "quit" {
				return nil
			}
			if err := e.handle(ctx, l); err != nil {
				e.sendError(err)
			}
		}
	}
}

// params lists the engine's parameters on param lines.
func (e *Engine) params() []Line {
	return []Line{
		{Cmd: "param", Args: []Arg{{Key: "name", Value: "variant"}, {Key: "value", Value: "normal"}, {Key: "type", Value: "enum"}, {Key: "values", Value: "normal"}}},
		NewLine("param", "name", "time", "value", strconv.FormatFloat(e.opt.MoveTime.Seconds(), 'f', -1, 64), "type", "real", "min", "0.01", "max", "3600"),
		NewLine("param", "name", "depth", "value", strconv.Itoa(e.depth), "type", "int", "min", "0", "max", "64"),
		NewLine("param", "name", "nodes", "value", strconv.FormatInt(e.nodes, 10), "type", "int", "min", "0", "max", "1000000000000"),
		NewLine("param", "name", "tt-size", "value", strconv.Itoa(e.opt.TTBits), "type", "int", "min", "10", "max", "26"),
	}
}

func (e *Engine) handle(ctx context.Context, l Line) error {
	switch l.Cmd {
	case "hub":
		e.send(NewLine("id", "name", e.opt.Name, "version", e.opt.Version, "author", "Plateau", "country", "France"))
		for _, p := range e.params() {
			e.send(p)
		}
		e.send(Line{Cmd: "wait"})
	case "init":
		e.send(Line{Cmd: "ready"})
	case "ping":
		e.send(Line{Cmd: "pong"})
	case "set-param":
		return e.setParam(l)
	case "new-game":
		if e.running() != nil {
			return errors.New("new-game during a search: send stop first")
		}
		e.player = nil // a fresh table
		e.state, _ = dames.Game{}.New(e.cfg)
		if pos, ok := l.Get("pos"); ok {
			return e.setPosition(pos, "")
		}
	case "pos":
		pos, ok := l.Get("pos")
		if !ok {
			pos = StartPosition
		}
		moves, _ := l.Get("moves")
		return e.setPosition(pos, moves)
	case "level":
		return e.setLevel(l)
	case "go":
		return e.startSearch(ctx, l)
	case "ponder-hit":
		j := e.running()
		if j == nil {
			return errors.New("ponder-hit with no search running")
		}
		j.ponderHit()
	case "stop":
		if j := e.running(); j != nil {
			j.stop()
		}
	default:
		return fmt.Errorf("unknown command %q (known: hub, init, set-param, new-game, pos, level, go, ponder-hit, stop, ping, quit)", l.Cmd)
	}
	return nil
}

func (e *Engine) setParam(l Line) error {
	name, _ := l.Get("name")
	value, ok := l.Get("value")
	if !ok {
		return fmt.Errorf("set-param name=%s: no value", name)
	}
	switch name {
	case "variant":
		if value != "normal" {
			return fmt.Errorf("set-param variant=%q: only normal (international draughts) is played", value)
		}
	case "time":
		secs, err := strconv.ParseFloat(value, 64)
		if err != nil || !(secs > 0) || secs > 3600 {
			return fmt.Errorf("set-param time=%q: want seconds in (0, 3600]", value)
		}
		e.opt.MoveTime = time.Duration(secs * float64(time.Second))
	case "depth":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 64 {
			return fmt.Errorf("set-param depth=%q: want 0 (no limit) to 64", value)
		}
		e.depth = n
	case "nodes":
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("set-param nodes=%q: want 0 (no limit) or a positive count", value)
		}
		e.nodes = n
	case "tt-size":
		n, err := strconv.Atoi(value)
		if err != nil || n < 10 || n > 26 {
			return fmt.Errorf("set-param tt-size=%q: want the log2 of the entries, 10 to 26", value)
		}
		if e.running() != nil {
			return errors.New("set-param tt-size during a search: send stop first")
		}
		e.opt.TTBits, e.player = n, nil
	default:
		return fmt.Errorf("set-param: unknown parameter %q", name)
	}
	return nil
}

// setPosition sets the position of the next search: a Hub position and
// the moves played from it.
func (e *Engine) setPosition(pos, moves string) error {
	fen, err := PositionFEN(pos)
	if err != nil {
		return err
	}
	s, err := dames.Game{}.ParsePosition(e.cfg, fen)
	if err != nil {
		return fmt.Errorf("hub position %q: %w", pos, err)
	}
	for i, text := range strings.Fields(moves) {
		if s.ToMove() == game.Nobody {
			// The draw rules ended the game; the GUI decides, so the
			// moves go on from the bare position.
			if s, err = (dames.Game{}).ParsePosition(e.cfg, s.(*dames.State).Pos().FEN()); err != nil {
				return err
			}
		}
		m, err := ParseMove(s, text)
		if err != nil {
			return fmt.Errorf("move %d of moves=: %w", i+1, err)
		}
		if err := s.Play(m); err != nil {
			return fmt.Errorf("move %d of moves= (%s): %w", i+1, text, err)
		}
	}
	e.state = s
	return nil
}

func seconds(key, v string) (time.Duration, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1e6 || math.IsNaN(f) {
		return 0, fmt.Errorf("level %s=%q: want seconds", key, v)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// setLevel reads a level command; it replaces the previous one.
func (e *Engine) setLevel(l Line) error {
	var lv limits
	var err error
	for _, a := range l.Args {
		switch a.Key {
		case "move-time":
			lv.moveTime, err = seconds(a.Key, a.Value)
		case "time":
			lv.time, err = seconds(a.Key, a.Value)
			lv.clock = true
		case "inc":
			lv.inc, err = seconds(a.Key, a.Value)
		case "moves":
			lv.moves, err = strconv.Atoi(a.Value)
			if err != nil || lv.moves < 0 {
				err = fmt.Errorf("level moves=%q: want a count of moves", a.Value)
			}
		case "depth":
			lv.depth, err = strconv.Atoi(a.Value)
			if err != nil || lv.depth < 1 {
				err = fmt.Errorf("level depth=%q: want a depth of 1 ply or more", a.Value)
			}
		case "nodes":
			lv.nodes, err = strconv.ParseInt(a.Value, 10, 64)
			if err != nil || lv.nodes < 1 {
				err = fmt.Errorf("level nodes=%q: want a count of 1 or more", a.Value)
			}
		case "infinite":
			lv.infinite = true
		default:
			// The protocol asks to ignore what is not understood.
			continue
		}
		if err != nil {
			return err
		}
		lv.haveAny = true
	}
	if !lv.haveAny {
		return errors.New("level: none of move-time, time, inc, moves, depth, nodes or infinite given")
	}
	e.lv = lv
	return nil
}

// moveBudget is the time to spend on the next move in think mode, 0 for
// no time limit.
func (e *Engine) moveBudget() time.Duration {
	lv := e.lv
	switch {
	case lv.infinite:
		return 0
	case lv.moveTime > 0:
		return lv.moveTime
	case lv.clock:
		left := lv.time + lv.inc // Hub engines add the increment first
		moves := lv.moves
		if moves <= 0 {
			moves = 30
		}
		b := lv.time/time.Duration(moves) + lv.inc
		b = min(b, left*8/10)
		return max(b, 10*time.Millisecond)
	case lv.depth > 0 || lv.nodes > 0:
		return 0
	}
	return e.opt.MoveTime
}
