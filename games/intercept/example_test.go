package intercept_test

import (
	"encoding/json"
	"fmt"

	"plateau/game"
	"plateau/games/intercept"
)

func Example() {
	g := intercept.Game{}
	s, _ := g.New(game.DefaultConfig(g))
	fmt.Println(len(s.Moves(nil)), "moves at the start")
	for _, text := range []string{"f1-e2", "f13-g12", "e2-f2"} {
		m, err := s.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.Play(m)
	}
	fmt.Println(s.Position())
	// Output:
	// 49 moves at the start
	// 1NrNpNrNp1NPNpNrNpNrNp1/6Nr6/13/13/13/13/13/13/13/13/13/5Sp7/1SpSrSpSr1SPSrSpSrSpSr1 N g7 3 0
}

// A ball passage with a turn on a repos piece, typed and described.
func Example_ballPassage() {
	g := intercept.Game{}
	pos := "13/13/13/13/13/13/4Sr8/4SpSp7/4Sr8/13/13/13/SP12 S g7 0 0"
	s, err := g.ParsePosition(game.DefaultConfig(g), pos)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := s.ParseMove("a1=R/g7-e5-e7")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := json.Marshal(s.DescribeMove(m))
	fmt.Println(string(b))
	// Output:
	// {"notation":"a1=R/g7-e5-e7","clicks":["a1","a1","repos","g7","e5","e7"],"kind":"flip","from":"a1","to":"a1","face":"repos","flip":true,"ball":["g7","e5","e7"]}
}
