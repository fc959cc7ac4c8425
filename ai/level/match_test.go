package level

import (
	"context"
	"math"
	"testing"

	"plateau/game"
	"plateau/games/mahbousse"
)

// In a Mahboussé match every level counts the points a game's end scores
// (mahbousse.State.MatchEquity). Before, the next game's start looked even
// to the evaluations: a level about to win a game with a mars valued it at
// one half, and declined to win (6/5 5/off, keeping a checker) for the
// game's chance of about 1; losing, it let the loss be a mars; and greedy,
// easy and medium took minutes on the move, following the opening roll's
// doubles (ai's rollsAgain).
func TestMahbousseMatchPoints(t *testing.T) {
	g := mahbousse.Game{}
	cfg := game.DefaultConfig(g)
	cfg["match"], cfg["bearoff"] = "3", "standard"
	parse := func(text string) *mahbousse.State {
		t.Helper()
		s, err := g.ParsePosition(cfg, text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		return s.(*mahbousse.State)
	}
	// startOf is x's chance of the match at a game's start at score.
	startOf := func(score string) float64 {
		return parse("o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 opening score="+score).MatchEquity(0, 0.5, 0, 0)
	}
	tests := []struct {
		name, position string
		moves          []string // the moves as good as the best
		value          float64  // x's chance of the match
	}{
		// o cannot reach x's last checkers: x wins this turn or the
		// next, with a mars either way.
		{"win the game", "x1,.,.,.,.,x1,.,.,.,.,.,o15,.,.,.,.,.,.,.,.,.,.,.,. off=13-0 x:6-1 score=0-0",
			[]string{"6/off 1/off", "6/5 5/off"}, startOf("2-0")},
		{"win the match", "x1,.,.,.,.,x1,.,.,.,.,.,o15,.,.,.,.,.,.,.,.,.,.,.,. off=13-0 x:6-1 score=1-1",
			[]string{"6/off 1/off"}, 1},
		// o bears off its last checker next: x loses the game, and only
		// a checker borne off now keeps it from being a mars, which would
		// end the match.
		{"no mars", "x1,.,.,.,.,x14,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o1 off=0-14 x:2-1 score=0-1",
			[]string{"6/4 1/off"}, startOf("0-2")},
	}
	for _, tt := range tests {
		s := parse(tt.position)
		for _, name := range []string{"greedy", "easy", "medium", "hard", "max", "max-v1"} {
			p, err := New(g.ID(), name, 1, Options{Nodes: 250_000})
			if err != nil {
				t.Fatal(err)
			}
			d, err := p.Choose(context.Background(), s)
			if err != nil {
				t.Fatalf("%s: %s: %v", tt.name, name, err)
			}
			got := s.FormatMove(d.Move)
			ok := false
			for _, m := range tt.moves {
				ok = ok || got == m
			}
			if !ok || math.Abs(d.Score-tt.value) > 0.01 {
				t.Errorf("%s: %s plays %s valued %.3f, want one of %q valued %.3f", tt.name, name, got, d.Score, tt.moves, tt.value)
			}
			if d.Nodes > 300_000 {
				t.Errorf("%s: %s: %d nodes", tt.name, name, d.Nodes)
			}
		}
	}
}
