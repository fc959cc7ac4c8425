package dames

import "math/bits"

// rays[d][b] holds the squares met from bit b going in dirs[d], b
// excluded, up to the edge of the board. King moves and captures read the
// first piece on a ray with one bit scan instead of walking it square by
// square.
var rays = func() (r [4][nBits]uint64) {
	for d, step := range dirs {
		for b := range nBits {
			if boardMask&(1<<b) == 0 {
				continue
			}
			for t := b + step; bit(t) != 0; t += step {
				r[d][b] |= 1 << t
			}
		}
	}
	return r
}()

// firstOn returns the first bit of x met along dirs[d] from the origin of
// a ray holding x (x must not be 0): the lowest bit for the directions
// going down the board, the highest for those going up.
func firstOn(d int, x uint64) int {
	if d >= 2 { // downLeft, downRight: increasing bits
		return bits.TrailingZeros64(x)
	}
	return 63 - bits.LeadingZeros64(x)
}

// kingReach returns the empty squares a king on from reaches in dirs[d]
// before the first piece of occ, and that piece's bit (-1 when the ray is
// clear to the edge).
func kingReach(d, from int, occ uint64) (reach uint64, blocker int) {
	r := rays[d][from]
	x := r & occ
	if x == 0 {
		return r, -1
	}
	blocker = firstOn(d, x)
	return r &^ rays[d][blocker] &^ (1 << blocker), blocker
}

// kingTakes reports whether a king on from, with occ occupied, meets in
// dirs[d] a piece of prey with an empty square right behind it, and
// returns that piece's bit.
func kingTakes(d, from int, occ, prey uint64) (int, bool) {
	x := rays[d][from] & occ
	if x == 0 {
		return 0, false
	}
	t := firstOn(d, x)
	return t, prey&(1<<t) != 0 && bit(t+dirs[d])&^occ != 0
}

// fillUp returns from and the squares of prop reached from it by steps
// of k bits towards higher bits without leaving prop (a Kogge-Stone
// occluded fill): up to 15 steps, more than the longest diagonal.
func fillUp(from, prop uint64, k uint) uint64 {
	from |= prop & (from << k)
	prop &= prop << k
	from |= prop & (from << (2 * k))
	prop &= prop << (2 * k)
	from |= prop & (from << (4 * k))
	prop &= prop << (4 * k)
	return from | prop&(from<<(8*k))
}

// fillDown is fillUp towards lower bits.
func fillDown(from, prop uint64, k uint) uint64 {
	from |= prop & (from >> k)
	prop &= prop >> k
	from |= prop & (from >> (2 * k))
	prop &= prop >> (2 * k)
	from |= prop & (from >> (4 * k))
	prop &= prop >> (4 * k)
	return from | prop&(from>>(8*k))
}

// kingSlides returns, for the 4 directions, the empty squares the kings
// reach moving in it, for every king at once.
func kingSlides(kings, empty uint64) [4]uint64 {
	return [4]uint64{
		fillDown(kings, empty, 6) &^ kings, // upLeft
		fillDown(kings, empty, 5) &^ kings, // upRight
		fillUp(kings, empty, 5) &^ kings,   // downLeft
		fillUp(kings, empty, 6) &^ kings,   // downRight
	}
}

// kingCapturers returns the kings among kings that can take a piece of
// opp: those whose first piece met in some direction is one of opp with
// an empty square behind it. Kings may be any squares, empty ones too.
func kingCapturers(kings, opp, empty uint64) uint64 {
	// Going back from the pieces with an empty square behind them
	// through the empty squares reaches the squares that capture them.
	ul := fillUp(opp&(empty<<6), empty, 6) << 6
	ur := fillUp(opp&(empty<<5), empty, 5) << 5
	dl := fillDown(opp&(empty>>5), empty, 5) >> 5
	dr := fillDown(opp&(empty>>6), empty, 6) >> 6
	return kings & (ul | ur | dl | dr)
}
