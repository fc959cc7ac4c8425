package benedictine

import (
	"os"
	"testing"

	"plateau/game"
)

// perft counts the leaf nodes of the move tree to depth; finished games
// are leaves only at depth 0.
func perft(s *State, depth int) int {
	if depth == 0 {
		return 1
	}
	moves := s.Moves(nil)
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for _, m := range moves {
		c := *s
		c.history = append([]uint64(nil), s.history...)
		if err := c.Play(m); err != nil {
			panic(err)
		}
		n += perft(&c, depth-1)
	}
	return n
}

// Perft of the start positions, computed by this engine (no published
// figures exist): a regression check of move generation. Depth 4 runs
// with PLATEAU_BENEDICTINE_PERFT=1.
func TestPerftStart(t *testing.T) {
	tests := []struct {
		setup string
		nodes []int
	}{
		{"wedge", []int{1, 34, 887, 46255, 1872715}},
		{"line", []int{1, 12, 144, 2760, 51280}},
	}
	for _, tt := range tests {
		cfg, _ := game.NewConfig(Game{}, map[string]string{OptSetup: tt.setup})
		start, _ := Game{}.New(cfg)
		for depth, want := range tt.nodes {
			if depth == 4 && os.Getenv("PLATEAU_BENEDICTINE_PERFT") == "" {
				continue
			}
			if got := perft(start.(*State), depth); got != want {
				t.Errorf("setup %s perft(%d) = %d, want %d", tt.setup, depth, got, want)
			}
		}
	}
}
