package shutbox_test

import (
	"fmt"

	"plateau/game"
	"plateau/games/shutbox"
)

func Example() {
	g := shutbox.Game{}
	s, _ := g.New(game.DefaultConfig(g))
	// Player 1 rolls 6-3 and covers 8 and 1; player 2 rolls 6-6 and covers 12 as 9+3.
	if err := game.Replay(s, []string{"6-3", "8+1", "6-6", "9+3"}); err != nil {
		fmt.Println(err)
	}
	fmt.Println(s.Position())
	fmt.Println(s)
	for _, m := range s.Moves(nil)[:3] {
		fmt.Print(s.FormatMove(m), " ")
	}
	fmt.Println("...")
	// Output:
	// 2345679/1245678 1 roll2
	// > P1   .  2  3  4  5  6  7  .  9   score 36
	//   P2   1  2  .  4  5  6  7  8  .   score 33
	// Player 1 rolls 2 dice
	// 1-1 2-1 2-2 ...
}

func ExampleGame_ParsePosition() {
	g := shutbox.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), "123/1245x 1 choose")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range s.Moves(nil) {
		fmt.Println(s.FormatMove(m))
	}
	_, err = g.ParsePosition(game.DefaultConfig(g), "1233/1245x 1 choose")
	fmt.Println(err)
	// Output:
	// roll1
	// roll2
	// shutbox position "1233/1245x 1 choose": box 1 "1233": tile 3 appears twice
}
