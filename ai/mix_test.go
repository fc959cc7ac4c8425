package ai_test

import (
	"context"
	"testing"

	"plateau/ai"
	"plateau/ai/internal/toy"
	"plateau/game"
)

// fixed always plays the i-th legal move.
type fixed int

func (f fixed) Choose(_ context.Context, s game.State) (ai.Decision, error) {
	return ai.Decision{Move: s.Moves(nil)[int(f)]}, nil
}

func (fixed) Close() {}

func TestMix(t *testing.T) {
	s, err := toy.TicTacToeGame.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	first := s.Moves(nil)[0]
	for _, tc := range []struct {
		p      float64
		lo, hi int // times First was asked, of 1000
	}{{1, 1000, 1000}, {0, 0, 0}, {0.25, 200, 300}, {0.5, 450, 550}} {
		m, again := ai.NewMix(fixed(0), fixed(1), tc.p, 5), ai.NewMix(fixed(0), fixed(1), tc.p, 5)
		n := 0
		for range 1000 {
			d, err := m.Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			d2, _ := again.Choose(context.Background(), s)
			if d.Move != d2.Move {
				t.Fatalf("P=%v: the same seed played %v and %v", tc.p, d.Move, d2.Move)
			}
			if d.Move == first {
				n++
			}
		}
		if n < tc.lo || n > tc.hi {
			t.Errorf("P=%v: First asked %d times of 1000, want [%d, %d]", tc.p, n, tc.lo, tc.hi)
		}
	}
}
