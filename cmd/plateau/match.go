package main

import (
	"context"
	"fmt"
	"time"

	"plateau/referee"
)

func runMatch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "match", "dames --a hub:PATH[,ARG...]|hub1:PATH[,ARG...]|LEVEL --b hub:PATH[,ARG...]|hub1:PATH[,ARG...]|LEVEL --games N --time T [--seed S] [--grace D] [--pdn FILE] [--json]",
		"plateau match dames --a hub:/opt/scan/scan,hub --b max --games 32 --time 1s --pdn scan.pdn")
	a := fs.String("a", "", "player A: hub:PATH[,ARG...] (a Hub engine run as a child process), hub1:PATH[,ARG...] (one speaking the first Hub protocol, Scan 2.0) or a level")
	b := fs.String("b", "", "player B, named like A")
	games := fs.Int("games", 16, "number of games (pairs of games play each opening with both colours)")
	moveTime := fs.Duration("time", time.Second, "time per move")
	grace := fs.Duration("grace", 0, "margin after --time before a move is late and loses (default --time + 2s)")
	seed := fs.Uint64("seed", 1, "the first pair's opening and the levels' seed")
	pdn := fs.String("pdn", "", "write the games to `file` in PDN")
	asJSON := fs.Bool("json", false, "print a JSON object")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "dames" {
		return usagef("want the game dames (the only game Hub engines play), got %q", pos)
	}
	if *games < 1 || *moveTime <= 0 || *grace < 0 {
		return usagef("--games %d --time %v --grace %v: want at least 1 game, a positive time and grace", *games, *moveTime, *grace)
	}
	ea, err := referee.Entrant(*a, *moveTime)
	if err != nil {
		return usageError{fmt.Errorf("--a: %w", err)}
	}
	eb, err := referee.Entrant(*b, *moveTime)
	if err != nil {
		return usageError{fmt.Errorf("--b: %w", err)}
	}
	m := referee.Match{A: ea, B: eb, Games: *games, Time: *moveTime, Grace: *grace, Seed: *seed,
		Finished: func(g referee.Game) { fmt.Fprintln(e.stderr, g) }}
	r, err := m.Run(ctx)
	if err != nil && (ctx.Err() == nil || len(r.Games) == 0) {
		return err
	}
	// Stopped by a signal: the games played so far are the result.
	stopped := err
	if *pdn != "" {
		if err := createWith(*pdn, r.WritePDN); err != nil {
			return err
		}
	}
	if *asJSON {
		if err := writeJSON(e, r); err != nil {
			return err
		}
		return stopped
	}
	r.WriteText(e.stdout, *moveTime)
	return stopped
}
