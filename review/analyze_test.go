package review

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
)

// Analyze values a position for the player to move: its best move is
// legal and starts its line; a forced move is searched past; dice and
// finished games have no analysis.
func TestAnalyze(t *testing.T) {
	reg := games.Registry()
	tests := []struct {
		game     string
		variant  map[string]string
		position string
		best     string // "" any legal move
		min, max float64
		proven   bool
		depth    int // at least
		err      error
	}{
		// The only move 28x19 takes the king, and the man left on 19 is
		// lost to Black's on 4: the search looks past the forced capture
		// (a search of the position itself stops at once, at 1/2).
		{game: "dames", position: "W:W28:B4,K23", best: "28x19", min: 0, max: 0, proven: true, depth: 2},
		{game: "dames", position: "W:W28:B23", best: "28x19", min: 1, max: 1, proven: true},
		{game: "dames", position: "W:W31-50:B1-20", min: 0.3, max: 0.7, depth: 2},
		{game: "shutbox", variant: map[string]string{"players": "1"}, position: "12 1 cover:2-1", best: "2+1", min: 1, max: 1, proven: true},
		{game: "mahbousse", position: "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3", min: 0, max: 1, depth: 1},
		{game: "mahbousse", position: "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:roll", err: ErrNoPlayer},
		{game: "benedictine", position: "..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g", min: 0, max: 1, depth: 1},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.position, func(t *testing.T) {
			g, err := reg.Lookup(tt.game)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := game.NewConfig(g, tt.variant)
			if err != nil {
				t.Fatal(err)
			}
			s, err := g.ParsePosition(cfg, tt.position)
			if err != nil {
				t.Fatal(err)
			}
			a, err := Analyze(context.Background(), g, s, Options{Budget: 300 * time.Millisecond})
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if tt.err != nil {
				return
			}
			if s.Position() != tt.position {
				t.Errorf("Analyze changed the position to %q", s.Position())
			}
			var legal []string
			for _, m := range s.Moves(nil) {
				legal = append(legal, s.FormatMove(m))
			}
			if !slices.Contains(legal, a.Best) || (tt.best != "" && a.Best != tt.best) || len(a.Line) == 0 || a.Line[0] != a.Best {
				t.Errorf("best %q line %v, want %q among %v first in the line", a.Best, a.Line, tt.best, legal)
			}
			if a.Value < tt.min || a.Value > tt.max || a.Proven != tt.proven || a.Depth < tt.depth {
				t.Errorf("value %v proven %v depth %d, want [%v, %v] %v at least %d", a.Value, a.Proven, a.Depth, tt.min, tt.max, tt.proven, tt.depth)
			}
		})
	}
}
