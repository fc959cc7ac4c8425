package mahbousse_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"plateau/ai"
	aimahbousse "plateau/ai/mahbousse"
	"plateau/game"
	"plateau/games/mahbousse"
)

func parse(t testing.TB, text string) game.State {
	t.Helper()
	g := mahbousse.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), text)
	if err != nil {
		t.Fatalf("position %q: %v", text, err)
	}
	return s
}

// The two sides' values add up to 1 in every position of random games.
func TestEvalAntisymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var moves []game.Move
	var cms []game.ChanceMove
	positions := 0
	for range 20 {
		var s game.State = mahbousse.NewState(mahbousse.Rules{})
		for !s.Outcome().Over {
			var m game.Move
			if s.ToMove() == game.Chance {
				cms = s.ChanceMoves(cms[:0])
				var err error
				if m, err = game.Pick(cms, rng.IntN(game.TotalWeight(cms))); err != nil {
					t.Fatal(err)
				}
			} else {
				moves = s.Moves(moves[:0])
				m = moves[rng.IntN(len(moves))]
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			v0, v1 := aimahbousse.Eval(s, 0), aimahbousse.Eval(s, 1)
			if math.Abs(v0+v1-1) > 1e-9 || v0 < 0 || v0 > 1 {
				t.Fatalf("%s: values %v and %v", s.Position(), v0, v1)
			}
			positions++
		}
	}
	t.Logf("%d positions", positions)
}

// x rolls 2-1 with a checker three points from o's starting point, where a
// lone o checker was left behind: pinning it there (3/1*) is worth far more
// than any other move, and one ply and two plies on Eval and on the
// network all see it.
func TestPinsTheStartPoint(t *testing.T) {
	s := parse(t, "o1,.,x1,.,.,.,.,.,.,.,.,o14,.,.,.,.,.,.,.,.,.,.,.,x14 off=0-0 x:2-1")
	players := map[string]ai.Player{
		"one ply":            ai.NewGreedy(aimahbousse.Eval, 1),
		"two plies":          ai.NewSearch(ai.Limits{Depth: 2, Nodes: 25_000}, aimahbousse.Eval),
		"network, one ply":   ai.NewGreedy(aimahbousse.NetEval, 1),
		"network, two plies": ai.NewSearch(ai.Limits{Depth: 2, Nodes: 25_000}, aimahbousse.NetEval),
	}
	for name, p := range players {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		c := s.Clone().(*mahbousse.State)
		if err := c.Play(d.Move); err != nil {
			t.Fatal(err)
		}
		if l := c.Layout(); !l.Pinned[1][24] {
			t.Errorf("%s plays %s, which leaves o's start checker free", name, s.FormatMove(d.Move))
		}
	}
}

func BenchmarkEval(b *testing.B) {
	s := parse(b, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3")
	b.ReportAllocs()
	for b.Loop() {
		aimahbousse.Eval(s, 0)
	}
}

// BenchmarkSearch runs hard's search (two plies, 25k nodes) from a middle
// game position with a roll to play and reports nodes per second.
func BenchmarkSearch(b *testing.B) {
	s := parse(b, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3")
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		d, err := ai.NewSearch(ai.Limits{Depth: 2, Nodes: 25_000}, aimahbousse.Eval).Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func ExampleEval() {
	s := mahbousse.NewState(mahbousse.Rules{})
	fmt.Printf("x %.2f, o %.2f\n", aimahbousse.Eval(s, 0), aimahbousse.Eval(s, 1))
	// Output: x 0.50, o 0.50
}
