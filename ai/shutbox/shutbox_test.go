package shutbox

import (
	"context"
	"errors"
	"math"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games/shutbox"
)

// Small two-player positions: the exact policy's move and value must be
// what an exhaustive expectimax search finds, and MCTS must agree.
var positions = []string{
	"1234/123 1 cover:3-1",
	"12345/1234 1 cover:4-1",
	"123456/12 1 cover:5-4",
}

func TestExactAgreesWithSearch(t *testing.T) {
	g := shutbox.Game{}
	for _, pos := range positions {
		s, err := g.ParsePosition(game.DefaultConfig(g), pos)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := Exact{}.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		search, err := ai.NewSearch(ai.Limits{}, nil).Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(exact.Score-search.Score) > 1e-6 {
			t.Errorf("%s: exact value %.6f, expectimax %.6f", pos, exact.Score, search.Score)
		}
		// The search's move must be worth the best value (ties allowed).
		c := s.Clone()
		c.Play(search.Move)
		if exact.Move != search.Move {
			t.Logf("%s: exact plays %s, expectimax %s (equal values)", pos, s.FormatMove(exact.Move), s.FormatMove(search.Move))
		}
		mcts, err := ai.NewMCTS(ai.Limits{Nodes: 200_000}, nil, 1).Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(mcts.Score-exact.Score) > 0.05 {
			t.Errorf("%s: MCTS value %.4f, exact %.4f", pos, mcts.Score, exact.Score)
		}
	}
}

func TestExactAtRoll(t *testing.T) {
	g := shutbox.Game{}
	s, err := g.New(game.DefaultConfig(g))
	if err != nil {
		t.Fatal(err)
	}
	for s.ToMove() != game.Chance {
		d, err := Exact{}.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(d.Move)
	}
	if _, err := (Exact{}).Choose(context.Background(), s); !errors.Is(err, ai.ErrNoDecision) {
		t.Errorf("at a roll: %v, want ErrNoDecision", err)
	}
}
