package intercept

import (
	"context"
	"math/rand/v2"
	"testing"

	"plateau/ai"
	"plateau/game"
	ic "plateau/games/intercept"
)

// midgame returns a position after some random turns.
func midgame(tb testing.TB, turns int) *ic.State {
	tb.Helper()
	g := ic.Game{}
	s, err := g.New(game.DefaultConfig(g))
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []game.Move
	for range turns {
		if s.Outcome().Over {
			break
		}
		buf = s.Moves(buf[:0])
		if err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
			tb.Fatal(err)
		}
	}
	return s.(*ic.State)
}

func BenchmarkEval(b *testing.B) {
	s := midgame(b, 60)
	b.ReportAllocs()
	for b.Loop() {
		Eval(s, 0)
	}
}

func BenchmarkEngineEvaluate(b *testing.B) {
	s := midgame(b, 60)
	b.ReportAllocs()
	for b.Loop() {
		s.Evaluate(0)
	}
}

// BenchmarkSearch runs hard's search (25k nodes) on a middle-game position
// and reports nodes per second.
func BenchmarkSearch(b *testing.B) {
	s := midgame(b, 60)
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		sr := ai.NewSearch(ai.Limits{Nodes: 25_000}, Eval)
		sr.Order = Order
		d, err := sr.Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
