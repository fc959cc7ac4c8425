package hub

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"plateau/ai"
	"plateau/games/dames"
)

// The first Hub protocol, which Scan 2.0 speaks, differs from the second
// in its lines: plain words, no key=value. The engine answers hub with
// name, author... and wait, init with ready; set NAME VALUE sets a
// parameter; new starts a game, pos sets a position whose side to move is
// lower case (w or b), move plays a move on the engine's board, time sets
// the time per move in milliseconds, go searches and ends with move MOVE
// [PONDER]; its info lines are info DEPTH PLY-AVERAGE SCORE NODES TIME
// SPEED PV..., the score in centi-men for the side to move. Any line
// during a search stops it, and quit quits.

// Hub1 is the Client.Protocol of the first Hub protocol.
const Hub1 = 1

// init1 runs the first protocol's initialisation on a started process.
func (p *process) init1(ctx context.Context, params [][2]string) error {
	if err := p.sendText("hub"); err != nil {
		return err
	}
	for {
		text, err := p.nextText(ctx)
		if err != nil {
			return fmt.Errorf("waiting for wait after hub: %w", err)
		}
		cmd, rest, _ := strings.Cut(text, " ")
		if cmd == "name" && strings.TrimSpace(rest) != "" {
			p.name = strings.TrimSpace(rest)
		}
		if cmd == "wait" {
			break
		}
	}
	for _, kv := range params {
		if err := p.sendText("set " + kv[0] + " " + kv[1]); err != nil {
			return err
		}
	}
	if err := p.sendText("init"); err != nil {
		return err
	}
	for {
		text, err := p.nextText(ctx)
		if err != nil {
			return fmt.Errorf("waiting for ready after init: %w", err)
		}
		switch cmd, rest, _ := strings.Cut(text, " "); cmd {
		case "ready":
			return nil
		case "error":
			return fmt.Errorf("the engine says: %s", rest)
		}
	}
}

// sendText writes one line of the first protocol to the engine.
func (p *process) sendText(text string) error {
	if _, err := p.in.Write([]byte(text + "\n")); err != nil {
		return fmt.Errorf("writing %q to the engine: %w", text, err)
	}
	return nil
}

// nextText returns the engine's next line that is not blank, trimmed, or
// an error when the output ends or ctx does.
func (p *process) nextText(ctx context.Context) (string, error) {
	for {
		select {
		case text, ok := <-p.lines:
			if !ok {
				return "", errEnded
			}
			if text = strings.TrimSpace(text); text != "" {
				return text, nil
			}
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Position1 writes p as a position of the first Hub protocol: the side to
// move in lower case, then the squares as in FormatPosition.
func Position1(p dames.Pos) string {
	s := FormatPosition(p)
	return strings.ToLower(s[:1]) + s[1:]
}

// ask1 sends the line (new on a new game, the line's start and its moves)
// and the time, and starts the search.
func (c *Client) ask1(ctx context.Context, st *dames.State) error {
	lines := make([]string, 0, len(c.moves)+4)
	if !c.follow(st) {
		lines = append(lines, "new")
	}
	lines = append(lines, "pos "+Position1(c.start.Pos()))
	for _, m := range c.moves {
		lines = append(lines, "move "+FormatMove(m))
	}
	lines = append(lines, "time "+strconv.FormatInt(c.moveTime(ctx).Milliseconds(), 10), "go")
	for _, l := range lines {
		if err := c.p.sendText(l); err != nil {
			return err
		}
	}
	return nil
}

// moveTime is the time of the next move: MoveTime (default 1s), within
// nine tenths of what ctx leaves, at least 10ms.
func (c *Client) moveTime(ctx context.Context) time.Duration {
	t := c.MoveTime
	if t <= 0 {
		t = time.Second
	}
	if dl, ok := ctx.Deadline(); ok {
		t = min(t, time.Until(dl)*9/10)
	}
	return max(t, 10*time.Millisecond)
}

// wait1 reads info lines until the move, stopping the search when ctx
// ends; it returns the last info's decision (no move) and the move.
func (c *Client) wait1(ctx context.Context, st *dames.State) (ai.Decision, string, error) {
	var d ai.Decision
	waitCtx := ctx
	for {
		text, err := c.p.nextText(waitCtx)
		if err != nil && waitCtx == ctx && ctx.Err() != nil {
			// Out of time: any line stops the search.
			if err := c.p.sendText("stop"); err != nil {
				return d, "", err
			}
			var cancel context.CancelFunc
			waitCtx, cancel = context.WithTimeout(context.Background(), c.stopGrace())
			defer cancel()
			continue
		}
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return d, "", fmt.Errorf("no move %v after stop: %w", c.stopGrace(), ctx.Err())
			}
			return d, "", err
		}
		f := strings.Fields(text)
		switch f[0] {
		case "info":
			readInfo1(&d, f[1:], st)
		case "error":
			return d, "", fmt.Errorf("the engine says: %s", strings.Join(f[1:], " "))
		case "move":
			if len(f) < 2 {
				return d, "", errors.New("move without a move")
			}
			return d, f[1], nil
		}
	}
}

// stopGrace is StopGrace, 1s by default.
func (c *Client) stopGrace() time.Duration {
	if c.StopGrace > 0 {
		return c.StopGrace
	}
	return time.Second
}

// readInfo1 reads the fields after info (depth, ply average, score in
// centi-men, nodes, time, speed, pv...) into d; what does not parse is
// left as it was.
func readInfo1(d *ai.Decision, f []string, st *dames.State) {
	if len(f) >= 1 {
		if n, err := strconv.Atoi(f[0]); err == nil {
			d.Depth = n
		}
	}
	if len(f) >= 3 {
		if n, err := strconv.Atoi(f[2]); err == nil {
			d.Score, d.Proven = ScoreValue(float64(n) / 100)
		}
	}
	if len(f) >= 4 {
		if n, err := strconv.ParseInt(f[3], 10, 64); err == nil {
			d.Nodes = n
		}
	}
	if len(f) >= 7 {
		d.PV = readPV(d.PV[:0], st, f[6:])
	}
}
