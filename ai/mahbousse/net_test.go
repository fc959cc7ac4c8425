package mahbousse

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games/mahbousse"
)

// randomNet returns a network of h hidden units with weights drawn from seed,
// large enough that every hidden unit matters.
func randomNet(t testing.TB, h int, seed uint64) *Net {
	t.Helper()
	n, err := newNet(h)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for _, ws := range [][]float64{n.w1, n.b1, n.w2} {
		for i := range ws {
			ws[i] = rng.Float64()*2 - 1
		}
	}
	n.b2 = rng.Float64() - 0.5
	return n
}

// randomStates returns the positions of random games, finished ones left out.
func randomStates(t testing.TB, games int, seed uint64) []*mahbousse.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	var out []*mahbousse.State
	var moves []game.Move
	var cms []game.ChanceMove
	for range games {
		s := mahbousse.NewState(mahbousse.Rules{})
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
			if !s.Outcome().Over {
				out = append(out, s.Clone().(*mahbousse.State))
			}
		}
	}
	return out
}

// naiveView is a second, dense encoding of a's view written from the
// description of the inputs, point by point, with the pip count and the
// contact test computed from the position text's own board; the tactical
// inputs are the linear evaluation's features of each side (tested with
// it), placed by hand.
func naiveView(l *mahbousse.Layout, a int) []float64 {
	x := make([]float64, NetInputs)
	// Contact: some x checker still has an o checker below it in x's
	// numbering (x moves down, o moves up).
	hiX, loO := 0, 25
	for n := 1; n <= 24; n++ {
		if l.Free[0][n] > 0 || l.Pinned[0][n] {
			hiX = max(hiX, n)
		}
		if l.Free[1][25-n] > 0 || l.Pinned[1][25-n] {
			loO = min(loO, n)
		}
	}
	sides := []int{a, 1 - a}
	for k, side := range sides {
		pips := 0.0
		for n := 1; n <= 24; n++ {
			f := float64(l.Free[side][n])
			i := k*(24*5+2) + (n-1)*5
			if f >= 1 {
				x[i] = 1
			}
			if f >= 2 {
				x[i+1] = 1
			}
			if f >= 3 {
				x[i+2] = 1
			}
			x[i+3] = max(f-3, 0) / 2
			if l.Pinned[side][n] {
				x[i+4] = 1
				f++
			}
			pips += f * float64(n)
		}
		x[k*(24*5+2)+120] = float64(l.Off[side]) / 15
		x[k*(24*5+2)+121] = pips / 360
	}
	if l.Turn == game.Player(a) {
		x[2*(24*5+2)] = 1
	}
	if loO >= hiX {
		x[2*(24*5+2)+1] = 1
	}
	for k, side := range sides {
		var g [nSide]float64
		var pips float64
		sideFeatures(l, side, 1-side, true, &g, &pips)
		at := 2*(24*5+2) + 2 + 4*k
		x[at], x[at+1], x[at+2], x[at+3] = g[fShotsBack], g[fShotsFront], g[fPrime], g[fPrime]*g[fPrime]
	}
	return x
}

// naiveOut is the network's output by dense matrix products, lin being
// the linear evaluation's logit; a network without tactics reads the board
// inputs only.
func naiveOut(n *Net, x []float64, lin float64) float64 {
	if !n.tactics {
		x = x[:2*(24*5+2)+2]
	}
	z := n.b2
	if n.linear {
		z += lin
	}
	for j := range n.hidden {
		s := n.b1[j]
		for i, v := range x {
			s += v * n.w1[i*n.hidden+j]
		}
		z += n.w2[j] / (1 + math.Exp(-s))
	}
	return 1 / (1 + math.Exp(-z))
}

// The forward pass agrees with a naive dense one on positions of random
// games, for networks of several sizes.
func TestNetForwardMatchesNaive(t *testing.T) {
	games := 4
	if raceEnabled {
		games = 1
	}
	states := randomStates(t, games, 11)
	for _, h := range []int{1, 7, 48, MaxHidden} {
		for _, kind := range []struct{ linear, tactics bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			n := randomNet(t, h, uint64(h))
			n.linear, n.tactics = kind.linear, kind.tactics
			for _, s := range states {
				l := s.Layout()
				for p := range 2 {
					// The linear evaluation's logit, from its value.
					v := trained.Eval(s, game.Player(p))
					lin := math.Log(v / (1 - v))
					want := (naiveOut(n, naiveView(&l, p), lin) + 1 - naiveOut(n, naiveView(&l, 1-p), -lin)) / 2
					if got := n.Eval(s, game.Player(p)); math.Abs(got-want) > 1e-9 {
						t.Fatalf("%d hidden, %+v, %s, player %d: Eval %v, naive %v", h, kind, s.Position(), p, got, want)
					}
				}
			}
		}
	}
	// A known position and network: the start, where the two views are
	// the same but for who moves next.
	n := randomNet(t, 3, 5)
	s := mahbousse.NewState(mahbousse.Rules{})
	l := s.Layout()
	want := naiveOut(n, naiveView(&l, 0), 0)
	if got := n.Eval(s, 0); math.Abs(got-0.5) > 1e-12 || math.Abs(want-naiveOut(n, naiveView(&l, 1), 0)) > 1e-12 {
		t.Errorf("start position: Eval %v, views %v and %v: want 0.5 and equal views", got, want, naiveOut(n, naiveView(&l, 1), 0))
	}
	// A network with linear set and zero output weights is the linear
	// evaluation.
	n.linear = true
	clear(n.w2)
	n.b2 = 0
	for _, s := range states {
		if got, want := n.Eval(s, 0), trained.Eval(s, 0); math.Abs(got-want) > 1e-12 {
			t.Fatalf("%s: Eval %v, the linear evaluation %v", s.Position(), got, want)
		}
	}
}

// Eval(s, x) + Eval(s, o) = 1 in every position, for the built-in networks
// and their ensemble and for random ones, and every value lies in [0, 1].
func TestNetEvalAntisymmetric(t *testing.T) {
	b, err := BuiltinNets()
	if err != nil {
		t.Fatal(err)
	}
	lin := randomNet(t, 20, 4)
	lin.linear = true
	evals := map[string]ai.Eval{"built-in ensemble": NetEval, "max's ensemble": MaxNets(b).Eval, "random": randomNet(t, 20, 3).Eval, "random with linear": lin.Eval,
		"ensemble of random networks": Ensemble{randomNet(t, 20, 3), lin}.Eval}
	for i, n := range b {
		evals[fmt.Sprintf("built-in %d", i+1)] = n.Eval
	}
	states := randomStates(t, 10, 12)
	for name, ev := range evals {
		for _, s := range states {
			v0, v1 := ev(s, 0), ev(s, 1)
			if math.Abs(v0+v1-1) > 1e-12 || v0 < 0 || v0 > 1 {
				t.Fatalf("%s network, %s: values %v and %v", name, s.Position(), v0, v1)
			}
		}
	}
	t.Logf("%d positions", len(states))
}

// Finished games get their result, whatever the network says.
func TestNetEvalOver(t *testing.T) {
	n := randomNet(t, 5, 9)
	g := mahbousse.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o15 off=15-0 over")
	if err != nil {
		t.Fatal(err)
	}
	if v0, v1 := n.Eval(s, 0), n.Eval(s, 1); v0 != 1 || v1 != 0 {
		t.Errorf("x has borne off all: values %v, %v; want 1, 0", v0, v1)
	}
}

// Inference does not allocate.
func TestNetEvalNoAlloc(t *testing.T) {
	states := randomStates(t, 1, 14)
	s := states[len(states)/2]
	if a := testing.AllocsPerRun(200, func() { NetEval(s, 0) }); a != 0 {
		t.Errorf("NetEval allocates %v times a call", a)
	}
	nets, err := BuiltinNets()
	if err != nil {
		t.Fatal(err)
	}
	maxEval := MaxNets(nets).Eval
	if a := testing.AllocsPerRun(200, func() { maxEval(s, 0) }); a != 0 {
		t.Errorf("max's networks' Eval (with tactics) allocates %v times a call", a)
	}
}

// A network survives its binary form (weights rounded to float32), and
// bad files are refused with a reason.
func TestNetBinary(t *testing.T) {
	var b []byte
	for _, tactics := range []bool{false, true} {
		n := randomNet(t, 6, 4)
		n.linear, n.tactics = true, tactics
		var err error
		if b, err = n.MarshalBinary(); err != nil {
			t.Fatal(err)
		}
		var m Net
		if err := m.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if !m.linear || m.tactics != tactics {
			t.Fatalf("the round trip of a network with tactics %v gave linear %v, tactics %v", tactics, m.linear, m.tactics)
		}
		for _, s := range randomStates(t, 1, 15) {
			if a, b := n.Eval(s, 0), m.Eval(s, 0); math.Abs(a-b) > 1e-5 {
				t.Fatalf("tactics %v, %s: %v before, %v after the round trip", tactics, s.Position(), a, b)
			}
		}
	}
	// A network is written as it was read, one of the board inputs alone
	// as it was before there were tactics.
	for _, f := range builtinFiles {
		var m Net
		if err := m.UnmarshalBinary(f.b); err != nil {
			t.Fatal(err)
		}
		if again, _ := m.MarshalBinary(); !bytes.Equal(again, f.b) {
			t.Errorf("%s (tactics %v): written again, %d bytes differ from the file's %d", f.name, m.tactics, len(again), len(f.b))
		}
	}
	bad := func(edit func([]byte) []byte) []byte { return edit(bytes.Clone(b)) }
	tests := []struct {
		name, want string
		b          []byte
	}{
		{"empty", "no MBN1 header", nil},
		{"magic", "no MBN1 header", bad(func(b []byte) []byte { b[0] = 'X'; return b })},
		{"inputs", "inputs", bad(func(b []byte) []byte { b[4]++; return b })},
		{"hidden 0", "hidden units", bad(func(b []byte) []byte { b[8] = 0; return b })},
		{"flags", "unknown flags", bad(func(b []byte) []byte { b[12] = 2; return b })},
		{"short", "bytes, want", b[:len(b)-1]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m Net
			err := m.UnmarshalBinary(tt.b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// The built-in file is a network this program reads, and a trained one.
func TestBuiltinNet(t *testing.T) {
	e, err := BuiltinNets()
	if err != nil {
		t.Fatal(err)
	}
	if len(e) != 5 {
		t.Fatalf("%d built-in networks, want 5", len(e))
	}
	g := mahbousse.Game{}
	// x has 14 checkers off and one home; o has all 15 still to bring home.
	s, err := g.ParsePosition(game.DefaultConfig(g), "x1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o15,.,.,.,.,. off=14-0 o:roll")
	if err != nil {
		t.Fatal(err)
	}
	// NetEval is the mean of hard's networks' values, the max evaluator
	// the mean of the first and the two that read tactics (within its
	// fixed point's rounding).
	if !e[3].Tactics() || !e[4].Tactics() || e[0].Tactics() || e[1].Tactics() || e[2].Tactics() {
		t.Error("the last two built-in networks should read tactics, and only they")
	}
	hard, maxEval := NewNetEvaluator(), NewMaxEvaluator()
	for _, st := range randomStates(t, 3, 9) {
		sum := 0.0
		for i, n := range e {
			sum += n.Eval(st, 1)
			if i == HardNets-1 {
				if got, want := NetEval(st, 1), sum/HardNets; math.Abs(got-want) > 1e-12 {
					t.Fatalf("%s: NetEval %v, the first %d networks' mean %v", st.Position(), got, HardNets, want)
				}
				if got, want := hard.Eval(st, 1), sum/HardNets; math.Abs(got-want) > 1e-7 {
					t.Fatalf("%s: NewNetEvaluator %v, the first %d networks' mean %v", st.Position(), got, HardNets, want)
				}
			}
		}
		if got, want := maxEval.Eval(st, 1), (e[0].Eval(st, 1)+e[3].Eval(st, 1)+e[4].Eval(st, 1))/3; math.Abs(got-want) > 1e-7 {
			t.Fatalf("%s: NewMaxEvaluator %v, the mean of networks 1, 4 and 5 %v", st.Position(), got, want)
		}
	}
	// A copy: appending to the cached ensemble would write into its array.
	for i, n := range append(e[:len(e):len(e)], nil) {
		ev := ai.Eval(NetEval)
		if n != nil {
			ev = n.Eval
		}
		if v := ev(s, 0); v < 0.9 {
			t.Errorf("network %d of %d: x's value when it is about to win the race is %v", i+1, len(e), v)
		}
	}
}

// Training is reproducible, and goes on from a given network.
func TestTrainNet(t *testing.T) {
	o := NetTrainOptions{Games: 10, Seed: 3, Hidden: 8}
	a, err := TrainNet(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := TrainNet(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	ab, _ := a.MarshalBinary()
	bb, _ := b.MarshalBinary()
	if !bytes.Equal(ab, bb) {
		t.Error("two trainings with the same options gave different networks")
	}
	// The checkpoint after g games is the network of a g-game training.
	var ckpt []byte
	long := o
	long.Games, long.LogEvery = 14, 10
	long.Checkpoint = func(n *Net, games int) error {
		if games == 10 {
			ckpt, _ = n.MarshalBinary()
		}
		return nil
	}
	if _, err := TrainNet(context.Background(), long); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ckpt, ab) {
		t.Error("the checkpoint after 10 games of a 14-game training is not the 10-game network")
	}
	c, err := TrainNet(context.Background(), NetTrainOptions{Games: 1, Seed: 3, From: a})
	if err != nil {
		t.Fatal(err)
	}
	if cb, _ := c.MarshalBinary(); bytes.Equal(cb, ab) {
		t.Error("one more game did not change the network")
	}
	// Decay 10000 is the default; another changes every game's rate but
	// the first.
	same, slow := o, o
	same.Decay, slow.Decay = 10_000, 100_000
	for _, tt := range []struct {
		o    NetTrainOptions
		want bool
	}{{same, true}, {slow, false}} {
		n, err := TrainNet(context.Background(), tt.o)
		if err != nil {
			t.Fatal(err)
		}
		if nb, _ := n.MarshalBinary(); bytes.Equal(nb, ab) != tt.want {
			t.Errorf("decay %d: same network as the default's %v, want %v", tt.o.Decay, !tt.want, tt.want)
		}
	}
	if _, err := TrainNet(context.Background(), NetTrainOptions{Games: 1, Decay: -1}); err == nil {
		t.Error("training with decay -1: no error")
	}
	if _, err := TrainNet(context.Background(), NetTrainOptions{Games: 1, Hidden: MaxHidden + 1}); err == nil {
		t.Errorf("training a network of %d hidden units: no error", MaxHidden+1)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := TrainNet(ctx, NetTrainOptions{Games: 5}); err == nil {
		t.Error("training with a cancelled context: no error")
	}
}

func BenchmarkNetEval(b *testing.B) {
	states := randomStates(b, 1, 14)
	s := states[len(states)/2]
	b.ReportAllocs()
	for b.Loop() {
		NetEval(s, 0)
	}
}

func BenchmarkTrainNet(b *testing.B) {
	for b.Loop() {
		if _, err := TrainNet(context.Background(), NetTrainOptions{Games: 5, Seed: 1, Linear: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNetSearch runs hard's search (two plies, 25k nodes) on the
// network and reports nodes per second.
func BenchmarkNetSearch(b *testing.B) {
	g := mahbousse.Game{}
	s, err := g.ParsePosition(game.DefaultConfig(g), "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		d, err := ai.NewSearch(ai.Limits{Depth: 2, Nodes: 25_000}, NetEval).Choose(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
