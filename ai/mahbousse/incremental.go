package mahbousse

import (
	"fmt"
	"math"
	"sync"

	"plateau/game"
	"plateau/games/mahbousse"
)

// The incremental evaluator keeps each network's hidden sums in fixed
// point: an input's value times inScale is a whole number for every input
// the encoding makes (units, (n-3)/2, off/15, pips/360), and a weight times
// 2^weightBits is rounded once, when the network is loaded. The sums are
// then exact integers, the same whatever order the inputs are added in, so a
// sum updated from the previous position's is the one a full recomputation
// gives, bit for bit: the values do not depend on what was evaluated before.
const (
	inScale    = 360
	weightBits = 24
	// accScale turns a fixed-point sum back into the hidden unit's input.
	accScale = 1.0 / (inScale * (1 << weightBits))
)

// fixedNet is a Net's weights in fixed point, for Evaluator.
type fixedNet struct {
	net *Net // the network, for its output layer and linear logit
	sig *sigmoidTable
	w1  []int32 // NetInputs rows of hidden weights × 2^weightBits
	b1  []int64 // hidden biases in the sums' units
	off int     // where its hidden sums start in a view's sums
}

// maxFixedWeight bounds the weights fixed point can hold in an int32.
const maxFixedWeight = float64(math.MaxInt32) / (1 << weightBits)

func newFixedNet(n *Net, off int) (fixedNet, error) {
	f := fixedNet{net: n, sig: sigmoids(), w1: make([]int32, len(n.w1)), b1: make([]int64, len(n.b1)), off: off}
	for i, w := range n.w1 {
		if math.Abs(w) >= maxFixedWeight {
			return fixedNet{}, fmt.Errorf("network weight %v of input %d: fixed point holds less than %v", w, i/n.hidden, maxFixedWeight)
		}
		f.w1[i] = int32(math.Round(w * (1 << weightBits)))
	}
	for j, b := range n.b1 {
		if math.Abs(b) >= maxFixedWeight {
			return fixedNet{}, fmt.Errorf("network bias %v of hidden unit %d: fixed point holds less than %v", b, j, maxFixedWeight)
		}
		f.b1[j] = int64(math.Round(b*(1<<weightBits))) * inScale
	}
	return f, nil
}

// fixedInput is a sparse encoding in fixed point: the inputs that are not
// zero, in increasing order, each value times inScale.
type fixedInput struct {
	n     int
	board int // how many of the first n are board inputs
	idx   [NetInputs]int16
	q     [NetInputs]int32
}

// set makes f the fixed-point form of x.
func (f *fixedInput) set(x *input) {
	f.n, f.board = x.n, x.board
	for k := range x.n {
		f.idx[k] = x.idx[k]
		f.q[k] = int32(math.Round(x.val[k] * inScale))
	}
}

// copyFrom makes f a copy of g.
func (f *fixedInput) copyFrom(g *fixedInput) {
	f.n, f.board = g.n, g.board
	copy(f.idx[:g.n], g.idx[:g.n])
	copy(f.q[:g.n], g.q[:g.n])
}

// viewState is one player's view of the last position evaluated: its
// inputs and every network's hidden sums for them.
type viewState struct {
	valid bool
	in    fixedInput
	sums  []int64
}

// Evaluator evaluates with an ensemble of networks, updating each
// network's hidden sums from those of the position it evaluated last: the
// positions a search evaluates one after another are mostly siblings, a
// few checkers apart, so that a handful of inputs change where a full
// evaluation adds some sixty. Its values are the ensemble's but for the
// rounding of the weights to fixed point (within 1e-6, tested), and they
// do not depend on the order positions are evaluated in. An Evaluator is
// not safe for concurrent use: give each search its own.
type Evaluator struct {
	nets    []fixedNet
	tactics bool // some network reads the tactical inputs
	tac     tacticalInputs
	views   [2]viewState
	x       input      // scratch: the position being evaluated, from one view
	next    fixedInput // the same in fixed point
	ch      fixedInput // the changes from the view's last position
}

// NewEvaluator returns an Evaluator over the networks of e, or an error if
// a weight is too large for its fixed point.
func (e Ensemble) NewEvaluator() (*Evaluator, error) {
	ev := &Evaluator{}
	total := 0
	for _, n := range e {
		f, err := newFixedNet(n, total)
		if err != nil {
			return nil, err
		}
		ev.nets = append(ev.nets, f)
		total += n.hidden
		ev.tactics = ev.tactics || n.tactics
	}
	for a := range ev.views {
		ev.views[a].sums = make([]int64, total)
	}
	return ev, nil
}

// NewNetEvaluator returns an Evaluator over the first HardNets built-in
// networks, the evaluation of Mahboussé's hard level (NetEval's values,
// within the fixed point's rounding). The built-in files are checked by the
// package's tests; it panics if one is broken.
func NewNetEvaluator() *Evaluator {
	return builtinEvaluator(func(e Ensemble) Ensemble { return e[:HardNets] })
}

// NewMaxEvaluator returns an Evaluator over MaxNets, the evaluation of
// Mahboussé's max level: a better one than hard's at one ply (docs/ai/notebook.md),
// at a little more than its cost.
func NewMaxEvaluator() *Evaluator { return builtinEvaluator(MaxNets) }

// builtinEvaluator returns an Evaluator over the built-in networks that
// pick chooses.
func builtinEvaluator(pick func(Ensemble) Ensemble) *Evaluator {
	e, err := builtin()
	if err != nil {
		panic(err)
	}
	ev, err := pick(e).NewEvaluator()
	if err != nil {
		panic(fmt.Errorf("built-in networks: %w", err))
	}
	return ev
}

// Eval is the ensemble's value of s for p (see Ensemble.Eval). It does not
// allocate.
func (ev *Evaluator) Eval(s game.State, p game.Player) float64 {
	l, v, ok := layout(s, p)
	if !ok {
		return v
	}
	pi := int(p)
	race := isRace(&l)
	var tac *tacticalInputs
	if ev.tactics {
		ev.tac.set(&l)
		tac = &ev.tac
	}
	ev.update(&l, pi, race, tac)
	ev.update(&l, 1-pi, race, tac)
	// One linear logit serves every network that uses it.
	lin, haveLin := 0.0, false
	sum := 0.0
	for i := range ev.nets {
		f := &ev.nets[i]
		if f.net.linear && !haveLin {
			lin, haveLin = f.net.linearLogit(&l, pi), true
		}
		mine := f.output(ev.views[pi].sums, lin)
		theirs := f.output(ev.views[1-pi].sums, -lin)
		sum += (mine + 1 - theirs) / 2
	}
	return inMatch(s, &l, p, sum/float64(len(ev.nets)))
}

// update brings view a's hidden sums to the position l, whose tactical
// inputs are tac (nil: none is read).
func (ev *Evaluator) update(l *mahbousse.Layout, a int, race bool, tac *tacticalInputs) {
	encode(l, a, race, tac, &ev.x)
	next, vs := &ev.next, &ev.views[a]
	next.set(&ev.x)
	if vs.valid && changes(&vs.in, next, &ev.ch) < next.n {
		vs.in.copyFrom(next)
		for k := range ev.nets {
			ev.nets[k].add(vs.sums, &ev.ch)
		}
		return
	}
	// The first position, or as many changes as inputs: adding the inputs
	// afresh costs no more.
	vs.in.copyFrom(next)
	ev.recompute(vs)
	vs.valid = true
}

// changes sets ch to the inputs that differ from old to next, each with
// next's value less old's, by a merge of the two sorted sparse inputs, and
// returns how many there are.
func changes(old, next, ch *fixedInput) int {
	ch.n, ch.board = 0, 0
	i, j := 0, 0
	for i < old.n || j < next.n {
		var idx int16
		var dq int32
		switch {
		case j >= next.n || (i < old.n && old.idx[i] < next.idx[j]):
			idx, dq = old.idx[i], -old.q[i]
			i++
		case i >= old.n || next.idx[j] < old.idx[i]:
			idx, dq = next.idx[j], next.q[j]
			j++
		default:
			idx, dq = old.idx[i], next.q[j]-old.q[i]
			i++
			j++
		}
		if dq != 0 {
			ch.idx[ch.n], ch.q[ch.n] = idx, dq
			ch.n++
			if idx < inTactics {
				ch.board = ch.n
			}
		}
	}
	return ch.n
}

// recompute sets every network's hidden sums for vs's inputs.
func (ev *Evaluator) recompute(vs *viewState) {
	for k := range ev.nets {
		f := &ev.nets[k]
		copy(vs.sums[f.off:f.off+len(f.b1)], f.b1)
		f.add(vs.sums, &vs.in)
	}
}

// add adds the weighted inputs x to f's hidden sums within sums.
func (f *fixedNet) add(sums []int64, x *fixedInput) {
	h := len(f.b1)
	hs := sums[f.off : f.off+h]
	k, m := 0, readCount(x.n, x.board, f.net.tactics)
	// Four inputs at a time, for a quarter of the sums' loads and stores
	// (integer sums: the order does not change them).
	for ; k+4 <= m; k += 4 {
		r0, q0 := f.w1[int(x.idx[k])*h:][:h], int64(x.q[k])
		r1, q1 := f.w1[int(x.idx[k+1])*h:][:h], int64(x.q[k+1])
		r2, q2 := f.w1[int(x.idx[k+2])*h:][:h], int64(x.q[k+2])
		r3, q3 := f.w1[int(x.idx[k+3])*h:][:h], int64(x.q[k+3])
		for j := range hs {
			hs[j] += q0*int64(r0[j]) + q1*int64(r1[j]) + q2*int64(r2[j]) + q3*int64(r3[j])
		}
	}
	for ; k < m; k++ {
		r, q := f.w1[int(x.idx[k])*h:][:h], int64(x.q[k])
		for j := range hs {
			hs[j] += q * int64(r[j])
		}
	}
}

// output is f's output for its hidden sums within sums, lin being the
// linear evaluation's logit from the same view.
func (f *fixedNet) output(sums []int64, lin float64) float64 {
	n := f.net
	hs := sums[f.off : f.off+n.hidden]
	z := n.b2
	if n.linear {
		z += lin
	}
	for j, w := range n.w2 {
		z += w * f.sig.at(float64(hs[j])*accScale)
	}
	return sigmoid(z)
}

// sigmoidTable interpolates the sigmoid: cubic Hermite between knots 1/16
// apart on [-16, 16], the knots holding the sigmoid and its derivative
// σ(1−σ). The error is within 1e-8 (tested), and it costs a fraction of
// math.Exp, which was half of an evaluation's time once the hidden sums were
// updated rather than recomputed.
type sigmoidTable struct{ y, dy [sigKnots]float64 }

const (
	sigPerUnit = 16
	sigRange   = 16
	sigKnots   = 2*sigRange*sigPerUnit + 1
)

var sigmoids = sync.OnceValue(func() *sigmoidTable {
	t := new(sigmoidTable)
	for i := range sigKnots {
		y := sigmoid(float64(i-sigRange*sigPerUnit) / sigPerUnit)
		t.y[i], t.dy[i] = y, y*(1-y)/sigPerUnit
	}
	return t
})

// at returns the sigmoid of x.
func (t *sigmoidTable) at(x float64) float64 {
	u := (x + sigRange) * sigPerUnit
	if !(u >= 0 && u < sigKnots-1) {
		return sigmoid(x)
	}
	i := int(u)
	r := u - float64(i)
	r2 := r * r
	r3 := r2 * r
	return (2*r3-3*r2+1)*t.y[i] + (r3-2*r2+r)*t.dy[i] + (3*r2-2*r3)*t.y[i+1] + (r3-r2)*t.dy[i+1]
}
