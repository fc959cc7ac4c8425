package game_test

import (
	"fmt"

	"plateau/game"
)

func ExampleNewConfig() {
	cfg, err := game.NewConfig(toy{}, map[string]string{"pile": "7"})
	fmt.Println(cfg, err)
	_, err = game.NewConfig(toy{}, map[string]string{"pile": "70"})
	fmt.Println(err)
	// Output:
	// mode=plain pile=7 <nil>
	// toy: option pile: "70" is not a whole number from 1 to 9
}

func ExamplePick() {
	// Two dice summed: the chance node lists 11 outcomes weighted 1..6..1.
	var sums []game.ChanceMove
	for s := 2; s <= 12; s++ {
		sums = append(sums, game.ChanceMove{Move: game.Move(s), Weight: 6 - abs(s-7)})
	}
	total := game.TotalWeight(sums)
	m, _ := game.Pick(sums, 35) // the last of 36 equally likely rolls
	fmt.Println(total, m, game.Probability(sums)[5])
	// Output: 36 12 0.16666666666666666
}

func ExampleOutcome_Value() {
	o := game.Finished(4, "ball on the Arrivée", 0, 2) // partners 0 and 2 win
	fmt.Println(o.Value(0), o.Value(1), game.Drawn(2, "repetition").Value(1))
	// Output: 1 0 0.5
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
