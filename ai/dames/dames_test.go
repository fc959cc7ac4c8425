package dames

import (
	"context"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games/dames"
)

// winsWithin reports whether the player to move in s wins by force within
// plies of its own and the opponent's moves (brute force, no pruning).
func winsWithin(s game.State, me game.Player, plies int) bool {
	if o := s.Outcome(); o.Over {
		return o.Value(me) == 1
	}
	if plies == 0 {
		return false
	}
	for _, m := range s.Moves(nil) {
		c := s.Clone()
		c.Play(m)
		w := winsWithin(c, me, plies-1)
		if s.ToMove() == me && w {
			return true
		}
		if s.ToMove() != me && !w {
			return false
		}
	}
	return s.ToMove() != me
}

func parse(t *testing.T, fen string) game.State {
	t.Helper()
	g := dames.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), fen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Endgames won by force, with the number of plies the win takes.
var wins = []struct {
	fen   string
	plies int
}{
	{"W:WK1:B7", 1},         // the king takes the last man
	{"W:W28,K46:B12,19", 3}, // 28-23 19x28 46x7: a shot
	{"W:W27,28:B18", 3},     // 27-21 forces 18-22 28x17 (or 18x27)
	{"W:WK46:B5,K32", 3},    // 46x28 then the man on 5 falls
	{"W:W33,K50:B18,22", 3}, // 33-28 22x33 50x13
}

func TestEndgamesWonByForce(t *testing.T) {
	players := map[string]func() ai.Player{
		"alphabeta": func() ai.Player {
			s := ai.NewSearch(ai.Limits{Depth: 6}, nil)
			s.Quiesce, s.MaxQuiesce, s.Order = Quiesce(), 12, Order
			return s
		},
		"alphabeta-noquiesce": func() ai.Player { return ai.NewSearch(ai.Limits{Depth: 6}, nil) },
		"mcts":                func() ai.Player { return ai.NewMCTS(ai.Limits{Nodes: 30000}, nil, 1) },
		"engine":              func() ai.Player { return NewEngine(ai.Limits{Depth: 6}) },
	}
	for _, w := range wins {
		s := parse(t, w.fen)
		if !winsWithin(s, s.ToMove(), w.plies) {
			t.Fatalf("%s: test is wrong: no forced win in %d plies", w.fen, w.plies)
		}
		for name, newPlayer := range players {
			d, err := newPlayer().Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			c := s.Clone()
			c.Play(d.Move)
			if !winsWithin(c, s.ToMove(), w.plies-1) {
				t.Errorf("%s: %s plays %s, which does not win in %d", name, w.fen, s.FormatMove(d.Move), w.plies)
			}
		}
	}
}

func TestQuiesce(t *testing.T) {
	q := Quiesce()
	if q(parse(t, "W:W31-50:B1-20")) {
		t.Error("the start position is not quiet")
	}
	if !q(parse(t, "W:WK1:B7")) {
		t.Error("a capture is pending in W:WK1:B7")
	}
}

func BenchmarkSearch(b *testing.B) {
	s := parse(&testing.T{}, "W:W31-50:B1-20")
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		p := ai.NewSearch(ai.Limits{Nodes: 100_000}, nil)
		p.Quiesce, p.MaxQuiesce, p.Order = Quiesce(), 12, Order
		d, _ := p.Choose(context.Background(), s)
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkMCTS(b *testing.B) {
	s := parse(&testing.T{}, "W:W31-50:B1-20")
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		d, _ := ai.NewMCTS(ai.Limits{Nodes: 100_000}, nil, 1).Choose(context.Background(), s)
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
