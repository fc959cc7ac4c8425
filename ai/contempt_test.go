package ai

import (
	"context"
	"testing"

	"plateau/ai/internal/toy"
	"plateau/game"
)

// fork is a one-decision game: move 0 ends it drawn at once, move 1 leads
// to a position left to the evaluation. The toy Nim lends it the methods
// the search does not use.
type fork struct {
	toy.Nim
	played int // -1 before the decision
}

func (f *fork) Players() int { return 2 }
func (f *fork) ToMove() game.Player {
	switch f.played {
	case -1:
		return 0
	case 0:
		return game.Nobody
	}
	return 1
}
func (f *fork) Moves(buf []game.Move) []game.Move {
	if f.played == -1 {
		return append(buf, 0, 1)
	}
	return append(buf, 0)
}
func (f *fork) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }
func (f *fork) Play(m game.Move) error {
	if f.played == -1 {
		f.played = int(m)
	}
	return nil
}
func (f *fork) Clone() game.State { c := *f; return &c }
func (f *fork) Hash() uint64      { return uint64(f.played + 2) }
func (f *fork) Outcome() game.Outcome {
	if f.played == 0 {
		return game.Drawn(2, "drawn")
	}
	return game.Outcome{}
}

func TestContempt(t *testing.T) {
	// The evaluation finds the position after move 1 a little worse than
	// even for seat 0.
	eval := func(s game.State, p game.Player) float64 {
		if p == 0 {
			return 0.47
		}
		return 0.53
	}
	tests := []struct {
		contempt float64
		want     game.Move
	}{
		{0, 0},    // the draw is worth more than 0.47
		{0.05, 1}, // the draw is worth 0.45: play on
	}
	for _, tc := range tests {
		s := NewSearch(Limits{Depth: 1}, eval)
		s.Contempt = tc.contempt
		d, err := s.Choose(context.Background(), &fork{played: -1})
		if err != nil {
			t.Fatal(err)
		}
		if d.Move != tc.want {
			t.Errorf("contempt %v: move %d, want %d", tc.contempt, d.Move, tc.want)
		}
	}
}
