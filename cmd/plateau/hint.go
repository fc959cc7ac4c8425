package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"plateau/ai/level"
	"plateau/game"
	"plateau/hub"
	"plateau/review"
)

func runHint(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "hint", "GAME --position P [--level L] [--time D] [--variant K=V]... [--dice ROLL] [--json]",
		"plateau hint dames --position 'W:W28,K46:B12,19' --level hard --json")
	var a gameArgs
	a.register(fs)
	lvl := fs.String("level", "hard", "the player to ask: "+strings.Join(level.Names, ", "))
	limit := fs.Duration("time", 5*time.Second, "time per move of the level max")
	roll := fs.String("dice", "", "at a roll, play this outcome first (its notation)")
	seed := fs.Uint64("seed", 1, "seed of the player's random choices")
	asJSON := fs.Bool("json", false, "print a JSON object")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, _, s, err := a.state(e, pos)
	if err != nil {
		return err
	}
	if *roll != "" {
		if err := playRoll(s, *roll); err != nil {
			return err
		}
	}
	switch s.ToMove() {
	case game.Nobody:
		return fmt.Errorf("the game is over: %s", s.Outcome().Reason)
	case game.Chance:
		return usagef("the position waits for a roll: give one with --dice (e.g. %s)", s.FormatMove(s.Moves(nil)[0]))
	}
	p, err := level.New(g.ID(), *lvl, *seed, level.Options{Time: *limit})
	if err != nil {
		return usageError{err}
	}
	start := time.Now()
	d, err := p.Choose(ctx, s)
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	pv := review.Line(s, d.PV)
	out := struct {
		Move     string   `json:"move"`
		Details  any      `json:"details"`
		Score    float64  `json:"score"`
		PV       []string `json:"pv"`
		Depth    int      `json:"depth"`
		Nodes    int64    `json:"nodes"`
		Seconds  float64  `json:"seconds"`
		Level    string   `json:"level"`
		Player   int      `json:"player"`
		Position string   `json:"position"`
		// Men is the score in men for the player to move (dames): the
		// Hub's unit, a proven win in n plies written 100-n/100.
		Men string `json:"men,omitempty"`
	}{s.FormatMove(d.Move), s.DescribeMove(d.Move), d.Score, pv, d.Depth, d.Nodes, secs, *lvl, int(s.ToMove()) + 1, s.Position(), ""}
	if g.ID() == "dames" {
		out.Men = hub.Score(d.Score, d.Proven)
	}
	if *asJSON {
		return writeJSON(e, out)
	}
	men := ""
	if out.Men != "" {
		men = fmt.Sprintf(" (%s men)", out.Men)
		if !strings.HasPrefix(out.Men, "-") {
			men = fmt.Sprintf(" (+%s men)", out.Men)
		}
	}
	fmt.Fprintf(e.stdout, "best move %s  score %.3f%s for player %d  depth %d  %d nodes in %.2fs\n",
		out.Move, d.Score, men, out.Player, d.Depth, d.Nodes, secs)
	if len(pv) > 1 {
		fmt.Fprintf(e.stdout, "principal variation: %s\n", strings.Join(pv, " "))
	}
	return nil
}
