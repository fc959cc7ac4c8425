package intercept

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"plateau/ai"
	"plateau/game"
	ic "plateau/games/intercept"
)

// midgame returns a position after some random turns.
func midgame(tb testing.TB, turns int) *ic.State {
	tb.Helper()
	return midgameOf(tb, turns, nil)
}

// midgameOf is midgame under the variant settings.
func midgameOf(tb testing.TB, turns int, settings map[string]string) *ic.State {
	tb.Helper()
	g := ic.Game{}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := g.New(cfg)
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

// BenchmarkSearch runs hard's search (25k nodes, on an Evaluator) on a
// middle-game position and reports nodes per second.
func BenchmarkSearch(b *testing.B) {
	s := midgame(b, 60)
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		sr := ai.NewSearch(ai.Limits{Nodes: 25_000}, NewEvaluator().Eval)
		sr.Order = Order
		d, err := sr.Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSearchSolo runs hard's 4-player solo search (Best-Reply
// Search+, 80k nodes) on a middle-game position and reports nodes per
// second.
func BenchmarkSearchSolo(b *testing.B) {
	s := midgameOf(b, 60, map[string]string{"players": "4", "mode": "solo"})
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		sr := ai.NewSearch(ai.Limits{Nodes: 80_000}, NewEvaluator().Eval)
		sr.Order, sr.Allies, sr.Contempt, sr.BestReply = Order, Allies, Contempt, true
		d, err := sr.Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// positions returns the positions of random games, every few turns, with
// 2 and 4 players.
func positions(tb testing.TB) []*ic.State {
	tb.Helper()
	g := ic.Game{}
	var out []*ic.State
	var buf []game.Move
	for i, variant := range []map[string]string{nil, {"players": "4"}, {"players": "4", "mode": "solo"}} {
		cfg, err := game.NewConfig(g, variant)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 77))
		for range 4 {
			s, err := g.New(cfg)
			if err != nil {
				tb.Fatal(err)
			}
			for turn := 0; turn < 400 && !s.Outcome().Over; turn++ {
				buf = s.Moves(buf[:0])
				if err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
					tb.Fatal(err)
				}
				if turn%5 == 0 && !s.Outcome().Over {
					out = append(out, s.Clone().(*ic.State))
				}
			}
		}
	}
	return out
}

// chamfer returns the distances of every square from a list of pieces
// by two chamfer passes over a padded board, as a reference for distMap.
func chamfer(list []uint8) (dist [nsq]int) {
	const pw = size + 2
	var d [pw * pw]int
	for t := range d {
		d[t] = distCap
	}
	for _, q := range list {
		d[(int(q)/size+1)*pw+int(q)%size+1] = 0
	}
	for y := 1; y <= size; y++ {
		for i := y*pw + 1; i <= y*pw+size; i++ {
			d[i] = min(d[i], d[i-1]+1, d[i-pw-1]+1, d[i-pw]+1, d[i-pw+1]+1)
		}
	}
	for y := size; y >= 1; y-- {
		for i := y*pw + size; i >= y*pw+1; i-- {
			d[i] = min(d[i], d[i+1]+1, d[i+pw+1]+1, d[i+pw]+1, d[i+pw-1]+1)
		}
	}
	for t := range dist {
		dist[t] = d[(t/size+1)*pw+t%size+1]
	}
	return dist
}

// The distance maps and the chain costs agree with plain references: two
// chamfer passes, and a Bellman-Ford relaxation of the ball's hops to a
// fixed point, on random lists of squares and positions of random games.
func TestChainMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		list := make([]uint8, rng.IntN(14))
		for i := range list {
			list[i] = uint8(rng.IntN(nsq))
		}
		var set lanes
		for _, q := range list {
			set.add(int(q))
		}
		var d distMap
		d.fill(set)
		want := chamfer(list)
		for sq := range nsq {
			if got := d.dist(sq); got != want[sq] {
				t.Fatalf("pieces on %v: square %d at distance %d, two chamfer passes say %d", list, sq, got, want[sq])
			}
		}
	}
	states := positions(t)
	for _, s := range states {
		var b board
		b.load(s, blockedOf(s))
		for seat := range s.Players() {
			if got, want := chain(s, &b, seat, new(Evaluator).maps(s, &b, seat), new([512]queued)), chainReference(s, &b, seat); got != want {
				t.Fatalf("%s, seat %d: chain %d, reference %d", s.Position(), seat, got, want)
			}
		}
	}
	t.Logf("%d positions", len(states))
}

func chainReference(s *ic.State, b *board, seat int) int {
	m := new(Evaluator).maps(s, b, seat)
	pl, rl := &m.pl, &m.rl
	const inf = 1 << 20
	var dist [nsq]int
	for t := range dist {
		dist[t] = inf
	}
	dist[b.ball] = 0
	if o := int(b.owner[b.ball]); o >= 0 && s.Opponents(seat, o) {
		dist[b.ball] = intercept
	}
	goals := s.Goals(seat)
	for changed := true; changed; {
		changed = false
		for c := range nsq {
			if dist[c] == inf || dist[c] > maxChain {
				continue
			}
			isGoal := false
			for _, g := range goals {
				isGoal = isGoal || c == g
			}
			if isGoal {
				continue // the ball stops on a goal
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := c%size+2*dx, c/size+2*dy
					if dx == 0 && dy == 0 || x < 0 || y < 0 || x >= size || y >= size {
						continue
					}
					l := y*size + x
					if v := dist[c] + passCost(s, b, seat, c+dy*size+dx, pl) + landCost(s, b, seat, l, rl, goals); v < dist[l] {
						dist[l], changed = v, true
					}
				}
			}
		}
	}
	best := maxChain + 1
	for _, g := range goals {
		if dist[g] <= maxChain {
			best = min(best, dist[g])
		}
	}
	return best
}

// An Evaluator gives Eval's values bit for bit, whatever positions it saw
// before: one evaluator goes through the positions of random games in
// order (neighbours, as a search's leaves), then in a shuffled order, for
// every seat; and it allocates nothing.
func TestEvaluatorMatchesEval(t *testing.T) {
	states := positions(t)
	ev := NewEvaluator()
	check := func(s *ic.State) {
		for p := range s.Players() {
			if got, want := ev.Eval(s, game.Player(p)), Eval(s, game.Player(p)); got != want {
				t.Fatalf("%s, seat %d: evaluator %v, Eval %v", s.Position(), p, got, want)
			}
		}
	}
	every := 3
	if raceEnabled {
		every = 18
	}
	for i, s := range states {
		if i%every != 0 {
			continue // the time the race detector takes
		}
		// The position after each move, as a search's sibling leaves.
		for _, m := range s.Moves(nil) {
			c := s.Clone().(*ic.State)
			if err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			check(c)
		}
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, i := range rng.Perm(len(states)) {
		check(states[i])
	}
	s := states[len(states)/2]
	if n := testing.AllocsPerRun(100, func() { ev.Eval(s, 0) }); n != 0 {
		t.Errorf("Evaluator.Eval allocates %v times a call", n)
	}
}

// BenchmarkEvaluator evaluates the positions after each move of a middle
// game in a row, as a search's sibling leaves, with an Evaluator and with
// Eval.
func BenchmarkEvaluator(b *testing.B) {
	for _, tc := range []struct {
		name     string
		settings map[string]string
	}{{"2", nil}, {"solo", map[string]string{"players": "4", "mode": "solo"}}} {
		s := midgameOf(b, 60, tc.settings)
		var kids []game.State
		for _, m := range s.Moves(nil) {
			c := s.Clone()
			if err := c.Play(m); err != nil {
				b.Fatal(err)
			}
			kids = append(kids, c)
		}
		for _, e := range []struct {
			name string
			eval func(game.State, game.Player) float64
		}{{"Evaluator", NewEvaluator().Eval}, {"Eval", Eval}} {
			b.Run(tc.name+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					e.eval(kids[i%len(kids)], 0)
					i++
				}
			})
		}
	}
}

// A piece of the opponent's standing where a chain needs one of the seat's,
// and that cannot be covered, costs blocked2 with 2 players (blocked4 in
// ValueV3), and blocked4 with 4 players.
func TestBlockingPieceCost(t *testing.T) {
	g := ic.Game{}
	// S's ball on g9 goes to N's Arrivée g13 over g10 and g12; N's passage
	// piece on g10 stands in the way (g10 is not next to the Arrivée, so
	// no cover).
	const text = "7Nr5/6Sp6/6Sr6/6Np6/6Sr6/13/13/13/13/13/13/13/SPSp10NP N g9 40 0"
	st, err := g.ParsePosition(game.DefaultConfig(g), text)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*ic.State)
	g10 := 9*size + 6
	if o, _, _ := s.PieceAt(g10); o != 1 || s.IsFive(0, g10) {
		t.Fatalf("%s: want N's piece on g10, not next to N's Arrivée", text)
	}
	for _, block := range []int{blocked2, blocked4} {
		var b board
		b.load(s, block)
		m := new(Evaluator).maps(s, &b, 0)
		if got, want := needCost(s, &b, 0, g10, ic.FacePassage, &m.pl, false), block+missBase+m.pl.dist(g10); got != want {
			t.Errorf("blocking piece on g10, cost %d: needCost %d, want %d", block, got, want)
		}
	}
	// The cost falls from turn blockFrom to blockTo.
	for _, tc := range []struct{ turns, want int }{
		{0, 12}, {40, 12}, {200, 12}, {213, 11}, {250, 8}, {299, 5}, {300, 4}, {450, 4},
	} {
		text := strings.Replace(text, " 40 0", fmt.Sprintf(" %d 0", tc.turns), 1)
		st, err := g.ParsePosition(game.DefaultConfig(g), text)
		if err != nil {
			t.Fatal(err)
		}
		if got := blockedOf(st.(*ic.State)); got != tc.want {
			t.Errorf("2 players, %d turns played: blockedOf %d, want %d", tc.turns, got, tc.want)
		}
	}
	if v, v3 := EvalV4(s, 0), EvalV3(s, 0); v >= v3 {
		t.Errorf("S blocked on g10: EvalV4 %.4f, want less than EvalV3's %.4f", v, v3)
	}
	// With 4 players nothing changed.
	for _, s := range positions(t) {
		if s.Players() == 2 {
			continue
		}
		if blockedOf(s) != blocked4 {
			t.Fatalf("4 players: blockedOf %d, want %d", blockedOf(s), blocked4)
		}
		for p := range s.Players() {
			if v, v3, v4 := Eval(s, game.Player(p)), EvalV3(s, game.Player(p)), EvalV4(s, game.Player(p)); v != v3 || v != v4 {
				t.Fatalf("%s, seat %d: Eval %v, EvalV3 %v, EvalV4 %v", s.Position(), p, v, v3, v4)
			}
		}
	}
}
