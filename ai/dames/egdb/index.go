package egdb

import (
	"fmt"
	"math/bits"

	"plateau/games/dames"
)

// MaxPieces is the most pieces a database may hold.
const MaxPieces = 5

// Material is the numbers of men and kings of each side.
type Material struct {
	WM, WK, BM, BK int
}

// String writes the material as draughts players do: "KK-K" is two White
// kings against a Black king, "MK-M" a man and a king against a man.
func (m Material) String() string {
	side := func(men, kings int) string {
		b := make([]byte, 0, men+kings)
		for range kings {
			b = append(b, 'K')
		}
		for range men {
			b = append(b, 'M')
		}
		return string(b)
	}
	return side(m.WM, m.WK) + "-" + side(m.BM, m.BK)
}

// Pieces is the number of pieces of the material.
func (m Material) Pieces() int { return m.WM + m.WK + m.BM + m.BK }

// counts lists the material's groups in index order.
func (m Material) counts() [4]int { return [4]int{m.WM, m.WK, m.BM, m.BK} }

// key is the material's place in a DB's tables.
func (m Material) key() int {
	return ((m.WM*(MaxPieces+1)+m.WK)*(MaxPieces+1)+m.BM)*(MaxPieces+1) + m.BK
}

const nKeys = (MaxPieces + 1) * (MaxPieces + 1) * (MaxPieces + 1) * (MaxPieces + 1)

// Materials lists the materials of 2 to n pieces with at least one piece
// a side, in the order Build solves them: fewer pieces first, then fewer
// men (a crowning leads to one man less), then by the groups' counts.
func Materials(n int) []Material {
	var out []Material
	for total := 2; total <= n; total++ {
		for men := 0; men <= total; men++ {
			for wm := 0; wm <= men; wm++ {
				bm := men - wm
				for wk := 0; wk <= total-men; wk++ {
					bk := total - men - wk
					if wm+wk == 0 || bm+bk == 0 {
						continue
					}
					out = append(out, Material{WM: wm, WK: wk, BM: bm, BK: bk})
				}
			}
		}
	}
	return out
}

// The groups of pieces, in index order, and the squares each may stand on:
// White men 6-50, White kings 1-50, Black men 1-45, Black kings 1-50.
const (
	gWM = iota
	gWK
	gBM
	gBK
)

// domainSize is the number of squares of each group.
var domainSize = [4]int{45, 50, 45, 50}

// domIndex[g][b] is the place of bit b (ghost layout of games/dames) among
// the squares of group g, or -1.
var domIndex = func() (t [4][64]int8) {
	for g := range t {
		for b := range t[g] {
			t[g][b] = -1
		}
	}
	lo := [4]int{6, 1, 1, 1}
	hi := [4]int{50, 50, 45, 50}
	for g := range t {
		for sq := lo[g]; sq <= hi[g]; sq++ {
			t[g][bitOf(sq)] = int8(sq - lo[g])
		}
	}
	return t
}()

// domBit[g][i] is the bit of the i-th square of group g.
var domBit = func() (t [4][50]uint8) {
	for g := range t {
		for b := range 64 {
			if i := domIndex[g][b]; i >= 0 {
				t[g][i] = uint8(b)
			}
		}
	}
	return t
}()

func bitOf(sq int) int { return sq - 1 + (sq-1)/10 }

// binom[n][k] is n choose k.
var binom = func() (c [51][MaxPieces + 1]int) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= MaxPieces && k <= n; k++ {
			c[n][k] = c[n-1][k-1]
			if k <= n-1 {
				c[n][k] += c[n-1][k]
			}
		}
	}
	return c
}()

// rank is the place of the squares of group g in mask among the sets of as
// many squares (colex order: the i-th smallest square, at place c of the
// group's squares, counts c choose i+1).
func rank(g int, mask uint64) int {
	r, i := 0, 1
	for ; mask != 0; mask &= mask - 1 {
		r += binom[domIndex[g][bits.TrailingZeros64(mask)]][i]
		i++
	}
	return r
}

// combos returns the masks of every set of k squares of group g, in rank
// order.
func combos(g, k int) []uint64 {
	out := make([]uint64, 0, binom[domainSize[g]][k])
	var rec func(k, below int, acc uint64)
	rec = func(k, below int, acc uint64) {
		if k == 0 {
			out = append(out, acc)
			return
		}
		for c := k - 1; c < below; c++ {
			rec(k-1, c, acc|1<<domBit[g][c])
		}
	}
	rec(k, domainSize[g], 0)
	return out
}

// layout is how one material's positions are numbered.
type layout struct {
	mat   Material
	n     [4]int // sets of squares of each group
	size  int    // positions with one side to move
	masks [4][]uint64
}

func newLayout(m Material) (*layout, error) {
	if m.WM < 0 || m.WK < 0 || m.BM < 0 || m.BK < 0 || m.WM+m.WK == 0 || m.BM+m.BK == 0 || m.Pieces() > MaxPieces {
		return nil, fmt.Errorf("egdb: material %v: want a piece a side at least, %d pieces at most", m, MaxPieces)
	}
	l := &layout{mat: m, size: 1}
	for g, k := range m.counts() {
		l.n[g] = binom[domainSize[g]][k]
		l.size *= l.n[g]
		l.masks[g] = combos(g, k)
	}
	return l, nil
}

// index returns the number of the position with White's pieces w, Black's
// b and kings k, which must be of the layout's material.
func (l *layout) index(w, b, k uint64) int {
	i := rank(gWM, w&^k)
	i = i*l.n[gWK] + rank(gWK, w&k)
	i = i*l.n[gBM] + rank(gBM, b&^k)
	return i*l.n[gBK] + rank(gBK, b&k)
}

// position returns the position numbered i with side to move, and false
// when two of its groups share a square (a number no position has).
func (l *layout) position(i int, side dames.Side) (dames.Pos, bool) {
	var m [4]uint64
	for g := 3; g >= 0; g-- {
		m[g] = l.masks[g][i%l.n[g]]
		i /= l.n[g]
	}
	if m[0]&m[1] != 0 || (m[0]|m[1])&(m[2]|m[3]) != 0 || m[2]&m[3] != 0 {
		return dames.Pos{}, false
	}
	var p dames.Pos
	p.Pieces[dames.White] = m[gWM] | m[gWK]
	p.Pieces[dames.Black] = m[gBM] | m[gBK]
	p.Kings = m[gWK] | m[gBK]
	p.Side = side
	return p, true
}

// materialOf returns the material of p.
func materialOf(p *dames.Pos) Material {
	w, b, k := p.Pieces[dames.White], p.Pieces[dames.Black], p.Kings
	return Material{
		WM: bits.OnesCount64(w &^ k), WK: bits.OnesCount64(w & k),
		BM: bits.OnesCount64(b &^ k), BK: bits.OnesCount64(b & k),
	}
}

// flip turns a ghost-layout mask half a turn: square n goes to 51-n.
func flip(x uint64) uint64 { return bits.Reverse64(x) >> 10 }

// Flip returns p seen from the other side: the board turned half a turn
// and the colours swapped. A position and its flip have the same value.
func Flip(p dames.Pos) dames.Pos {
	return dames.Pos{
		Pieces: [2]uint64{flip(p.Pieces[dames.Black]), flip(p.Pieces[dames.White])},
		Kings:  flip(p.Kings),
		Side:   p.Side ^ 1,
	}
}
