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

// cycle is a game of five positions with a repetition history: from R
// (0, seat 0 to move) move 1 goes to A (1), then to C (3); move 2 goes to B
// (2), then to D (4). A position's third occurrence draws the game.
type cycle struct {
	toy.Nim
	hist []int // positions so far, the current one last
}

func (c *cycle) pos() int          { return c.hist[len(c.hist)-1] }
func (c *cycle) Players() int      { return 2 }
func (c *cycle) Hash() uint64      { return uint64(c.pos() + 1) }
func (c *cycle) Clone() game.State { return &cycle{hist: append([]int(nil), c.hist...)} }
func (c *cycle) count(p int) (n int) {
	for _, q := range c.hist {
		if q == p {
			n++
		}
	}
	return n
}
func (c *cycle) ToMove() game.Player {
	switch {
	case c.Outcome().Over:
		return game.Nobody
	case c.pos() == 1 || c.pos() == 2:
		return 1
	}
	return 0
}
func (c *cycle) Moves(buf []game.Move) []game.Move {
	switch c.pos() {
	case 0:
		return append(buf, 1, 2)
	case 1:
		return append(buf, 3)
	case 2:
		return append(buf, 4)
	}
	return append(buf, 0)
}
func (c *cycle) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }
func (c *cycle) Play(m game.Move) error {
	c.hist = append(c.hist, int(m))
	return nil
}
func (c *cycle) Outcome() game.Outcome {
	if c.count(c.pos()) >= 3 {
		return game.Drawn(2, "repetition")
	}
	return game.Outcome{}
}

func TestRepeats(t *testing.T) {
	// Seat 0 likes C (0.6) better than D (0.55).
	eval := func(s game.State, p game.Player) float64 {
		v := 0.55
		if s.(*cycle).pos() == 3 {
			v = 0.6
		}
		if p == 1 {
			v = 1 - v
		}
		return v
	}
	repeats := func(s game.State) int {
		c := s.(*cycle)
		return c.count(c.pos()) - 1
	}
	for _, tc := range []struct {
		name    string
		repeats func(game.State) int
		want    game.Move
	}{
		{"blind: the table's value of A from before", nil, 1},
		{"A keyed with its count: C is the third occurrence, a draw", repeats, 2},
	} {
		s := NewSearch(Limits{Depth: 2}, eval)
		s.Repeats = tc.repeats
		// A first search stores A's value, C being new.
		if d, err := s.Choose(context.Background(), &cycle{hist: []int{0}}); err != nil || d.Move != 1 {
			t.Fatalf("%s: first search: move %d, %v; want 1", tc.name, d.Move, err)
		}
		// The game went C R A C R: C again would be its third time.
		d, err := s.Choose(context.Background(), &cycle{hist: []int{3, 0, 1, 3, 0}})
		if err != nil {
			t.Fatal(err)
		}
		if d.Move != tc.want {
			t.Errorf("%s: move %d, want %d", tc.name, d.Move, tc.want)
		}
	}
}
