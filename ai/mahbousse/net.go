package mahbousse

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"

	"plateau/game"
	"plateau/games/mahbousse"
)

// The network's inputs, TD-Gammon style, for a view of the board from one
// player A against the other B. Each side has, for each of its 24 points in
// its own numbering, five inputs: its free checkers there in units (one, two,
// three, and (n-3)/2 beyond three) and whether one of its checkers lies
// pinned there; then its borne-off checkers and its pip count. Then come
// whether A moves next and whether the armies are still in contact: the
// board inputs. A network with tactics reads, after them, for A then B,
// four of the linear evaluation's features of that side, which the board
// inputs give only through many hidden units: the chances that the other
// side's next roll pins a lone checker of it on its points 13-24 and on its
// points 1-12, and its longest prime with a checker of the other behind it
// (in sixths, and its square).
const (
	perPoint = 5
	perSide  = 24*perPoint + 2
	inTurn   = 2 * perSide
	inRace   = inTurn + 1
	// boardInputs is the number of board inputs, the inputs of a network
	// without tactics.
	boardInputs = inRace + 1
	inTactics   = boardInputs
	perTactics  = 4
	// NetInputs is the number of inputs of a Net with tactics.
	NetInputs = inTactics + 2*perTactics
	// MaxHidden bounds a Net's hidden units.
	MaxHidden = 256
)

// Net is a neural evaluation of Mahboussé: one hidden layer of sigmoid
// units and one sigmoid output, A's chance of winning from A's view of the
// board. A Net with linear set adds to the output unit's input the logit of
// the trained linear evaluation (Weights), so that the network learns a
// correction to it: with zero output weights it is the linear evaluation.
// Its weights are read-only once built: a Net may be shared by any number
// of goroutines.
type Net struct {
	hidden  int
	linear  bool
	tactics bool      // reads the tactical inputs after the board's
	w1      []float64 // NetInputs rows of hidden weights: input i's row is w1[i*hidden:] (zero for the tactics of a network without them)
	b1      []float64 // hidden biases
	w2      []float64 // output weights, one per hidden unit
	b2      float64
}

// Hidden returns the number of hidden units.
func (n *Net) Hidden() int { return n.hidden }

// newNet returns a Net of h hidden units with zero weights.
func newNet(h int) (*Net, error) {
	if h < 1 || h > MaxHidden {
		return nil, fmt.Errorf("network of %d hidden units: want 1 to %d", h, MaxHidden)
	}
	return &Net{hidden: h, w1: make([]float64, NetInputs*h), b1: make([]float64, h), w2: make([]float64, h)}, nil
}

// Tactics reports whether the network reads the tactical inputs.
func (n *Net) Tactics() bool { return n.tactics }

// inputs returns how many of its inputs n reads: the first ones.
func (n *Net) inputs() int {
	if n.tactics {
		return NetInputs
	}
	return boardInputs
}

// input is a sparse encoding: the inputs that are not zero, in increasing
// order, the board's first ones.
type input struct {
	n     int
	board int // how many of the first n are board inputs
	idx   [NetInputs]int16
	val   [NetInputs]float64
}

// readCount returns how many of a sparse encoding's n inputs, the first
// board of them board inputs, a network with or without tactics reads.
func readCount(n, board int, tactics bool) int {
	if tactics {
		return n
	}
	return board
}

func (x *input) add(i int, v float64) {
	x.idx[x.n], x.val[x.n] = int16(i), v
	x.n++
}

// tacticalInputs are each side's tactical inputs, by side.
type tacticalInputs [2][perTactics]float64

// set computes t for l.
func (t *tacticalInputs) set(l *mahbousse.Layout) {
	for side := range t {
		var g [nSide]float64
		var pips float64
		sideFeatures(l, side, 1-side, true, &g, &pips)
		t[side] = [perTactics]float64{g[fShotsBack], g[fShotsFront], g[fPrime], g[fPrime2]}
	}
}

// encode fills x with a's view of l, with the tactical inputs tac when it
// is not nil.
func encode(l *mahbousse.Layout, a int, race bool, tac *tacticalInputs, x *input) {
	x.n = 0
	for k, side := range [2]int{a, 1 - a} {
		base := k * perSide
		pips := 0
		for n := 1; n <= 24; n++ {
			i := base + (n-1)*perPoint
			f := int(l.Free[side][n])
			c := f
			if f >= 1 {
				x.add(i, 1)
			}
			if f >= 2 {
				x.add(i+1, 1)
			}
			if f >= 3 {
				x.add(i+2, 1)
			}
			if f > 3 {
				x.add(i+3, float64(f-3)/2)
			}
			if l.Pinned[side][n] {
				x.add(i+4, 1)
				c++
			}
			pips += c * n
		}
		if off := l.Off[side]; off > 0 {
			x.add(base+24*perPoint, float64(off)/15)
		}
		if pips > 0 {
			x.add(base+24*perPoint+1, float64(pips)/360)
		}
	}
	if l.Turn == game.Player(a) {
		x.add(inTurn, 1)
	}
	if race {
		x.add(inRace, 1)
	}
	x.board = x.n
	if tac == nil {
		return
	}
	for k, side := range [2]int{a, 1 - a} {
		for i, v := range tac[side] {
			if v != 0 {
				x.add(inTactics+k*perTactics+i, v)
			}
		}
	}
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// forward returns the output for x, lin being the linear evaluation's
// logit from the same view, and leaves the hidden activations in h.
func (n *Net) forward(x *input, lin float64, h *[MaxHidden]float64) float64 {
	hs := h[:n.hidden]
	copy(hs, n.b1)
	k, m := 0, readCount(x.n, x.board, n.tactics)
	// Four inputs at a time: each hidden sum takes the same additions in
	// the same order as one input at a time (and v·w is w exactly when v
	// is 1, as most inputs are), so the values are the same, for a quarter
	// of the sums' loads and stores.
	for ; k+4 <= m; k += 4 {
		r0, v0 := n.row(x, k, len(hs))
		r1, v1 := n.row(x, k+1, len(hs))
		r2, v2 := n.row(x, k+2, len(hs))
		r3, v3 := n.row(x, k+3, len(hs))
		for j := range hs {
			hs[j] = hs[j] + v0*r0[j] + v1*r1[j] + v2*r2[j] + v3*r3[j]
		}
	}
	for ; k < m; k++ {
		r, v := n.row(x, k, len(hs))
		for j := range hs {
			hs[j] += v * r[j]
		}
	}
	z := n.b2
	if n.linear {
		z += lin
	}
	for j, w := range n.w2 {
		hs[j] = sigmoid(hs[j])
		z += w * hs[j]
	}
	return sigmoid(z)
}

// row returns the hidden weights of x's k-th input, h of them, and the
// input's value.
func (n *Net) row(x *input, k, h int) ([]float64, float64) {
	return n.w1[int(x.idx[k])*n.hidden:][:h], x.val[k]
}

// Eval estimates p's chance of winning s in [0, 1]: the mean of the
// network's value for p from p's view and one minus its value for the
// opponent from the opponent's view, so that Eval(s, 0) + Eval(s, 1) = 1
// in every position. Finished games get their result; states of other games
// get ai.DefaultEval. It does not allocate.
func (n *Net) Eval(s game.State, p game.Player) float64 {
	l, v, ok := layout(s, p)
	if !ok {
		return v
	}
	return inMatch(s, &l, p, n.value(&l, int(p)))
}

// value is Eval of a game in progress.
func (n *Net) value(l *mahbousse.Layout, p int) float64 {
	var v views
	var h [MaxHidden]float64
	v.encode(l, p, n.tactics)
	return n.valueOf(l, p, &v, &h)
}

// views is a position encoded from both sides: p's view and the
// opponent's. Every network reads the same encoding, those without tactics
// its board inputs only.
type views struct{ mine, theirs input }

func (v *views) encode(l *mahbousse.Layout, p int, tactics bool) {
	race := isRace(l)
	var t tacticalInputs
	var tac *tacticalInputs
	if tactics {
		t.set(l)
		tac = &t
	}
	encode(l, p, race, tac, &v.mine)
	encode(l, 1-p, race, tac, &v.theirs)
}

// valueOf is value given v, l encoded for p.
func (n *Net) valueOf(l *mahbousse.Layout, p int, v *views, h *[MaxHidden]float64) float64 {
	lin := n.linearLogit(l, p)
	return (n.forward(&v.mine, lin, h) + 1 - n.forward(&v.theirs, -lin, h)) / 2
}

// linearLogit is the trained linear evaluation's logit for p, or 0 when n
// does not use it. The opponent's is its opposite.
func (n *Net) linearLogit(l *mahbousse.Layout, p int) float64 {
	if !n.linear {
		return 0
	}
	var f [nFeatures]float64
	features(l, p, &f)
	z := 0.0
	for i, v := range f {
		z += trained[i] * v
	}
	return z
}

// isRace reports whether the armies have passed each other: every x
// checker stands below, in x's numbering, every o checker (x moves down its
// numbering, o up it).
func isRace(l *mahbousse.Layout) bool {
	hiX, loO := 0, 25
	for n := 1; n <= 24; n++ {
		if l.Free[0][n] > 0 || l.Pinned[0][n] {
			hiX = n
		}
		if loO == 25 && (l.Free[1][25-n] > 0 || l.Pinned[1][25-n]) {
			loO = n
		}
	}
	return loO >= hiX
}

// netMagic opens a Net's binary form.
const netMagic = "MBN1"

// netHeader is the length of the binary form's header.
const netHeader = 16

// MarshalBinary encodes n: "MBN1", the number of inputs it reads (the
// board's, or with the tactics), of hidden units and the flags (1: linear)
// as little-endian uint32, then every weight as a little-endian float32:
// the input weights input by input, the hidden biases, the output weights
// and the output bias.
func (n *Net) MarshalBinary() ([]byte, error) {
	w1 := n.w1[:n.inputs()*n.hidden]
	nw := len(w1) + len(n.b1) + len(n.w2) + 1
	b := make([]byte, 0, netHeader+4*nw)
	b = append(b, netMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(n.inputs()))
	b = binary.LittleEndian.AppendUint32(b, uint32(n.hidden))
	flags := uint32(0)
	if n.linear {
		flags = 1
	}
	b = binary.LittleEndian.AppendUint32(b, flags)
	for _, ws := range [][]float64{w1, n.b1, n.w2, {n.b2}} {
		for _, w := range ws {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(w)))
		}
	}
	return b, nil
}

// UnmarshalBinary decodes a Net written by MarshalBinary.
func (n *Net) UnmarshalBinary(b []byte) error {
	if len(b) < netHeader || string(b[:4]) != netMagic {
		return errors.New("mahboussé network: not a network file (no MBN1 header)")
	}
	in, h := binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[8:])
	if in != boardInputs && in != NetInputs {
		return fmt.Errorf("mahboussé network: %d inputs, this program's encoding has %d, or %d with tactics", in, boardInputs, NetInputs)
	}
	m, err := newNet(int(h))
	if err != nil {
		return fmt.Errorf("mahboussé network: %w", err)
	}
	m.tactics = in == NetInputs
	switch flags := binary.LittleEndian.Uint32(b[12:]); flags {
	case 0:
	case 1:
		m.linear = true
	default:
		return fmt.Errorf("mahboussé network: unknown flags %#x", flags)
	}
	w1 := m.w1[:m.inputs()*m.hidden]
	nw := len(w1) + len(m.b1) + len(m.w2) + 1
	if len(b) != netHeader+4*nw {
		return fmt.Errorf("mahboussé network: %d bytes, want %d for %d inputs and %d hidden units", len(b), netHeader+4*nw, in, h)
	}
	b = b[netHeader:]
	for _, ws := range [][]float64{w1, m.b1, m.w2} {
		for i := range ws {
			ws[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
			b = b[4:]
		}
	}
	m.b2 = float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	*n = *m
	return nil
}

// The trained networks built into the program, made by plateau train
// mahbousse (docs/ai/notebook.md gives the commands): the correction to the linear
// evaluation learnt by TD(λ), two networks learnt from the board alone, and
// those two trained on with the tactical inputs. hard evaluates with the
// first three, max with the first and the last two.
var (
	//go:embed net.bin
	netFile []byte
	//go:embed net-pure1.bin
	netPure1 []byte
	//go:embed net-pure2.bin
	netPure2 []byte
	//go:embed net-tactics1.bin
	netTactics1 []byte
	//go:embed net-tactics2.bin
	netTactics2 []byte
)

// HardNets is how many of the built-in networks, the first ones, NetEval
// and NewNetEvaluator use.
const HardNets = 3

// builtinFiles are the built-in networks in their order: hard's first
// HardNets, then the others of max (MaxNets).
var builtinFiles = []struct {
	name string
	b    []byte
}{{"net.bin", netFile}, {"net-pure1.bin", netPure1}, {"net-pure2.bin", netPure2}, {"net-tactics1.bin", netTactics1}, {"net-tactics2.bin", netTactics2}}

// MaxNets returns the networks of max's evaluation among the built-in
// ones e: the first, the correction to the linear evaluation, and those
// after hard's, which read the tactical inputs. Trained from hard's two
// pure networks with those inputs, they replace them rather than join
// them: a network errs much as the one it was trained from.
func MaxNets(e Ensemble) Ensemble {
	return append(Ensemble{e[0]}, e[HardNets:]...)
}

// builtin decodes the built-in networks once.
var builtin = sync.OnceValues(func() (Ensemble, error) {
	var e Ensemble
	for _, f := range builtinFiles {
		var n Net
		if err := n.UnmarshalBinary(f.b); err != nil {
			return nil, fmt.Errorf("built-in network ai/mahbousse/%s: %w", f.name, err)
		}
		e = append(e, &n)
	}
	return e, nil
})

// BuiltinNets returns the trained networks built into the program: the
// first HardNets are hard's (NetEval), MaxNets picks max's.
func BuiltinNets() (Ensemble, error) { return builtin() }

// Ensemble is an evaluation by several networks: the mean of their values.
// Networks trained apart err apart, and their mean errs less than each: at
// one ply the three built-in networks together scored 63.5% against the
// first alone (docs/ai/notebook.md). The mean of antisymmetric values is
// antisymmetric.
type Ensemble []*Net

// Eval is the mean of the networks' Eval, the board read and encoded once
// for all of them; it does not allocate.
func (e Ensemble) Eval(s game.State, p game.Player) float64 {
	l, v, ok := layout(s, p)
	if !ok {
		return v
	}
	var vs views
	var h [MaxHidden]float64
	vs.encode(&l, int(p), e.tactics())
	sum := 0.0
	for _, n := range e {
		sum += n.valueOf(&l, int(p), &vs, &h)
	}
	return inMatch(s, &l, p, sum/float64(len(e)))
}

// tactics reports whether a network of e reads the tactical inputs.
func (e Ensemble) tactics() bool {
	for _, n := range e {
		if n.tactics {
			return true
		}
	}
	return false
}

// NetEval is the first HardNets built-in networks' Eval (see Ensemble):
// the evaluation of Mahboussé's hard level. The files are checked by the
// package's tests, so a broken one cannot be built into a released
// program; NetEval panics if one is.
func NetEval(s game.State, p game.Player) float64 {
	e, err := builtin()
	if err != nil {
		panic(err)
	}
	return e[:HardNets].Eval(s, p)
}
