package intercept

import "math/bits"

// The board is 13 x 13: files a-m (x 0-12), ranks 1-13 (y 0-12); square
// index y*13+x.
const (
	size   = 13
	nsq    = size * size
	centre = 6*size + 6 // g7
	noSq   = 255
)

// dirs are the 8 directions; the order fixes the order of generated moves.
var dirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// step[sq][d] is the neighbour of sq in direction d, or noSq off the board.
var step [nsq][8]uint8

// rightOf is each side's right hand, seen from its seat looking across the
// board: S looks north, W east, N south, E west.
var rightOf = [4][2]int{sideS: {1, 0}, sideW: {0, -1}, sideN: {-1, 0}, sideE: {0, 1}}

// home is the middle square of each side's starting row: its Arrivée.
var arrivee = [4]int{sideS: sq(6, 0), sideW: sq(0, 6), sideN: sq(6, 12), sideE: sq(12, 6)}

func init() {
	for s := range nsq {
		x, y := s%size, s/size
		for d, v := range dirs {
			nx, ny := x+v[0], y+v[1]
			if nx < 0 || ny < 0 || nx >= size || ny >= size {
				step[s][d] = noSq
			} else {
				step[s][d] = uint8(sq(nx, ny))
			}
		}
	}
}

func sq(x, y int) int { return y*size + x }

// squareName writes a square as file letter and rank number: "g13".
func squareName(s int) string {
	if s < 0 || s >= nsq {
		return "?"
	}
	x, y := s%size, s/size
	b := []byte{byte('a' + x)}
	if y+1 >= 10 {
		b = append(b, '1')
	}
	b = append(b, byte('0'+(y+1)%10))
	return string(b)
}

// parseSquare reads a square name at the start of t and returns the square
// and the number of bytes read.
func parseSquare(t string) (int, int, bool) {
	if len(t) < 2 || t[0] < 'a' || t[0] > 'm' || t[1] < '1' || t[1] > '9' {
		return 0, 0, false
	}
	x := int(t[0] - 'a')
	y := int(t[1] - '0')
	n := 2
	if len(t) > 2 && t[2] >= '0' && t[2] <= '9' {
		y = y*10 + int(t[2]-'0')
		n = 3
	}
	if y < 1 || y > size {
		return 0, 0, false
	}
	return sq(x, y-1), n, true
}

// fiveOf returns squares 1 to 5 of a side: the five neighbours of its
// Arrivée, numbered from the owner's left, round the front, to its right.
func fiveOf(side int) [5]int {
	a := arrivee[side]
	ax, ay := a%size, a/size
	rt := rightOf[side]
	fw := [2]int{-rt[1], rt[0]} // forward is the right hand turned left
	// Left of S is west, forward north: left, left-forward, forward, right-forward, right.
	offs := [5][2]int{
		{-rt[0], -rt[1]},
		{-rt[0] + fw[0], -rt[1] + fw[1]},
		{fw[0], fw[1]},
		{rt[0] + fw[0], rt[1] + fw[1]},
		{rt[0], rt[1]},
	}
	var out [5]int
	for i, o := range offs {
		out[i] = sq(ax+o[0], ay+o[1])
	}
	return out
}

// bitset is a set of squares.
type bitset [3]uint64

func (b *bitset) set(s int)      { b[s>>6] |= 1 << (s & 63) }
func (b *bitset) has(s int) bool { return b[s>>6]&(1<<(s&63)) != 0 }
func (b *bitset) count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2])
}
func (b *bitset) empty() bool { return b[0]|b[1]|b[2] == 0 }
func (b *bitset) clear(s int) { b[s>>6] &^= 1 << (s & 63) }

// next returns the lowest square of b at or after s, or -1.
func (b *bitset) next(s int) int {
	for s < nsq {
		w := b[s>>6] >> (s & 63)
		if w != 0 {
			return s + bits.TrailingZeros64(w)
		}
		s = (s | 63) + 1
	}
	return -1
}

// Pieces. A square holds 0 (empty) or 16 | owner<<2 | kind.
const (
	kindPassage = 0
	kindRepos   = 1
	kindDoubleP = 2 // double showing its passage face
	kindDoubleR = 3 // double showing its repos face
)

type piece uint8

func mkPiece(owner, kind int) piece { return piece(16 | owner<<2 | kind) }
func (p piece) owner() int          { return int(p>>2) & 3 }
func (p piece) kind() int           { return int(p) & 3 }
func (p piece) isDouble() bool      { return p != 0 && p.kind() >= kindDoubleP }

// actsAsPassage and actsAsRepos say which face a piece shows.
func (p piece) actsAsPassage() bool { return p != 0 && p.kind()&1 == 0 }
func (p piece) actsAsRepos() bool   { return p != 0 && p.kind()&1 == 1 }

// flipped is the double turned to its other face.
func (p piece) flipped() piece { return p ^ 1 }
