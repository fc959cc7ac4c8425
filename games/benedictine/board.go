package benedictine

import (
	"fmt"
	"math/bits"
)

// Board geometry. A square is numbered rank*7+file with file 0..6 for a..g
// and rank 0..6 for 1..7. Ball squares have an odd file index and an odd
// rank index (b2, b4, ..., f6): their file and rank, counted from 1, are
// both even.
const (
	size       = 7
	numSquares = size * size

	// Ball destination codes beyond the board: the try squares right
	// behind the last row jumped over, a8..g8 for green and a0..g0 for
	// amber. Codes 0..48 are squares of the board.
	tryGreen = numSquares        // a8 .. g8: 49..55
	tryAmber = numSquares + size // a0 .. g0: 56..62
	noSquare = -1
)

// Players.
const (
	green = 0
	amber = 1
)

var colourName = [2]string{"green", "amber"}

// dirs are the eight directions (file, rank) in a fixed order.
var dirs = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// Precomputed tables.
var (
	ballSquares   uint64 // the 9 ball squares
	bottleSquares uint64 // the other 40
	// neighbour[sq][d] is the square next to sq in direction d, or -1.
	neighbour [numSquares][8]int8
	// twoAway[sq][d] is the square two steps from sq in direction d, or -1.
	twoAway [numSquares][8]int8
	// stepMask[sq] holds the bottle squares next to sq.
	stepMask [numSquares]uint64
	// tryCode[p][sq][d] is the try code reached when the ball on ball
	// square sq jumps in direction d over the square next to it and leaves
	// the board beyond player p's target row, or -1.
	tryCode [2][numSquares][8]int8
	// near[sq] holds the squares next to sq, any kind; ahead[p][sq] those
	// of them in player p's forward directions.
	near  [numSquares]uint64
	ahead [2][numSquares]uint64
	// jumpFrom[d] holds the squares two steps from which in direction d
	// stay on the board, tryFrom[p][d] those from which a jump in
	// direction d leaves it across player p's target row.
	jumpFrom [8]uint64
	tryFrom  [2][8]uint64
)

func init() {
	for sq := range numSquares {
		f, r := sq%size, sq/size
		if f%2 == 1 && r%2 == 1 {
			ballSquares |= 1 << sq
		}
	}
	bottleSquares = (1<<numSquares - 1) &^ ballSquares
	for sq := range numSquares {
		f, r := sq%size, sq/size
		for d, v := range dirs {
			neighbour[sq][d], twoAway[sq][d] = noSquare, noSquare
			tryCode[green][sq][d], tryCode[amber][sq][d] = noSquare, noSquare
			f1, r1 := f+v[0], r+v[1]
			if !onBoard(f1, r1) {
				continue
			}
			n := r1*size + f1
			neighbour[sq][d] = int8(n)
			near[sq] |= 1 << n
			switch v[1] {
			case 1:
				ahead[green][sq] |= 1 << n
			case -1:
				ahead[amber][sq] |= 1 << n
			}
			if bottleSquares&(1<<n) != 0 {
				stepMask[sq] |= 1 << n
			}
			f2, r2 := f+2*v[0], r+2*v[1]
			if onBoard(f2, r2) {
				twoAway[sq][d] = int8(r2*size + f2)
				jumpFrom[d] |= 1 << sq
				continue
			}
			// Leaving the board: a try only across the target row.
			// The try square is named after the last-row square jumped.
			switch {
			case r2 == size:
				tryCode[green][sq][d] = int8(tryGreen + f1)
				tryFrom[green][d] |= 1 << sq
			case r2 == -1:
				tryCode[amber][sq][d] = int8(tryAmber + f1)
				tryFrom[amber][d] |= 1 << sq
			}
		}
	}
}

func onBoard(f, r int) bool { return f >= 0 && f < size && r >= 0 && r < size }

func isBall(sq int) bool { return sq >= 0 && sq < numSquares && ballSquares&(1<<sq) != 0 }

// squareName names a square of the board or a try square: "c1", "d8", "a0".
func squareName(code int) string {
	switch {
	case code >= 0 && code < numSquares:
		return string(rune('a'+code%size)) + string(rune('1'+code/size))
	case code >= tryGreen && code < tryAmber:
		return string(rune('a'+code-tryGreen)) + "8"
	case code >= tryAmber && code < tryAmber+size:
		return string(rune('a'+code-tryAmber)) + "0"
	}
	return fmt.Sprintf("?%d", code)
}

// parseSquare reads a square name: a board square (ranks 1-7) or a try
// square (rank 8 or 0).
func parseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '0' || s[1] > '8' {
		return noSquare, fmt.Errorf("%q is not a square (a1 to g7, or a try square a8-g8, a0-g0)", s)
	}
	f, r := int(s[0])-'a', int(s[1])-'1'
	switch r {
	case size:
		return tryGreen + f, nil
	case -1:
		return tryAmber + f, nil
	}
	return r*size + f, nil
}

// isTry reports whether a ball destination code is a try square.
func isTry(code int) bool { return code >= tryGreen && code < tryAmber+size }

// tryOwner is the player who scores by reaching try square code.
func tryOwner(code int) int {
	if code < tryAmber {
		return green
	}
	return amber
}

// direction returns the direction index from a to b when b is next to a,
// or -1.
func direction(a, b int) int {
	for d := range dirs {
		if int(neighbour[a][d]) == b {
			return d
		}
	}
	return -1
}

// jumpReach returns the squares a bottle on from reaches by one or more
// jumps over bottles in occ (which must not contain from), and parent links
// when parent is not nil.
func jumpReach(from int, occ uint64, parent *[64]int8) uint64 {
	if parent == nil {
		if near[from]&occ == 0 {
			return 0 // nothing to jump: most bottles in the open
		}
		return landings(from, occ, occ) &^ (1 << from)
	}
	return chain(from, occ, occ, nil, parent)
}

// bottleReach returns every square a bottle on from can move to: steps to
// a free bottle square next to it and jump chains. occ holds every other
// bottle.
func bottleReach(from int, occ uint64) uint64 {
	return stepMask[from]&^occ | jumpReach(from, occ, nil)
}

// ballReach returns the destinations of the ball on ball square from for
// player p whose bottles are own: ball squares (bits 0..48) and try squares
// (bits 49..62), reached by one or more jumps over own bottles. When parent
// is not nil it receives, for each destination, the square the last jump
// started from.
func ballReach(from int, own uint64, p int, parent *[64]int8) uint64 {
	if !isBall(from) || near[from]&own == 0 {
		return 0
	}
	if parent != nil {
		return chain(from, own, 0, &tryCode[p], parent)
	}
	seen := landings(from, own, 0)
	// The tries: jumps off the board over a last-row bottle, the try
	// square named after that bottle's file (the steps of dirs' forward
	// directions written out, as in landings).
	var tries uint64
	if t := &tryFrom[p]; p == green {
		last := (seen&t[5]<<6 | seen&t[6]<<7 | seen&t[7]<<8) & own
		tries = last >> ((size - 1) * size) << tryGreen
	} else {
		last := (seen&t[0]>>8 | seen&t[1]>>7 | seen&t[2]>>6) & own
		tries = last << tryAmber
	}
	return (seen | tries) &^ (1 << from)
}

// landings returns from and the squares reached from it by chains of jumps
// over the squares in over, never landing on blocked: the squares chain
// returns without the tries, found by a flood fill in which every square
// reached jumps at once, a loop of a few shifts where chain visits the
// squares one by one (it is most of the evaluation's time).
func landings(from int, over, blocked uint64) uint64 {
	seen := uint64(1) << from
	// The directions of dirs, their steps of square numbers written out:
	// constant shifts, no branch.
	for f := seen; f != 0; {
		next := (f&jumpFrom[0]>>8&over)>>8 | (f&jumpFrom[1]>>7&over)>>7 |
			(f&jumpFrom[2]>>6&over)>>6 | (f&jumpFrom[3]>>1&over)>>1 |
			(f&jumpFrom[4]<<1&over)<<1 | (f&jumpFrom[5]<<6&over)<<6 |
			(f&jumpFrom[6]<<7&over)<<7 | (f&jumpFrom[7]<<8&over)<<8
		f = next &^ (blocked | seen)
		seen |= f
	}
	return seen
}

// chain returns the landings of chains of jumps from from over the squares
// in over, never landing on blocked or twice on a square. A jump off the
// board lands on tries[sq][d] when tries is not nil and that is not -1, and
// ends the chain there; otherwise it is not a jump.
func chain(from int, over, blocked uint64, tries *[numSquares][8]int8, parent *[64]int8) uint64 {
	var queue [numSquares]int8
	queue[0] = int8(from)
	head, tail := 0, 1
	seen := uint64(1) << from
	for head < tail {
		sq := int(queue[head])
		head++
		for d := range dirs {
			mid := neighbour[sq][d]
			if mid < 0 || over&(1<<mid) == 0 {
				continue
			}
			land := int(twoAway[sq][d])
			if land < 0 && tries != nil {
				land = int(tries[sq][d]) // a try, or off the side or the own back line
			}
			if land < 0 || (blocked|seen)&(1<<land) != 0 {
				continue
			}
			seen |= 1 << land
			if parent != nil {
				parent[land] = int8(sq)
			}
			if land < numSquares {
				queue[tail] = int8(land)
				tail++
			}
		}
	}
	return seen &^ (1 << from)
}

// canMove reports whether a player with bottles own has a legal move when
// all bottles are occ.
func canMove(own, occ uint64) bool {
	for b := own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		if stepMask[from]&^occ != 0 {
			return true
		}
		for d := range dirs {
			mid, land := neighbour[from][d], twoAway[from][d]
			if mid >= 0 && land >= 0 && occ&(1<<mid) != 0 && occ&(1<<land) == 0 {
				return true
			}
		}
	}
	return false
}
