package dames_test

import (
	"fmt"

	"plateau/game"
	"plateau/games/dames"
)

// Play a few moves from a position and list the replies in PDN.
func Example() {
	g := dames.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), "W:W28,32:B23,12")
	if err != nil {
		panic(err)
	}
	for _, m := range s.Moves(nil) {
		fmt.Println(s.FormatMove(m))
	}
	m, _ := s.ParseMove("28x19")
	s.Play(m)
	fmt.Println(s.Position())
	for _, m := range s.Moves(nil) {
		fmt.Println(s.FormatMove(m))
	}
	// Output:
	// 28x19
	// B:W19,32:B12
	// 12-17
	// 12-18
}

// Count the leaves of the move tree: perft from the start position.
func ExamplePerft() {
	for depth := 1; depth <= 5; depth++ {
		fmt.Println(depth, dames.Perft(dames.StartPos(), depth))
	}
	// Output:
	// 1 9
	// 2 81
	// 3 658
	// 4 4265
	// 5 27117
}
