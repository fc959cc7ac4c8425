package main

import (
	"context"
	"fmt"

	"plateau/room"
)

func runVerify(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "verify", "FILE", "curl -s localhost:8080/api/games/k3f9x2/export > game.json && plateau verify game.json")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one file (a game export), got %d arguments", len(pos))
	}
	x, err := readExport(pos[0])
	if err != nil {
		return err
	}
	rolls, err := room.Verify(e.games, x)
	if err != nil {
		return fmt.Errorf("%s: game %s: %w", pos[0], x.ID, err)
	}
	fmt.Fprintf(e.stdout, "OK: game %s (%s), %d events, %d rolls match the seed committed as %s\n", x.ID, x.Game, len(x.Events), rolls, x.Dice.Commitment)
	return nil
}
