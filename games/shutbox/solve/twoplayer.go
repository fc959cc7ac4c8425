package solve

import "math/bits"

// targets holds, for every final score x of an opponent who no longer
// plays, the last player's optimal value alone against it: 1 for a lower
// final score, tie for an equal one, 0 for a higher one.
type targets []*table

func solveTargets(v Variant, tie float64) targets {
	g := graphFor(v.Tiles)
	ts := make(targets, g.max+1)
	for x := range ts {
		ts[x] = solveTable(v, objective{term: func(a uint16) float64 {
			switch s := int(g.sum[a]); {
			case s < x:
				return 1
			case s == x:
				return tie
			}
			return 0
		}})
	}
	return ts
}

// TwoPlayer is the exact solution of the two-player game: each player
// maximises the probability of winning, a tie counting one half.
type TwoPlayer struct {
	Variant
	g *graph
	// w[x]: alone against an opponent's final score x (tie 1/2).
	w targets
	// f[a*size+b]: the value for the player to move, at the start of the
	// turn, with open tiles a, the opponent still in play with open tiles b
	// (a, b not empty).
	f []float32
}

// NewTwoPlayer solves the two-player game of a variant. The table has
// 4^tiles entries of 4 bytes: 1 MiB for 9 tiles, 64 MiB for 12.
func NewTwoPlayer(v Variant) (*TwoPlayer, error) {
	if err := v.check(); err != nil {
		return nil, err
	}
	g := graphFor(v.Tiles)
	t := &TwoPlayer{Variant: v, g: g, w: solveTargets(v, 0.5), f: make([]float32, g.size*g.size)}
	t.solve()
	return t, nil
}

var twoPlayers cache[TwoPlayer]

// TwoPlayerFor returns the two-player solution of a variant, solved once and
// shared (it is read-only). The 12-tile solution takes seconds and 64 MiB.
func TwoPlayerFor(v Variant) (*TwoPlayer, error) { return twoPlayers.get(v, NewTwoPlayer) }

// solve fills f. A turn of the player with tiles a against b leads to
// states (b, a') with a' a proper subset of a, whose popcount total is
// smaller: layers of equal popcount total are solved in increasing order.
// Within a layer, states are visited by opponent set b so that every value
// read, F(b, a'), lies in the row of b.
func (t *TwoPlayer) solve() {
	g, n, size := t.g, t.Tiles, t.g.size
	byPop := make([][]uint16, n+1)
	for m := 1; m < size; m++ {
		k := bits.OnesCount16(uint16(m))
		byPop[k] = append(byPop[k], uint16(m))
	}
	wb := make([]float64, g.max+1)
	for k := 2; k <= 2*n; k++ {
		for pb := max(1, k-n); pb <= min(n, k-1); pb++ {
			for _, b := range byPop[pb] {
				row := t.f[int(b)*size : (int(b)+1)*size]
				for x := range wb {
					wb[x] = 1 - t.w[x].val[b] // I end on x, b plays alone
				}
				for _, a := range byPop[k-pb] {
					t.f[int(a)*size+int(b)] = float32(t.turn(a, row, wb))
				}
			}
		}
	}
}

// turn is F(a, b) from the row of b and the values wb of ending on a score.
func (t *TwoPlayer) turn(a uint16, row []float32, wb []float64) float64 {
	g := t.g
	blocked := wb[g.sum[a]]
	base := int(a) * 13
	var two, one float64
	for r := 1; r <= 12; r++ {
		v := blocked
		if lo, hi := g.off[base+r], g.off[base+r+1]; lo < hi {
			v = -1
			for _, x := range g.next[lo:hi] {
				w := wb[0]
				if x != 0 {
					w = 1 - float64(row[x])
				}
				v = max(v, w)
			}
		}
		two += twoDice[r] * v
		if r <= 6 {
			one += v
		}
	}
	two /= 36
	if g.oneDie(t.Variant, a) {
		return max(two, one/6)
	}
	return two
}

// Value is the exact value for the player to move at the start of a turn
// with open tiles a, against an opponent still in play with open tiles b
// (both not empty): the probability of winning plus half that of a tie.
func (t *TwoPlayer) Value(a, b uint16) float64 {
	return float64(t.f[int(a)*t.g.size+int(b)])
}

// FirstPlayerValue is the value of the start position for the first player.
func (t *TwoPlayer) FirstPlayerValue() float64 {
	full := uint16(t.g.size - 1)
	return t.Value(full, full)
}

// vsActive is the scorer of the player with tiles a to move against an
// opponent in play with tiles b.
type vsActive struct {
	t *TwoPlayer
	b uint16
}

func (s vsActive) after(x uint16) float64 {
	if x == 0 {
		return 1 - s.t.w[0].val[s.b]
	}
	return 1 - s.t.Value(s.b, x)
}
func (s vsActive) blocked(a uint16) float64 { return 1 - s.t.w[s.t.g.sum[a]].val[s.b] }
func (s vsActive) min() bool                { return false }
