package dames

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/games/dames"
)

// minimax is the engine's search without pruning: the same leaves (quiet
// positions at the horizon, captures searched on), the same extension of
// forced moves and the same evaluation.
func minimax(p *dames.Pos, depth, ply int) int {
	moves := p.Generate(nil)
	if len(moves) == 0 {
		return -winScore + ply
	}
	if ply >= maxPly-1 || depth <= 0 && moves[0].Captured == 0 {
		return Evaluate(p)
	}
	depth = max(depth, 0)
	next := depth - 1
	if len(moves) == 1 && ply < 2*maxPly/3 {
		next = depth
	}
	best := -infScore
	for _, m := range moves {
		c := p.Play(m)
		best = max(best, -minimax(&c, next, ply+1))
	}
	return best
}

// playouts returns positions reached by seeded random games from the start.
func playouts(n, plies int, seed uint64) []dames.Pos {
	r := rand.New(rand.NewPCG(seed, 1))
	var out []dames.Pos
	for range n {
		p := dames.StartPos()
		for range plies {
			ms := p.Generate(nil)
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[r.IntN(len(ms))])
		}
		if len(p.Generate(nil)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// TestSearchIsMinimax checks principal variation search, the table and
// the move ordering against plain minimax: without reductions and table
// cutoffs the value must be the same.
func TestSearchIsMinimax(t *testing.T) {
	g := dames.Game{}
	for i, p := range playouts(12, 24, 7) {
		s, err := g.ParsePosition(game.DefaultConfig(g), p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		for depth := 1; depth <= 4; depth++ {
			e := NewEngine(ai.Limits{Depth: depth})
			e.exact, e.TTBits = true, 12
			d, err := e.Choose(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			want := minimax(&p, depth, 0)
			if len(p.Generate(nil)) == 1 {
				want = minimax(&p, 1, 0)
			}
			if got, _ := scoreValue(want); d.Score != got {
				t.Errorf("position %d %s depth %d: score %v, minimax %v (%d)", i, p.FEN(), depth, d.Score, got, want)
			}
			checkPV(t, s, d.PV)
		}
	}
}

// checkPV plays a principal variation through the game's rules.
func checkPV(t *testing.T, s game.State, pv []game.Move) {
	t.Helper()
	c := s.Clone()
	for i, m := range pv {
		if err := c.Play(m); err != nil {
			t.Fatalf("pv %d (%s): %v", i, c.FormatMove(m), err)
		}
	}
}

// TestEngineLimits: the engine stops on its node budget and on a
// cancelled context with a legal move and a legal line.
func TestEngineLimits(t *testing.T) {
	s := parse(t, "W:W31-50:B1-20")
	e := NewEngine(ai.Limits{Nodes: 20_000})
	d, err := e.Choose(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if d.Nodes > 20_000 || d.Depth < 3 {
		t.Errorf("node budget 20000: %d nodes, depth %d", d.Nodes, d.Depth)
	}
	checkPV(t, s, d.PV)
	if d.PV[0] != d.Move {
		t.Errorf("pv %v does not start with the move %v", d.PV, d.Move)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err = NewEngine(ai.Limits{}).Choose(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	checkPV(t, s, append([]game.Move{d.Move}, d.PV...)[:1])
}

// TestEndgameKnowledge checks the rules of the lone king's endings from
// positions: the stronger side's score is near zero where the lone king
// draws and above the bonus where it loses.
func TestEndgameKnowledge(t *testing.T) {
	tests := []struct {
		name, fen string
		won       bool // for the side with more pieces
	}{
		{"king against king", "W:WK46:BK5", false},
		{"two kings against one", "W:WK46,K1:BK30", false},
		{"two kings against one, black stronger", "W:WK30:BK46,K1", false},
		{"king and man against king", "W:WK47,40:BK3", false},
		{"three kings against one on the long diagonal", "B:WK1,K2,K3:BK28", false},
		{"three kings against one off the diagonal", "B:WK1,K2,K3:BK27", true},
		{"three kings holding the long diagonal", "B:WK5,K2,K3:BK27", true},
		{"four kings against one on the diagonal", "B:WK1,K2,K3,K4:BK28", true},
	}
	for _, tt := range tests {
		p, err := dames.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		v := Evaluate(&p)
		w, b := popcount(p.Pieces[dames.White]), popcount(p.Pieces[dames.Black])
		if (w > b) != (p.Side == dames.White) {
			v = -v // the stronger side's view
		}
		switch {
		case tt.won && v < winningBonus:
			t.Errorf("%s (%s): %d for the stronger side, want a win (> %d)", tt.name, tt.fen, v, winningBonus)
		case !tt.won && (v < 0 || v > 50):
			t.Errorf("%s (%s): %d for the stronger side, want a draw (0..50)", tt.name, tt.fen, v)
		}
	}
}

// TestLoneKingDraws: the engine sees two kings against one as a draw.
func TestLoneKingDraws(t *testing.T) {
	s := parse(t, "W:WK46,K1:BK30")
	d, err := NewEngine(ai.Limits{Depth: 8}).Choose(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if d.Proven || d.Score < 0.45 || d.Score > 0.55 {
		t.Errorf("two kings against one: score %.3f proven %v, want about 1/2", d.Score, d.Proven)
	}
}

func TestMenScale(t *testing.T) {
	for _, cm := range []int{-350, -100, 0, 42, 300} {
		if got := Men(WinProbability(cm)); got < float64(cm)/100-1e-9 || got > float64(cm)/100+1e-9 {
			t.Errorf("Men(WinProbability(%d)) = %v", cm, got)
		}
	}
}

func BenchmarkEngine(b *testing.B) {
	s := parse(&testing.T{}, "W:W31-50:B1-20")
	b.ReportAllocs()
	var nodes int64
	e := NewEngine(ai.Limits{Nodes: 1_000_000})
	for b.Loop() {
		d, _ := e.Choose(context.Background(), s)
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestSearchAllocationFree: once its buffers have grown, the search
// allocates nothing per node, on the hand-written evaluation and on the
// learnt patterns.
func TestSearchAllocationFree(t *testing.T) {
	pt, err := LearntPatterns()
	if err != nil {
		t.Fatal(err)
	}
	for _, eval := range []func(*dames.Pos) int{nil, pt.Evaluate} {
		for _, p := range playouts(3, 30, 11) {
			e := NewEngine(ai.Limits{})
			e.TTBits, e.Eval = 14, eval
			e.init(context.Background())
			e.hist = append(e.hist[:0], p.Hash())
			search := func() { e.search(&p, p.Hash(), 6, 0, -infScore, infScore) }
			search()
			nodes := e.nodes
			if allocs := testing.AllocsPerRun(3, search); allocs != 0 {
				t.Errorf("%s: %v allocations per search of %d nodes, want 0", p.FEN(), allocs, e.nodes-nodes)
			}
		}
	}
}

// TestOnDepth: OnDepth sees every completed depth in order, each with a
// legal line, and the last one is the decision.
func TestOnDepth(t *testing.T) {
	s := parse(t, "W:W31-50:B1-20")
	e := NewEngine(ai.Limits{Depth: 7})
	var depths []int
	e.OnDepth = func(d ai.Decision) {
		depths = append(depths, d.Depth)
		checkPV(t, s, d.PV)
	}
	d, err := e.Choose(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(depths) != 7 || depths[0] != 1 || depths[6] != 7 || d.Depth != 7 {
		t.Errorf("OnDepth saw depths %v, decision depth %d; want 1..7", depths, d.Depth)
	}
}

// TestTimeUse: with a time limit the engine uses most of it (a depth is
// started when it can finish) and never much more.
func TestTimeUse(t *testing.T) {
	s := parse(t, "W:W31-50:B1-20")
	const budget = 300 * time.Millisecond
	e := NewEngine(ai.Limits{Time: budget})
	e.TTBits = 16
	start := time.Now()
	d, err := e.Choose(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if used := time.Since(start); used > budget+100*time.Millisecond || d.Depth < 4 {
		t.Errorf("%v budget: used %v, depth %d", budget, used, d.Depth)
	}
}

func TestTTBitsFor(t *testing.T) {
	for _, tt := range []struct{ mib, bits int }{{0, 10}, {1, 15}, {64, 21}, {100, 21}, {128, 22}} {
		if got := ttBitsFor(tt.mib); got != tt.bits {
			t.Errorf("ttBitsFor(%d) = %d, want %d (entries of %d bytes)", tt.mib, got, tt.bits, entryBytes)
		}
	}
}
