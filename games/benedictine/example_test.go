package benedictine_test

import (
	"fmt"

	"plateau/game"
	"plateau/games/benedictine"
)

func Example() {
	g := benedictine.Game{}
	s, _ := g.New(game.DefaultConfig(g))
	for _, text := range []string{"c2-d3", "e6-d5", "e1xe3 d4xf2"} {
		m, err := s.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.Play(m)
	}
	fmt.Println(s)
	fmt.Println(s.Position())
	fmt.Println(len(s.Moves(nil)), "legal moves for amber")
	// Output:
	//    a b c d e f g
	// 7  . . A A A . .
	// 6  . + A + . + .
	// 5  . . . A . . .
	// 4  . + . + . + .
	// 3  . . . G G . .
	// 2  . + . + G O .
	// 1  . . G G . . .
	// amber (A) to move
	// ..AAA../..A..../...A.../......./...GG../....GO./..GG... a
	// 20 legal moves for amber
}
