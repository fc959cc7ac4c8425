package hub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/games/dames"
)

// Client plays international draughts through a Hub engine (Scan, or
// plateau hub) run as a child process: it is an ai.Player for dames states
// without huffing. Choose sends the position with the moves since the last
// man move or capture (so that the engine sees repetitions), a level
// move-time and go think, and checks the engine's move with Plateau's
// generator. The process starts on the first Choose and again on the next
// one after it crashed, quit or failed to answer in time.
//
// A Client follows the game it is asked about: when the position is the
// last one it answered after one more move, the line goes on; otherwise it
// is a new game, and the engine gets new-game first. A Client serves one
// goroutine at a time.
type Client struct {
	// Path and Args start the engine ("scan" and "hub" for Scan).
	Path string
	Args []string
	// Protocol is the Hub protocol's version: Hub1 for the first (Scan
	// 2.0), the second (Scan 3.x, plateau hub) otherwise.
	Protocol int
	// Params are set (set-param, or set in the first protocol) before
	// init, in order.
	Params [][2]string
	// MoveTime is the time per move (default 1s), less when the context
	// of Choose ends sooner.
	MoveTime time.Duration
	// StopGrace is how long the engine has to answer done after stop,
	// sent when Choose's context ends first (default 1s); after it the
	// process is killed.
	StopGrace time.Duration
	// InitTimeout bounds the initialisation (default 60s: an engine may
	// load endgame tables).
	InitTimeout time.Duration
	// Stderr receives the engine's standard error (nil: discarded).
	Stderr io.Writer
	// Restarts counts the processes started after the first.
	Restarts int

	p       *process
	start   *dames.State // the line's position after its last irreversible move
	moves   []game.Move  // the reversible moves played from start
	last    *dames.State // the position after the last move known, nil for none
	started bool
}

// Name is the engine's name from its id line, or its command's base name
// before it started.
func (c *Client) Name() string {
	if c.p != nil {
		return c.p.name
	}
	return c.Path[strings.LastIndexAny(c.Path, `/\`)+1:]
}

// Start starts the engine process now, if it is not running.
func (c *Client) Start() error {
	if c.p != nil {
		return nil
	}
	timeout := c.InitTimeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	p, err := startProcess(c.Path, c.Args, c.Protocol, c.Params, c.Stderr, timeout)
	if err != nil {
		return err
	}
	if c.started {
		c.Restarts++
	}
	c.p, c.started, c.last = p, true, nil
	return nil
}

// Close quits the engine (killing it after a second).
func (c *Client) Close() {
	if c.p != nil {
		c.p.quit(time.Second)
		c.p = nil
	}
}

// fail kills the process after an error: the next Choose starts another.
func (c *Client) fail() {
	if c.p != nil {
		c.p.kill()
		c.p = nil
	}
}

// Choose asks the engine for a move in s.
func (c *Client) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	st, ok := s.(*dames.State)
	if !ok {
		return ai.Decision{}, fmt.Errorf("hub client: a %T is not a dames state", s)
	}
	if _, _, huffing := st.DrawRules(); huffing {
		return ai.Decision{}, errors.New("hub client: Hub engines do not play huffing")
	}
	if st.ToMove() == game.Nobody {
		return ai.Decision{}, fmt.Errorf("%w: the game is over in %q", ai.ErrNoDecision, s.Position())
	}
	if err := c.Start(); err != nil {
		return ai.Decision{}, err
	}
	ask, wait := c.ask, c.wait
	if c.Protocol == Hub1 {
		ask, wait = c.ask1, c.wait1
	}
	if err := ask(ctx, st); err != nil {
		c.fail()
		return ai.Decision{}, fmt.Errorf("%s: %w", c.Name(), err)
	}
	d, text, err := wait(ctx, st)
	if err != nil {
		c.fail()
		return ai.Decision{}, fmt.Errorf("%s: %w", c.Name(), err)
	}
	m, err := ParseMove(st, text)
	if err != nil {
		return ai.Decision{}, fmt.Errorf("%s played %q in %s: %w", c.Name(), text, st.Position(), err)
	}
	d.Move = m
	if len(d.PV) == 0 || d.PV[0] != m {
		d.PV = []game.Move{m}
	}
	c.played(st, m)
	return d, nil
}

// ask sends the position and starts the search.
func (c *Client) ask(ctx context.Context, st *dames.State) error {
	if !c.follow(st) {
		if err := c.p.send(Line{Cmd: "new-game"}); err != nil {
			return err
		}
	}
	pos := NewLine("pos", "pos", FormatPosition(c.start.Pos()))
	if len(c.moves) > 0 {
		texts := make([]string, len(c.moves))
		for i, m := range c.moves {
			texts[i] = FormatMove(m)
		}
		pos = NewLine("pos", "pos", FormatPosition(c.start.Pos()), "moves", strings.Join(texts, " "))
	}
	t := c.moveTime(ctx)
	for _, l := range []Line{pos, NewLine("level", "move-time", strconv.FormatFloat(t.Seconds(), 'f', 3, 64)), {Cmd: "go", Args: []Arg{{Key: "think", Flag: true}}}} {
		if err := c.p.send(l); err != nil {
			return err
		}
	}
	return nil
}

// wait reads info lines until done, stopping the search when ctx ends;
// it returns the last info's decision (no move) and done's move.
func (c *Client) wait(ctx context.Context, st *dames.State) (ai.Decision, string, error) {
	var d ai.Decision
	waitCtx := ctx
	for {
		l, err := c.p.next(waitCtx)
		if err != nil && waitCtx == ctx && ctx.Err() != nil {
			// Out of time: stop, and give the engine its grace to answer.
			if err := c.p.send(Line{Cmd: "stop"}); err != nil {
				return d, "", err
			}
			var cancel context.CancelFunc
			waitCtx, cancel = context.WithTimeout(context.Background(), c.stopGrace())
			defer cancel()
			continue
		}
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return d, "", fmt.Errorf("no move %v after stop: %w", c.StopGrace, ctx.Err())
			}
			return d, "", err
		}
		switch l.Cmd {
		case "info":
			readInfo(&d, l, st)
		case "error":
			msg, _ := l.Get("message")
			return d, "", fmt.Errorf("the engine says: %s", msg)
		case "done":
			move, ok := l.Get("move")
			if !ok || move == "" {
				return d, "", errors.New("done without a move")
			}
			return d, move, nil
		}
	}
}

// readInfo reads an info line's depth, score, nodes and pv into d; what
// does not parse is left as it was.
func readInfo(d *ai.Decision, l Line, st *dames.State) {
	if v, ok := l.Get("depth"); ok {
		if n, err := strconv.Atoi(v); err == nil {
			d.Depth = n
		}
	}
	if v, ok := l.Get("nodes"); ok {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			d.Nodes = n
		}
	}
	if v, ok := l.Get("score"); ok {
		if men, err := strconv.ParseFloat(v, 64); err == nil && !math.IsNaN(men) {
			d.Score, d.Proven = ScoreValue(men)
		}
	}
	if v, ok := l.Get("pv"); ok {
		d.PV = readPV(d.PV[:0], st, strings.Fields(v))
	}
}

// readPV appends to pv the moves of texts played from st, up to the first
// that is not legal.
func readPV(pv []game.Move, st *dames.State, texts []string) []game.Move {
	var s game.State = st.Clone()
	for _, text := range texts {
		m, err := ParseMove(s, text)
		if err != nil || s.Play(m) != nil {
			break
		}
		pv = append(pv, m)
	}
	return pv
}

// ScoreValue reads a Hub score in men for the side to move as a win
// probability, the inverse of Score: beyond ±90 a proven result.
func ScoreValue(men float64) (float64, bool) {
	switch {
	case men >= 90:
		return 1, true
	case men <= -90:
		return 0, true
	}
	return 1 / (1 + math.Exp(-men/2)), false
}

// follow sets the line for a search of st: the line goes on when st is
// the last position known or one move after it; otherwise st starts a new
// one. It reports whether the line went on.
func (c *Client) follow(st *dames.State) bool {
	want := st.Position()
	if c.last != nil {
		if c.last.Position() == want {
			return true
		}
		for _, m := range c.last.Moves(nil) {
			n := c.last.Clone().(*dames.State)
			if n.Play(m) == nil && n.Position() == want {
				c.played(c.last, m)
				return true
			}
		}
	}
	c.start, c.moves, c.last = st.Clone().(*dames.State), c.moves[:0], st.Clone().(*dames.State)
	return false
}

// played adds move m, played in before, to the line.
func (c *Client) played(before *dames.State, m game.Move) {
	after := before.Clone().(*dames.State)
	if after.Play(m) != nil {
		return
	}
	info, _ := before.DescribeMove(m).(dames.MoveInfo)
	king := false
	if pos := FormatPosition(before.Pos()); info.From >= 1 && info.From < len(pos) {
		king = pos[info.From] == 'W' || pos[info.From] == 'B'
	}
	if len(info.Captured) > 0 || !king {
		c.start, c.moves = after.Clone().(*dames.State), c.moves[:0]
	} else {
		c.moves = append(c.moves, m)
	}
	c.last = after
}
