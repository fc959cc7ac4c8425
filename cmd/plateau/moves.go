package main

import (
	"context"
	"encoding/json"
	"fmt"

	"plateau/game"
)

func runMoves(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "moves", "GAME [--variant K=V]... [--position P] [--dice ROLL] [--json]",
		"plateau moves dames --position 'W:W31-50:B1-20' --json")
	var a gameArgs
	a.register(fs)
	roll := fs.String("dice", "", "at a roll, play this outcome first (its notation, e.g. 6-3)")
	fs.StringVar(roll, "roll", "", "same as --dice")
	asJSON := fs.Bool("json", false, "print a JSON array of move objects")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	_, _, s, err := a.state(e, pos)
	if err != nil {
		return err
	}
	if *roll != "" {
		if err := playRoll(s, *roll); err != nil {
			return err
		}
	}
	moves := describeMoves(s)
	if *asJSON {
		return writeJSON(e, moves)
	}
	if o := s.Outcome(); o.Over {
		fmt.Fprintf(e.stdout, "game over: %s\n", o.Reason)
		return nil
	}
	for _, m := range moves {
		var t game.MoveText
		b, _ := json.Marshal(m)
		json.Unmarshal(b, &t)
		if p, ok := m.(map[string]any)["probability"]; ok {
			fmt.Fprintf(e.stdout, "%s\t%.4f\n", t.Notation, p)
			continue
		}
		fmt.Fprintln(e.stdout, t.Notation)
	}
	return nil
}

// describeMoves returns each legal move's description as a JSON object;
// chance outcomes also carry their probability.
func describeMoves(s game.State) []any {
	out := []any{}
	if s.ToMove() == game.Chance {
		cms := s.ChanceMoves(nil)
		probs := game.Probability(cms)
		for i, c := range cms {
			out = append(out, withFields(s.DescribeMove(c.Move), map[string]any{"probability": probs[i]}))
		}
		return out
	}
	for _, m := range s.Moves(nil) {
		out = append(out, withFields(s.DescribeMove(m), nil))
	}
	return out
}

// withFields turns a move description into a JSON object map with extra
// fields added.
func withFields(desc any, extra map[string]any) map[string]any {
	obj := map[string]any{}
	b, err := json.Marshal(desc)
	if err == nil {
		err = json.Unmarshal(b, &obj)
	}
	if err != nil {
		obj["error"] = err.Error()
	}
	for k, v := range extra {
		obj[k] = v
	}
	return obj
}
