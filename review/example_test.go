package review_test

import (
	"context"
	"fmt"

	"plateau/game"
	"plateau/games"
	"plateau/review"
)

// Review a Shut the Box game of two: each move is judged by the exact
// solver, given the roll.
func Example() {
	g, _ := games.Registry().Lookup("shutbox")
	cfg, _ := game.NewConfig(g, map[string]string{"players": "2"})
	// Player 1 rolls 6-6 and covers 9+3, player 2 rolls 5-5 and covers 8+2.
	r, err := review.Review(context.Background(), g, cfg, []string{"6-6", "9+3", "5-5", "8+2"}, review.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range r.Moves {
		fmt.Printf("player %d, roll %s: %s %.3f -> %.3f, best %s %q\n", m.Player+1, m.Roll, m.Move, m.Before, m.After, m.Best, m.Verdict)
	}
	for _, s := range r.Summaries {
		fmt.Printf("player %d: average loss %.3f, %d inaccuracies\n", s.Player+1, s.AverageLoss, s.Inaccuracies)
	}
	// Output:
	// player 1, roll 6-6: 9+3 0.540 -> 0.540, best 9+3 ""
	// player 2, roll 5-5: 8+2 0.446 -> 0.391, best 9+1 "inaccuracy"
	// player 1: average loss 0.000, 0 inaccuracies
	// player 2: average loss 0.054, 1 inaccuracies
}
