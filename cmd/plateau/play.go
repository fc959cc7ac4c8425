package main

import (
	"bufio"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"plateau/game"
)

func runPlay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "play", "GAME [--vs LEVEL [--seat N] [--time D]] [--variant K=V]... [--position P] [--seed N]",
		"plateau play dames --vs medium")
	var a gameArgs
	a.register(fs)
	seed := fs.Uint64("seed", 0, "seed the dice for a reproducible game (default: random)")
	var vs versus
	vs.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, _, s, err := a.state(e, pos)
	if err != nil {
		return err
	}
	rng := newDice(*seed)
	computer, err := vs.players(g.ID(), s.Players(), rng.Uint64())
	if err != nil {
		return err
	}
	in := bufio.NewScanner(e.stdin)
	for ctx.Err() == nil {
		showState(e, s)
		if o := s.Outcome(); o.Over {
			fmt.Fprintf(e.stdout, "Game over: %s.\n", describeOutcome(o))
			return nil
		}
		if s.ToMove() == game.Chance {
			cms := s.ChanceMoves(nil)
			m, err := game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "Roll: %s\n", s.FormatMove(m))
			if err := s.Play(m); err != nil {
				return err
			}
			continue
		}
		if p := computer[s.ToMove()]; p != nil {
			m, err := vs.move(ctx, e, p, s)
			if err != nil {
				return err
			}
			if err := s.Play(m); err != nil {
				return err
			}
			continue
		}
		m, err := askMove(e, in, s)
		if errors.Is(err, errQuit) {
			fmt.Fprintln(e.stdout, "Game abandoned.")
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.Play(m); err != nil {
			fmt.Fprintf(e.stdout, "%v\n", err)
		}
	}
	return ctx.Err()
}

// newDice returns the dice source: seeded when seed is not 0, else from the
// operating system's random source.
func newDice(seed uint64) *rand.Rand {
	if seed == 0 {
		var b [8]byte
		crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:])
	}
	return rand.New(rand.NewPCG(seed, seed^0x5eed))
}

func showState(e *env, s game.State) {
	if str, ok := s.(fmt.Stringer); ok {
		fmt.Fprintln(e.stdout, str.String())
	}
	fmt.Fprintf(e.stdout, "Position: %s\n", s.Position())
}

// errQuit is returned by askMove when the player quits.
var errQuit = errors.New("quit")

// askMove lists the legal moves and reads one, by number or notation.
func askMove(e *env, in *bufio.Scanner, s game.State) (game.Move, error) {
	moves := s.Moves(nil)
	fmt.Fprintf(e.stdout, "Player %d to move. Legal moves:\n", int(s.ToMove())+1)
	for i, m := range moves {
		fmt.Fprintf(e.stdout, "  %2d. %s\n", i+1, s.FormatMove(m))
	}
	for {
		fmt.Fprint(e.stdout, "Your move (number or notation, q to quit): ")
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return 0, err
			}
			return 0, errors.New("no more input")
		}
		text := strings.TrimSpace(in.Text())
		switch text {
		case "":
			continue
		case "q", "quit":
			return 0, errQuit
		}
		if n, err := strconv.Atoi(text); err == nil && n >= 1 && n <= len(moves) {
			return moves[n-1], nil
		}
		m, err := s.ParseMove(text)
		if err != nil {
			fmt.Fprintf(e.stdout, "%v\n", err)
			continue
		}
		return m, nil
	}
}

func describeOutcome(o game.Outcome) string {
	var parts []string
	for p, r := range o.Results {
		part := fmt.Sprintf("player %d %s", p+1, r)
		if o.Scores != nil {
			part += fmt.Sprintf(" (score %d)", o.Scores[p])
		}
		parts = append(parts, part)
	}
	return o.Reason + ": " + strings.Join(parts, ", ")
}
