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

// revisit is a one-decision game whose two moves lead to positions left to
// the evaluation: move 0 back to a position met before in the game, move 1
// to a new one.
type revisit struct{ fork }

func (r *revisit) ToMove() game.Player {
	if r.played == -1 {
		return 0
	}
	return 1
}
func (r *revisit) Outcome() game.Outcome { return game.Outcome{} }
func (r *revisit) Clone() game.State     { c := *r; return &c }

func TestRepeats(t *testing.T) {
	repeats := func(s game.State) int {
		if s.(*revisit).played == 0 {
			return 1
		}
		return 0
	}
	// The evaluation of seat 0 after move 0 and after move 1.
	tests := []struct {
		name     string
		v0, v1   float64
		repeats  func(game.State) int
		contempt float64
		want     game.Move
	}{
		{"ahead, blind to the repetition", 0.6, 0.55, nil, 0, 0},
		{"ahead, the position met again is a draw", 0.6, 0.55, repeats, 0, 1},
		{"behind, the draw is worth more", 0.4, 0.45, repeats, 0, 0},
		{"behind, contempt: play on", 0.4, 0.47, repeats, 0.05, 1},
		{"behind, contempt, far behind: the draw", 0.4, 0.43, repeats, 0.05, 0},
	}
	for _, tc := range tests {
		eval := func(s game.State, p game.Player) float64 {
			v := tc.v1
			if s.(*revisit).played == 0 {
				v = tc.v0
			}
			if p == 1 {
				v = 1 - v
			}
			return v
		}
		s := NewSearch(Limits{Depth: 1}, eval)
		s.Repeats, s.Contempt = tc.repeats, tc.contempt
		d, err := s.Choose(context.Background(), &revisit{fork{played: -1}})
		if err != nil {
			t.Fatal(err)
		}
		if d.Move != tc.want {
			t.Errorf("%s: move %d, want %d", tc.name, d.Move, tc.want)
		}
	}
}
