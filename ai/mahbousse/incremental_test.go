package mahbousse

import (
	"math"
	"math/rand/v2"
	"testing"

	"plateau/game"
	"plateau/games/mahbousse"
)

// siblings returns, for positions of random games with a player to move,
// every position after one of its moves: the positions a search evaluates
// one after another.
func siblings(t testing.TB, games int, seed uint64) []*mahbousse.State {
	t.Helper()
	var out []*mahbousse.State
	var moves []game.Move
	for _, s := range randomStates(t, games, seed) {
		if p := s.ToMove(); p != 0 && p != 1 {
			continue
		}
		moves = s.Moves(moves[:0])
		for _, m := range moves {
			c := s.Clone().(*mahbousse.State)
			if err := c.Play(m); err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		}
	}
	return out
}

// Every input the encoding makes is a whole number of 1/inScale: the fixed
// point holds the inputs exactly.
func TestFixedInputsExact(t *testing.T) {
	var x input
	var tac tacticalInputs
	for _, s := range randomStates(t, 6, 21) {
		l := s.Layout()
		tac.set(&l)
		for a := range 2 {
			encode(&l, a, isRace(&l), &tac, &x)
			for k := range x.n {
				// pips/360 is rounded in float64: 252/360*360 is 251.99999999999997.
				if q := x.val[k] * inScale; math.Abs(q-math.Round(q)) > 1e-9 {
					t.Fatalf("%s, view %d: input %d is %v, not a multiple of 1/%d", s.Position(), a, x.idx[k], x.val[k], inScale)
				}
			}
		}
	}
}

// The evaluator gives the ensemble's values but for the fixed point's
// rounding, for the built-in networks and for random ones with and without
// the linear logit, over positions evaluated one after another as a search
// does and in a random order.
func TestEvaluatorMatchesEnsemble(t *testing.T) {
	b, err := BuiltinNets()
	if err != nil {
		t.Fatal(err)
	}
	lin := randomNet(t, 20, 4)
	lin.linear = true
	tac, linTac := randomNet(t, 9, 5), randomNet(t, 12, 6)
	tac.tactics, linTac.linear, linTac.tactics = true, true, true
	ensembles := map[string]Ensemble{"built-in": b, "random": {randomNet(t, 33, 3), lin}, "one random": {randomNet(t, 7, 8)},
		"with tactics and without": {lin, tac, randomNet(t, 5, 7), linTac}, "one with tactics": {tac}}
	games := 2
	if raceEnabled {
		games = 1
	}
	states := siblings(t, games, 22)
	rng := rand.New(rand.NewPCG(23, 1))
	for name, e := range ensembles {
		ev, err := e.NewEvaluator()
		if err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for i := range 2 * len(states) {
			s := states[i%len(states)]
			if i >= len(states) {
				s = states[rng.IntN(len(states))]
			}
			p := game.Player(rng.IntN(2))
			got, want := ev.Eval(s, p), e.Eval(s, p)
			worst = max(worst, math.Abs(got-want))
			if math.Abs(got-want) > 1e-6 {
				t.Fatalf("%s, %s, player %d: evaluator %v, ensemble %v", name, s.Position(), p, got, want)
			}
		}
		t.Logf("%s: %d positions, largest difference %.2g", name, 2*len(states), worst)
	}
}

// A value does not depend on what the evaluator saw before: one evaluator
// going through positions in any order gives, bit for bit, what a fresh one
// gives each position; and the values of the two players add up to 1.
func TestEvaluatorOrderFree(t *testing.T) {
	games := 2
	if raceEnabled {
		games = 1
	}
	states := siblings(t, games, 24)
	ev, fresh := NewNetEvaluator(), NewNetEvaluator()
	rng := rand.New(rand.NewPCG(25, 1))
	for i := range 3 * len(states) {
		s := states[i%len(states)]
		if i >= len(states) {
			s = states[rng.IntN(len(states))]
		}
		p := game.Player(rng.IntN(2))
		fresh.views[0].valid, fresh.views[1].valid = false, false
		got, want := ev.Eval(s, p), fresh.Eval(s, p)
		if got != want {
			t.Fatalf("%s, player %d, after %d positions: %v, a fresh evaluator %v", s.Position(), p, i, got, want)
		}
		if v := ev.Eval(s, 1-p); math.Abs(got+v-1) > 1e-12 || got < 0 || got > 1 {
			t.Fatalf("%s: values %v and %v", s.Position(), got, v)
		}
	}
}

// A weight too large for the fixed point is refused with a reason.
func TestEvaluatorRefusesLargeWeights(t *testing.T) {
	n := randomNet(t, 4, 1)
	n.w1[5] = 200
	if _, err := (Ensemble{n}).NewEvaluator(); err == nil {
		t.Error("a weight of 200: no error")
	}
	n.w1[5], n.b1[2] = 0, -300
	if _, err := (Ensemble{n}).NewEvaluator(); err == nil {
		t.Error("a bias of -300: no error")
	}
}

// The evaluators of hard and max (whose networks read the tactical
// inputs) do not allocate.
func TestEvaluatorNoAlloc(t *testing.T) {
	states := siblings(t, 1, 26)
	for name, ev := range map[string]*Evaluator{"hard": NewNetEvaluator(), "max": NewMaxEvaluator()} {
		i := 0
		if a := testing.AllocsPerRun(200, func() { ev.Eval(states[i%len(states)], 0); i++ }); a != 0 {
			t.Errorf("%s's Evaluator.Eval allocates %v times a call", name, a)
		}
	}
}

// BenchmarkEvaluator and BenchmarkNetEvalSiblings evaluate the same
// positions in the same order: every move's position, move after move, at
// positions of random games, as a search's filters and last ply do.
func BenchmarkEvaluator(b *testing.B) {
	states := siblings(b, 1, 14)
	ev := NewNetEvaluator()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ev.Eval(states[i%len(states)], 0)
		i++
	}
}

func BenchmarkNetEvalSiblings(b *testing.B) {
	states := siblings(b, 1, 14)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		NetEval(states[i%len(states)], 0)
		i++
	}
}

// The interpolated sigmoid is within 1e-8 of the sigmoid, inside its table
// and out.
func TestSigmoidTable(t *testing.T) {
	tab := sigmoids()
	worst := 0.0
	for i := -40000; i <= 40000; i++ {
		x := float64(i) / 1999
		worst = max(worst, math.Abs(tab.at(x)-sigmoid(x)))
	}
	for _, x := range []float64{math.Inf(1), math.Inf(-1), 16, -16, 15.99999} {
		worst = max(worst, math.Abs(tab.at(x)-sigmoid(x)))
	}
	if worst > 1e-8 {
		t.Errorf("largest error %.3g, want within 1e-8", worst)
	}
	t.Logf("largest error %.3g", worst)
}
