package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/game"
)

// versus holds play's --vs flags: the computer plays every seat but the
// human's.
type versus struct {
	level string
	seat  int
	time  time.Duration
}

func (v *versus) register(fs *flag.FlagSet) {
	fs.StringVar(&v.level, "vs", "", "play against the computer at this `level` ("+strings.Join(level.Names, ", ")+"); without it, hot-seat")
	fs.IntVar(&v.seat, "seat", 1, "with --vs, the seat you play (1 moves first)")
	fs.DurationVar(&v.time, "time", 5*time.Second, "with --vs max, the computer's time per move")
}

// players returns the computer player of each seat (nil for humans).
func (v *versus) players(gameID string, seats int, seed uint64) (map[game.Player]ai.Player, error) {
	out := map[game.Player]ai.Player{}
	if v.level == "" {
		return out, nil
	}
	if v.seat < 1 || v.seat > seats {
		return nil, usagef("--seat %d: want a seat from 1 to %d", v.seat, seats)
	}
	for p := range seats {
		if p == v.seat-1 {
			continue
		}
		pl, err := level.New(gameID, v.level, seed+uint64(p), level.Options{Time: v.time})
		if err != nil {
			return nil, usageError{err}
		}
		out[game.Player(p)] = pl
	}
	return out, nil
}

// move asks the computer for its move and shows it.
func (v *versus) move(ctx context.Context, e *env, p ai.Player, s game.State) (game.Move, error) {
	start := time.Now()
	d, err := p.Choose(ctx, s)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(e.stdout, "Player %d (%s) plays %s  (score %.2f, %.1fs)\n",
		int(s.ToMove())+1, v.level, s.FormatMove(d.Move), d.Score, time.Since(start).Seconds())
	return d.Move, nil
}
