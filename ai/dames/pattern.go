package dames

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"plateau/games/dames"
)

// The pattern evaluation: the hand-written evaluation (material,
// advancement, centre, home row, kings on the long diagonal) plus learnt
// weights for the side to move and, for each diamond of four squares (a
// square, its two neighbours on the next row down and the square below
// them), for each of its 81 fillings (each square empty, a white piece or
// a black piece). The weights are fitted by Train by logistic regression of
// self-play results on σ(hand/200 + w·φ) (the hand-written score taken as
// a fixed offset, so that the patterns learn what it misses) and kept in
// weights.bin; in centi-men a weight w counts 200·w, the scale on which
// WinProbability turns centi-men back into a probability.

// nDiamonds is the number of diamonds on the board.
const nDiamonds = 32

// diamonds lists the top bits of the diamonds, in the ghost layout.
var diamonds = func() (d [nDiamonds]int) {
	i := 0
	for sq := 1; sq <= 50; sq++ {
		t := bitOf(sq)
		if onBoard(t+5) && onBoard(t+6) && onBoard(t+11) {
			d[i] = t
			i++
		}
	}
	if i != nDiamonds {
		panic("dames: the board does not have 32 diamonds")
	}
	return d
}()

// onBoard reports whether bit b of the ghost layout is a square.
func onBoard(b int) bool { return b >= 0 && b < 54 && (b+1)%11 != 0 }

const (
	nConfigs = 81
	// nBase features come before the diamonds': the side to move.
	nBase = 1
	// nFeaturesV1 is the number of weights of weights.bin (max-v3): the
	// side to move and the diamonds.
	nFeaturesV1 = nBase + nDiamonds*nConfigs
)

// nFeatures is the number of weights of weights2.bin (max): those of
// weights.bin, then the features of danger (features.go).
func nFeatures() int { return nFeaturesV1 + nExtra }

// nFeaturesWindows is the number of weights of a file with the windows
// (window.go): those of nFeatures, then the windows'.
func nFeaturesWindows() int { return nFeatures() + nWindowWeights }

// diamondMask has the bits of a diamond whose top is bit 0: 0, 5, 6, 11.
const diamondMask = 1 | 1<<5 | 1<<6 | 1<<11

// ternary maps the bits of a diamond (x & diamondMask, top at bit 0) to
// the base-3 number whose digits are those bits: square k of the diamond
// counts 3^k.
var ternary = func() (t [diamondMask + 1]uint8) {
	for x := range t {
		if x&^diamondMask != 0 {
			continue
		}
		t[x] = uint8(x&1 + 3*(x>>5&1) + 9*(x>>6&1) + 27*(x>>11&1))
	}
	return t
}()

// config returns the filling of the diamond whose top is t: the sum over
// its squares k of 3^k times 0 (empty), 1 (White) or 2 (Black).
func config(p *dames.Pos, t int) int {
	return int(ternary[p.Pieces[dames.White]>>t&diamondMask]) + 2*int(ternary[p.Pieces[dames.Black]>>t&diamondMask])
}

// Patterns is a fitted pattern evaluation in integer centi-men.
type Patterns struct {
	tempo int32
	table [nDiamonds][nConfigs]int32
	// extra holds the features of danger's weights in sixteenths of a
	// centi-man a unit, when hasExtra.
	extra    [nExtra]int32
	hasExtra bool
	// window holds, for each window and filling, its full board's and its
	// empty board's weight, in centi-men; nil for a file without them.
	window *[nWindows][nWindowConfigs][2]int32
}

// weightsMagic starts weights.bin, followed by the number of weights (a
// uint32) and the weights as little-endian float32.
const weightsMagic = "PLDW1\n"

var (
	//go:embed weights2.bin
	weightsFile []byte
	//go:embed weights.bin
	weightsV1File []byte
)

// LearntPatterns returns the evaluation of max fitted by Train, the
// diamonds and the features of danger, read from the embedded
// weights2.bin.
func LearntPatterns() (*Patterns, error) {
	w, err := decodeWeights(weightsFile)
	if err != nil {
		return nil, fmt.Errorf("dames: embedded weights2.bin: %w", err)
	}
	return newPatterns(w), nil
}

// PreviousPatterns returns the evaluation of max-v3, the diamonds alone,
// read from the embedded weights.bin.
func PreviousPatterns() (*Patterns, error) {
	w, err := decodeWeights(weightsV1File)
	if err != nil {
		return nil, fmt.Errorf("dames: embedded weights.bin: %w", err)
	}
	return newPatterns(w), nil
}

// DecodeWeights reads a weights file (weights.bin, weights2.bin, or one
// written by Train), for a fit to start from.
func DecodeWeights(b []byte) ([]float64, error) { return decodeWeights(b) }

func decodeWeights(b []byte) ([]float64, error) {
	if len(b) < len(weightsMagic)+4 || string(b[:len(weightsMagic)]) != weightsMagic {
		return nil, errors.New("not a weights file (bad magic)")
	}
	b = b[len(weightsMagic):]
	n := int(binary.LittleEndian.Uint32(b))
	b = b[4:]
	if n != nFeatures() && n != nFeaturesV1 && n != nFeaturesWindows() || len(b) != 4*n {
		return nil, fmt.Errorf("%d weights in %d bytes, want %d, %d or %d", n, len(b), nFeaturesV1, nFeatures(), nFeaturesWindows())
	}
	w := make([]float64, n)
	for i := range w {
		w[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
	}
	return w, nil
}

func encodeWeights(w []float64) []byte {
	b := append([]byte(weightsMagic), 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(b[len(weightsMagic):], uint32(len(w)))
	for _, x := range w {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(x)))
	}
	return b
}

func newPatterns(w []float64) *Patterns {
	cm := func(x float64) int32 { return int32(math.Round(200 * x)) }
	p := &Patterns{tempo: cm(w[0])}
	for d := range diamonds {
		for c := range nConfigs {
			p.table[d][c] = cm(w[nBase+d*nConfigs+c])
		}
	}
	if len(w) >= nFeatures() {
		p.hasExtra = true
		for k := range nExtra {
			p.extra[k] = int32(math.Round(16 * 200 * w[nFeaturesV1+k] / extraScale[k]))
		}
	}
	if len(w) == nFeaturesWindows() {
		p.window = new([nWindows][nWindowConfigs][2]int32)
		for i, x := range w[nFeatures():] {
			p.window[i/(2*nWindowConfigs)][i/2%nWindowConfigs][i%2] = cm(x)
		}
	}
	return p
}

// features appends the indices of φ's non-zero entries and their values
// (of the windows' too when windows), and returns the hand-written score of
// p for White, in centi-men.
func features(p *dames.Pos, idx []int, val []float64, windows bool) ([]int, []float64, int) {
	idx = append(idx, 0)
	tempo := 1.0
	if p.Side == dames.Black {
		tempo = -1
	}
	val = append(val, tempo)
	for d, t := range diamonds {
		idx = append(idx, nBase+d*nConfigs+config(p, t))
		val = append(val, 1)
	}
	for k, x := range extras(p) {
		if x != 0 {
			idx = append(idx, nFeaturesV1+k)
			val = append(val, float64(x)/extraScale[k])
		}
	}
	if windows {
		full := float64(fullness(p)) / fullBoard
		for w := range nWindows {
			i := nFeatures() + 2*(w*nWindowConfigs+windowConfig(p, w))
			idx = append(idx, i, i+1)
			val = append(val, full, 1-full)
		}
	}
	return idx, val, handScore(p)
}

// handScore is the hand-written score of p for White, endgame rules aside.
func handScore(p *dames.Pos) int { return sideScore(p, dames.White) - sideScore(p, dames.Black) }

// Evaluate scores p in centi-men for the side to move, with the endgame
// rules of endgame on top.
func (pt *Patterns) Evaluate(p *dames.Pos) int {
	v := int32(handScore(p))
	for d, t := range diamonds {
		v += pt.table[d][config(p, t)]
	}
	if pt.hasExtra {
		f := extras(p)
		var x int32
		for k := range nExtra {
			x += pt.extra[k] * f[k]
		}
		v += x >> 4
	}
	if pt.window != nil {
		var full, empty int32
		for w := range nWindows {
			ws := &pt.window[w][windowConfig(p, w)]
			full += ws[0]
			empty += ws[1]
		}
		f := int32(fullness(p))
		v += (full*f + empty*(fullBoard-f)) / fullBoard
	}
	if p.Side == dames.Black {
		v -= pt.tempo
	} else {
		v += pt.tempo
	}
	s := endgame(p, int(v))
	if p.Side == dames.Black {
		return -s
	}
	return s
}

// flip returns p seen from the other side: the board turned half a turn
// (square n becomes 51-n) and the colours swapped.
func flip(p dames.Pos) dames.Pos {
	var q dames.Pos
	q.Side = p.Side ^ 1
	for sq := 1; sq <= 50; sq++ {
		from, to := uint64(1)<<bitOf(sq), uint64(1)<<bitOf(51-sq)
		for s := range 2 {
			if p.Pieces[s]&from != 0 {
				q.Pieces[s^1] |= to
			}
		}
		if p.Kings&from != 0 {
			q.Kings |= to
		}
	}
	return q
}
