package dames

import (
	"math/bits"

	"plateau/games/dames"
)

// The evaluation, in centi-men for the side to move: material (a man 100,
// a king 300), men advanced towards crowning, men in the centre, men still
// guarding the home row while the opponent has men, kings on the long
// diagonal, and the endgame knowledge of endgameScale.
const (
	manValue  = 100
	kingValue = 300
	centreMan = 5
	guardMan  = 4
	diagKing  = 10
	// winningBonus is added for the side that has a won few-piece ending
	// by rule, so that the search heads for it.
	winningBonus = 500
)

// advance[r] is the bonus of a man r rows from its own home row (0..8).
var advance = [9]int{0, 0, 1, 3, 5, 8, 12, 18, 26}

// Bit masks of the ghost layout of games/dames (square n is bit
// n-1+(n-1)/10).
var (
	// rowMask[r] holds the squares of row r (0 = squares 1-5, at the top).
	rowMask = func() (m [10]uint64) {
		for sq := 1; sq <= 50; sq++ {
			m[(sq-1)/5] |= 1 << bitOf(sq)
		}
		return m
	}()
	// centreMask is the squares of the four middle rows away from the
	// edges.
	centreMask = squares(17, 18, 19, 22, 23, 24, 27, 28, 29, 32, 33, 34)
	// longDiagonal is the main diagonal, 46 to 5.
	longDiagonal = squares(5, 10, 14, 19, 23, 28, 32, 37, 41, 46)
)

func bitOf(sq int) int { return sq - 1 + (sq-1)/10 }

func squares(sqs ...int) (m uint64) {
	for _, sq := range sqs {
		m |= 1 << bitOf(sq)
	}
	return m
}

func popcount(x uint64) int { return bits.OnesCount64(x) }

// Evaluate scores p in centi-men for the side to move. It does not look
// for captures: the search calls it in quiet positions only.
func Evaluate(p *dames.Pos) int {
	v := sideScore(p, dames.White) - sideScore(p, dames.Black)
	v = endgame(p, v)
	if p.Side == dames.Black {
		return -v
	}
	return v
}

// sideScore is one side's material and position.
func sideScore(p *dames.Pos, side dames.Side) int {
	own := p.Pieces[side]
	men := own &^ p.Kings
	kings := own & p.Kings
	v := manValue*popcount(men) + kingValue*popcount(kings)
	v += centreMan*popcount(men&centreMask) + diagKing*popcount(kings&longDiagonal)
	for r := range 9 {
		// A man r rows from its home row: White's on row 9-r, Black's
		// on row r.
		row := rowMask[r]
		if side == dames.White {
			row = rowMask[9-r]
		}
		v += advance[r] * popcount(men&row)
	}
	if p.Pieces[side^1]&^p.Kings != 0 {
		home := rowMask[9]
		if side == dames.Black {
			home = rowMask[0]
		}
		v += guardMan * popcount(men&home)
	}
	return v
}

// endgame applies what is known of the endings of a lone king (a king and
// nothing else) against few pieces, from White's view v:
//
//   - against one or two pieces the lone king draws (one king against one
//     or two kings, or a king and a man, cannot be caught unless a capture
//     is on the board, which the search sees): the stronger side's score
//     is divided by 16;
//   - against three pieces with a king, the lone king draws on the long
//     diagonal when the other side has no piece there (it cannot be
//     driven off it), and loses otherwise;
//   - against four pieces or more with a king it loses.
//
// Won endings get winningBonus; drawn ones keep a small part of the score
// so that the search still prefers the better of two drawn positions.
func endgame(p *dames.Pos, v int) int {
	w, b := p.Pieces[dames.White], p.Pieces[dames.Black]
	nw, nb := popcount(w), popcount(b)
	if nw > 1 && nb > 1 {
		return v
	}
	for _, c := range [2]struct {
		lone, strong uint64
		n            int
		sign         int
	}{{b, w, nw, 1}, {w, b, nb, -1}} {
		if popcount(c.lone) != 1 || c.lone&p.Kings == 0 {
			continue
		}
		strongV := c.sign * v
		switch {
		case strongV <= 0:
			// The lone king is not worse: nothing to correct.
		case c.n <= 2:
			strongV /= 16
		case c.strong&p.Kings == 0:
			// Men only: their race to the crowning row decides.
		case c.n == 3 && c.lone&longDiagonal != 0 && c.strong&longDiagonal == 0:
			strongV /= 16
		default:
			strongV += winningBonus + 20*popcount(c.strong&longDiagonal)
		}
		return c.sign * strongV
	}
	return v
}
