package intercept_test

import (
	"fmt"

	aiintercept "plateau/ai/intercept"
	"plateau/game"
	ic "plateau/games/intercept"
)

// A search gives each of its players an Evaluator of its own: the values
// are Eval's. Each side counts its own chain three times with 2 players
// (aggression), so the two sides' values add up to a little more than 1;
// on EvalV4, which has no aggression, exactly 1 (the side to move a little
// ahead at the start: it fills a gap first).
func ExampleEvaluator() {
	g := ic.Game{}
	cfg, _ := game.NewConfig(g, nil)
	s, _ := g.New(cfg)
	ev := aiintercept.NewEvaluator()
	south, north := ev.Eval(s, 0), ev.Eval(s, 1)
	fmt.Printf("south %.3f, north %.3f, sum %.3f\n", south, north, south+north)
	fmt.Println(south == aiintercept.Eval(s, 0))
	south, north = ev.EvalV4(s, 0), ev.EvalV4(s, 1)
	fmt.Printf("EvalV4: south %.3f, north %.3f, sum %.3f\n", south, north, south+north)
	// Output:
	// south 0.512, north 0.496, sum 1.008
	// true
	// EvalV4: south 0.504, north 0.496, sum 1.000
}
