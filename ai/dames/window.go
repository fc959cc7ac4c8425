package dames

import "plateau/games/dames"

// The windows: sixteen regions of four rows by four columns of the board,
// their corners on every other row and column (rows and columns 0, 2, 4
// and 6 from the top left), so that they overlap by half and every square
// is in one to four of them. A window holds eight squares, two a row, and
// each of its 3^8 fillings (each square empty, white or black, men and
// kings alike) has two learnt weights: one for a full board and one for
// an empty one, mixed by the number of pieces on the board, because the
// same shape is worth something else in the opening and in the endgame.
// They see what the four-square diamonds cannot: a whole wing's formation,
// a locked flank, a tail.

const (
	nWindows       = 16
	nWindowConfigs = 6561 // 3^8
	// nWindowWeights is the number of weights the windows add to a
	// weights file: for each window and filling, the full board's weight
	// then the empty board's.
	nWindowWeights = nWindows * nWindowConfigs * 2
	// fullBoard is the number of pieces at which a window's weight is its
	// full board's alone.
	fullBoard = 40
)

// windowBase[w] is the bit, in the ghost layout, of window w's top left
// square. Every window's rows start at the same offsets from it (0, 5,
// 11 and 16: two rows take 11 bits), two adjacent bits a row.
var windowBase = func() (b [nWindows]uint8) {
	for w := range nWindows {
		r0, j0 := 2*(w/4), w%4 // top row; index of the first square in a row
		b[w] = uint8(11*(r0/2) + j0)
	}
	return b
}()

// ternary8 maps eight bits to the base-3 number with those digits: bit k
// counts 3^k.
var ternary8 = func() (t [256]uint16) {
	for x := range t {
		v, p := 0, 1
		for k := range 8 {
			v += (x >> k & 1) * p
			p *= 3
		}
		t[x] = uint16(v)
	}
	return t
}()

// windowBits gathers the eight bits of x in window w, a row's two in
// each pair of bits, the top row's lowest.
func windowBits(x uint64, w int) uint8 {
	y := x >> windowBase[w]
	return uint8(y&3 | y>>3&0xc | y>>7&0x30 | y>>10&0xc0)
}

// windowConfig returns the filling of window w: the sum over its squares
// k of 3^k times 0 (empty), 1 (White) or 2 (Black).
func windowConfig(p *dames.Pos, w int) int {
	return int(ternary8[windowBits(p.Pieces[dames.White], w)]) + 2*int(ternary8[windowBits(p.Pieces[dames.Black], w)])
}

// fullness is how full the board is, from 0 (no pieces) to fullBoard.
func fullness(p *dames.Pos) int {
	return min(popcount(p.Pieces[dames.White]|p.Pieces[dames.Black]), fullBoard)
}
