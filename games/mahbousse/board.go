package mahbousse

// The board is kept in absolute coordinates: index i (0..23) is point i+1 in
// the numbering of x (player 0), who moves from point 24 down to point 1.
// o (player 1) moves the other way: o's point n is index 24-n. Every rule
// function takes the mover's own point numbers (1..24, home 1..6).

// Checkers per player.
const checkers = 15

// board is the array representation of the 24 points.
type board struct {
	// pt is the signed size of the stack on top of each point: > 0 for x,
	// < 0 for o, 0 for an empty point.
	pt [24]int8
	// pin marks points where one checker of the other player lies pinned
	// under the top stack.
	pin [24]bool
	// off counts each player's borne-off checkers.
	off [2]int8
	// h is the Zobrist hash of the above, and away the number of each
	// player's checkers outside its home zone, both kept up to date by
	// move and recomputed by rehash.
	h    uint64
	away [2]int8
}

// sign is +1 for x (player 0) and -1 for o (player 1).
func sign(p int8) int8 { return 1 - 2*p }

// idx converts player p's point n (1..24) to a board index.
func idx(p int8, n int8) int8 {
	if p == 0 {
		return n - 1
	}
	return 24 - n
}

// startBoard has every checker on its owner's point 24.
func startBoard() board {
	var b board
	b.pt[idx(0, 24)] = checkers
	b.pt[idx(1, 24)] = -checkers
	b.rehash()
	return b
}

// free is the number of p's checkers that can move from p's point n:
// the size of p's top stack there.
func (b *board) free(p, n int8) int8 {
	v := b.pt[idx(p, n)] * sign(p)
	if v < 0 {
		return 0
	}
	return v
}

// pinned reports whether a checker of p lies pinned on p's point n.
func (b *board) pinned(p, n int8) bool {
	i := idx(p, n)
	return b.pin[i] && b.pt[i]*sign(p) < 0
}

// has reports whether p has any checker, free or pinned, on p's point n.
func (b *board) has(p, n int8) bool { return b.free(p, n) > 0 || b.pinned(p, n) }

// open reports whether p may land on p's point n: the point is empty, p's
// own, or holds one unpinned opponent checker (which the landing pins).
// Two or more opponent checkers, or an opponent checker that pins one of
// p's, close the point to p.
func (b *board) open(p, n int8) bool {
	i := idx(p, n)
	v := b.pt[i] * sign(p)
	return v >= 0 || (v == -1 && !b.pin[i])
}

// allHome reports whether every checker of p still on the board, free or
// pinned, stands in p's home zone (points 1 to 6).
func (b *board) allHome(p int8) bool { return b.away[p] == 0 }

// countAway counts p's checkers, free or pinned, outside p's home zone.
func (b *board) countAway(p int8) int8 {
	var c int8
	for n := int8(7); n <= 24; n++ {
		c += b.free(p, n)
		if b.pinned(p, n) {
			c++
		}
	}
	return c
}

// highest is p's highest point holding a checker of p (free or pinned), 0
// when p has none on the board.
func (b *board) highest(p int8) int8 {
	for n := int8(24); n >= 1; n-- {
		if b.has(p, n) {
			return n
		}
	}
	return 0
}

// move moves one of p's free checkers from p's point from to p's point to
// (0 or less: bears it off). It pins a lone opponent checker it lands on and
// releases the checker it was pinning, if any, when the last checker of
// its stack leaves. It reports whether the landing pinned a checker. The
// caller has checked legality.
func (b *board) move(p, from, to int8) (pinned bool) {
	s := sign(p)
	i := idx(p, from)
	if from > 6 && to <= 6 {
		b.away[p]--
	}
	if b.pt[i] == s && b.pin[i] {
		b.set(i, -s, false) // the pinned checker is free again
	} else {
		b.set(i, b.pt[i]-s, b.pin[i])
	}
	if to <= 0 {
		b.h ^= zOff[p][b.off[p]] ^ zOff[p][b.off[p]+1]
		b.off[p]++
		return false
	}
	j := idx(p, to)
	if b.pt[j]*s == -1 {
		b.set(j, s, true)
		return true
	}
	b.set(j, b.pt[j]+s, b.pin[j])
	return false
}

// set changes point i, updating the hash.
func (b *board) set(i, v int8, pin bool) {
	b.h ^= cellKey(i, b.pt[i], b.pin[i]) ^ cellKey(i, v, pin)
	b.pt[i], b.pin[i] = v, pin
}

// count is the number of p's checkers on the board and off it.
func (b *board) count(p int8) int {
	n := int(b.off[p])
	s := sign(p)
	for i, v := range b.pt {
		if v*s > 0 {
			n += int(v * s)
		} else if b.pin[i] && v*s < 0 {
			n++
		}
	}
	return n
}

// pips is p's pip count: the sum of the distances of p's checkers on the
// board to bearing off (a checker on p's point n counts n).
func (b *board) pips(p int8) int {
	t := 0
	for n := int8(1); n <= 24; n++ {
		c := int(b.free(p, n))
		if b.pinned(p, n) {
			c++
		}
		t += c * int(n)
	}
	return t
}
