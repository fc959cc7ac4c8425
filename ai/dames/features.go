package dames

import (
	"math/bits"

	"plateau/games/dames"
)

// The features of danger, learnt beside the diamonds by the second
// weights file (weights2.bin): each an integer count for White less the
// same count for Black, divided by its scale in training.
const (
	fTempo        = iota // rows the men have advanced
	fTempoLate           // the same, times how far the game has gone (pieces off the board of 40, /40)
	fMobility            // free forward steps of the men
	fKingMobility        // squares the kings reach
	fLocked              // men with no free forward step
	fOutpost             // men on the fifth row from their side, backed by two men behind
	fRunaway             // men that no opponent's piece can stop before the crowning row
	fBreakthrough        // men one to three rows from crowning with a free step
	fBalance             // |men on the left half - men on the right half| (a weakness)
	fHole                // empty squares of the home row's middle (47-49 / 2-4) with own men left
	nExtra
)

// extraScale is the unit of each feature in training: a weight w is worth
// 200·w/scale centi-men a unit.
var extraScale = [nExtra]float64{10, 10, 4, 8, 4, 1, 1, 2, 4, 1}

// Masks of the features, in the ghost layout.
var (
	// outpostRow is the row where a man stands as an outpost: White's
	// on 21-25, Black's on 26-30.
	outpostRow = [2]uint64{rowMask[4], rowMask[5]}
	// nearCrown holds the rows one to three from each side's crowning
	// row.
	nearCrown = [2]uint64{rowMask[1] | rowMask[2] | rowMask[3], rowMask[6] | rowMask[7] | rowMask[8]}
	leftHalf  = func() (m uint64) {
		for sq := 1; sq <= 50; sq++ {
			if col(sq) < 5 {
				m |= 1 << bitOf(sq)
			}
		}
		return m
	}()
	// runwayRows holds the rows where a man is looked at as a runaway:
	// one to four rows from crowning.
	runwayRows = [2]uint64{rowMask[1] | rowMask[2] | rowMask[3] | rowMask[4], rowMask[5] | rowMask[6] | rowMask[7] | rowMask[8]}
	boardMask  = (uint64(1)<<54 - 1) &^ (1<<10 | 1<<21 | 1<<32 | 1<<43)
	homeMiddle = [2]uint64{squares(47, 48, 49), squares(2, 3, 4)}
	// cone[s][b] holds the squares from which a piece of the other side
	// could stop a man of side s on b before it crowns: the rows ahead of
	// it, widening by one column a row, one column wider still.
	cone = func() (c [2][64]uint64) {
		for sq := 1; sq <= 50; sq++ {
			r, k := (sq-1)/5, col(sq)
			for t := 1; t <= 50; t++ {
				rt, kt := (t-1)/5, col(t)
				d := abs(kt - k)
				if rt < r && d <= r-rt+1 {
					c[dames.White][bitOf(sq)] |= 1 << bitOf(t)
				}
				if rt > r && d <= rt-r+1 {
					c[dames.Black][bitOf(sq)] |= 1 << bitOf(t)
				}
			}
		}
		return c
	}()
)

// col is the column (0-9, from White's left) of square sq.
func col(sq int) int {
	r := (sq - 1) / 5
	c := 2 * ((sq - 1) % 5)
	if r%2 == 0 {
		c++
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// extras computes the features of p for White.
func extras(p *dames.Pos) [nExtra]int32 {
	var f [nExtra]int32
	empty := boardMask &^ (p.Pieces[0] | p.Pieces[1])
	pieces := popcount(p.Pieces[0] | p.Pieces[1])
	for s := range 2 {
		side := dames.Side(s)
		sign := int32(1 - 2*s)
		own := p.Pieces[s]
		men := own &^ p.Kings
		opp := p.Pieces[s^1]
		// The men whose forward steps (to b-5 and b-6 for White, b+5
		// and b+6 for Black) are free.
		step5, step6 := men&(empty<<5), men&(empty<<6)
		if side == dames.Black {
			step5, step6 = men&(empty>>5), men&(empty>>6)
		}
		free := step5 | step6
		var tempo int
		for r := range 10 {
			adv := 9 - r
			if side == dames.Black {
				adv = r
			}
			tempo += adv * popcount(men&rowMask[r])
		}
		f[fTempo] += sign * int32(tempo)
		f[fTempoLate] += sign * int32(tempo*(40-pieces)/40)
		f[fMobility] += sign * int32(popcount(step5)+popcount(step6))
		f[fLocked] += sign * int32(popcount(men&^free))
		f[fBreakthrough] += sign * int32(popcount(free&nearCrown[s]))
		f[fOutpost] += sign * int32(outposts(men, side))
		left := popcount(men & leftHalf)
		f[fBalance] += sign * int32(abs(2*left-popcount(men)))
		if opp&^p.Kings != 0 && men != 0 {
			f[fHole] += sign * int32(popcount(homeMiddle[s]&^men))
		}
		if k := own & p.Kings; k != 0 {
			f[fKingMobility] += sign * int32(kingMobility(k, empty))
		}
		if opp&p.Kings == 0 {
			for x := men & runwayRows[s]; x != 0; x &= x - 1 {
				if cone[s][bits.TrailingZeros64(x)]&opp == 0 {
					f[fRunaway] += sign
				}
			}
		}
	}
	return f
}

// outposts counts the men of side on its outpost row with two men of its
// own right behind.
func outposts(men uint64, side dames.Side) int {
	o := men & outpostRow[side]
	if side == dames.White {
		return popcount(o & (men >> 5) & (men >> 6))
	}
	return popcount(o & (men << 5) & (men << 6))
}

// kingMobility counts the empty squares the kings reach in one move (a
// square reached by two kings counts once).
func kingMobility(kings, empty uint64) int {
	var reach uint64
	for _, d := range [4]int{-6, -5, 5, 6} {
		x := kings
		for range 9 {
			if d < 0 {
				x = x >> uint(-d) & empty
			} else {
				x = x << uint(d) & empty
			}
			if x == 0 {
				break
			}
			reach |= x
		}
	}
	return popcount(reach)
}
