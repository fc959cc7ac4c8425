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

// TestMixed checks that Mixed plays the exact move with probability 1, a
// legal move always, and differs from it about as often as P says over
// the positions with a real choice.
func TestMixed(t *testing.T) {
	g := shutbox.Game{}
	ctx := context.Background()
	for _, tt := range []struct {
		p        float64
		lo, hi   float64 // share of exact moves where the choice matters
		sameSeed bool
	}{{1, 1, 1, true}, {0, 0, 0.6, true}, {0.5, 0.55, 0.95, true}} {
		m := NewMixed(tt.p, 7)
		again := NewMixed(tt.p, 7)
		var choices, exact int
		for _, pos := range positions {
			s, err := g.ParsePosition(game.DefaultConfig(g), pos)
			if err != nil {
				t.Fatal(err)
			}
			best, err := Exact{}.Choose(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			for range 200 {
				d, err := m.Choose(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Clone().Play(d.Move); err != nil {
					t.Fatalf("P=%v: illegal move %s in %s: %v", tt.p, s.FormatMove(d.Move), pos, err)
				}
				if d2, _ := again.Choose(ctx, s); s.FormatMove(d2.Move) != s.FormatMove(d.Move) {
					t.Fatalf("P=%v: the same seed played %s and %s", tt.p, s.FormatMove(d.Move), s.FormatMove(d2.Move))
				}
				choices++
				if s.FormatMove(d.Move) == s.FormatMove(best.Move) {
					exact++
				}
			}
		}
		if f := float64(exact) / float64(choices); f < tt.lo || f > tt.hi {
			t.Errorf("P=%v: the exact move %.2f of the time, want [%v, %v]", tt.p, f, tt.lo, tt.hi)
		}
	}
}
