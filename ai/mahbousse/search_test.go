package mahbousse

import (
	"context"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games/mahbousse"
)

// hardSearch is hard's search: three plies with Filters, on eval.
func hardSearch(nodes int64, eval ai.Eval) *ai.Search {
	s := ai.NewSearch(ai.Limits{Depth: 3, Nodes: nodes}, eval)
	Filters(s)
	return s
}

// TestFiltersDeeper checks that with Filters three plies cost a few times
// what two cost without them (unfiltered, the third ply multiplies the cost
// by 21 rolls and their replies: 20 to 60 times), at positions of random
// games (seeded), and that hard's budget completes the third ply at most of
// them.
func TestFiltersDeeper(t *testing.T) {
	if testing.Short() {
		t.Skip("searches 40 positions")
	}
	// One network of the ensemble: the filters' cost does not depend on
	// the evaluation's, and three networks a node made this test the
	// slowest of the race run.
	nets, err := BuiltinNets()
	if err != nil {
		t.Fatal(err)
	}
	eval := nets[0].Eval
	states := randomStates(t, 4, 27)
	positions := 40
	if raceEnabled {
		positions = 10
	}
	var n2, n3 int64
	deep, tried := 0, 0
	for i := 0; i < len(states) && tried < positions; i += len(states) / positions {
		s := states[i]
		if s.ToMove() == game.Chance {
			continue
		}
		tried++
		d2, err := ai.NewSearch(ai.Limits{Depth: 2, Nodes: 1_000_000}, eval).Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		d3, err := hardSearch(100_000, eval).Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		n2 += d2.Nodes
		n3 += d3.Nodes
		if d3.Depth == 3 || d3.Depth >= 1 && len(s.Moves(nil)) == 1 {
			deep++
		}
	}
	t.Logf("%d positions: 2 plies %d nodes, 3 plies filtered %d; third ply done at %d", tried, n2, n3, deep)
	if n3 > 4*n2 {
		t.Errorf("3 filtered plies cost %d nodes, 2 plies %d", n3, n2)
	}
	if deep < tried*4/5 {
		t.Errorf("the third ply was done at %d of %d positions", deep, tried)
	}
}

// TestFilteredSearchNoAlloc checks that hard's search does not allocate per
// node: its allocations are the root's, a few per iteration.
func TestFilteredSearchNoAlloc(t *testing.T) {
	s := parsePos(t, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3")
	p := hardSearch(20_000, NetEval)
	p.Choose(context.Background(), s)
	var nodes int64
	allocs := testing.AllocsPerRun(3, func() {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		nodes = d.Nodes
	})
	if allocs > 40 {
		t.Errorf("%.0f allocations for a search of %d nodes", allocs, nodes)
	}
}

// BenchmarkHardSearch runs hard's search (three plies with Filters, 100k
// nodes) from a middle game position and reports nodes per second.
func BenchmarkHardSearch(b *testing.B) {
	s := parsePos(b, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3")
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		d, err := hardSearch(100_000, NetEval).Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// parsePos parses a position of the default rules.
func parsePos(t testing.TB, text string) game.State {
	t.Helper()
	g := mahbousse.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
