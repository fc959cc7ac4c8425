package intercept

// The distance maps: how far each square is from the pieces of a team that
// can show each face, and the ball chain built on them.

import (
	"math/bits"

	ic "plateau/games/intercept"
)

// xOf and yOf are the file and rank of each square.
var xOf, yOf [nsq]int8

func init() {
	for t := range nsq {
		xOf[t], yOf[t] = int8(t%size), int8(t/size)
	}
}

func cheb(a, b int) int {
	dx, dy := int(xOf[a]-xOf[b]), int(yOf[a]-yOf[b])
	return max(dx, -dx, dy, -dy)
}

// pieceSets collects the squares of seat's team pieces that can move and
// could show each face: passage-capable and repos-capable (doubles are
// both).
func pieceSets(s *ic.State, b *board, seat int) (pas, rep lanes) {
	for _, q := range b.occ[:b.nocc] {
		t := int(q)
		if o := int(b.owner[t]); t == b.ball || s.Opponents(seat, o) {
			continue
		}
		if b.dbl[t] || b.face[t] == ic.FacePassage {
			pas.add(t)
		}
		if b.dbl[t] || b.face[t] == ic.FaceRepos {
			rep.add(t)
		}
	}
	return pas, rep
}

// distMap holds, for every square, the Chebyshev distance to the closest
// of a set of squares (a king's moves), capped at distCap.
type distMap [nsq]int8

// lanes is a set of squares with the board's rows in 16-bit lanes, four
// rows to a word: a king's move grows a set in a few word operations
// rather than one a row.
type lanes [(size + 3) / 4]uint64

// laneRows masks the bits of each word that are squares of the board.
var laneRows = func() (m lanes) {
	for y := range size {
		m[y/4] |= rowMask << (16 * (y % 4))
	}
	return m
}()

// rowMask holds the squares of a board row.
const rowMask = 1<<size - 1

// laneBit is the word and bit of each square in lanes.
var laneBit = func() (lb [nsq]struct{ w, bit uint8 }) {
	for t := range lb {
		y, x := t/size, t%size
		lb[t].w, lb[t].bit = uint8(y/4), uint8(16*(y%4)+x)
	}
	return lb
}()

// add puts square t in the set.
func (l *lanes) add(t int) {
	lb := laneBit[t]
	l[lb.w] |= 1 << lb.bit
}

// laneSquare is the square of each bit of lanes (0 for the padding, which
// no set holds).
var laneSquare = func() (sq [len(lanes{}) * 64]uint8) {
	for i := range sq {
		if y, x := i/16, i%16; y < size && x < size {
			sq[i] = uint8(y*size + x)
		}
	}
	return sq
}()

// fill computes the map of a set of squares breadth first: the squares
// within distance k+1 of the set are those within k grown by one king
// move, and each square gets the round that reaches it.
func (d *distMap) fill(reached lanes) {
	*d = blankDistMap
	frontier := reached
	for k := int8(0); k < distCap; k++ {
		for w, r := range frontier {
			for ; r != 0; r &= r - 1 {
				d[laneSquare[w*64+bits.TrailingZeros64(r)]] = k
			}
		}
		// Sideways within a row (the lanes' padding bits catch what
		// spills over and are masked off), then up and down a row,
		// across words at their first and last lanes.
		var side lanes
		for w, r := range reached {
			side[w] = (r | r<<1 | r>>1) & laneRows[w]
		}
		more := uint64(0)
		for w := range reached {
			n := side[w] | side[w]<<16 | side[w]>>16
			if w > 0 {
				n |= side[w-1] >> 48
			}
			if w < len(side)-1 {
				n |= side[w+1] << 48
			}
			n &= laneRows[w]
			frontier[w] = n &^ reached[w]
			reached[w] = n
			more |= frontier[w]
		}
		if more == 0 {
			return
		}
	}
}

// blankDistMap is a distMap far from every piece.
var blankDistMap = func() (d distMap) {
	for t := range d {
		d[t] = distCap
	}
	return d
}()

func (d *distMap) dist(t int) int { return int(d[t]) }

// teamMaps are the distance maps of a seat's team pieces that could show
// a passage face and a repos face, and the sets of squares they were
// filled from.
type teamMaps struct {
	pas, rep lanes
	pl, rl   distMap
	filled   bool
}

// queued is an entry of chain's bucket queue: a square and the next entry
// of its bucket.
type queued struct {
	sq   uint8
	next int16
}

// maps returns the distance maps of seat's team in the position on b,
// filled again only if its pieces moved.
func (e *Evaluator) maps(s *ic.State, b *board, seat int) *teamMaps {
	m := &e.seats[seat]
	pas, rep := pieceSets(s, b, seat)
	if !m.filled || pas != m.pas {
		m.pas = pas
		m.pl.fill(pas)
	}
	if !m.filled || rep != m.rep {
		m.rep = rep
		m.rl.fill(rep)
	}
	m.filled = true
	return m
}

// chain returns seat's cheapest ball chain: the cost of the pieces that
// must still be brought to make a path of hops from the ball to one of its
// goals. A hop goes over a passage piece of the seat's team onto a repos
// piece (or onto the goal Arrivée, empty or holding the team's repos); every
// square the path needs that does not hold the right piece costs missBase
// plus the distance of the nearest team piece that could fill it, more if
// it must first be emptied. The search is a Dijkstra over the squares the
// ball can ever reach (two squares per hop keeps its parity).
func chain(s *ic.State, b *board, seat int, tm *teamMaps, q *[512]queued) int {
	pl, rl := &tm.pl, &tm.rl

	var dist [nsq]int16
	for t := range dist {
		dist[t] = maxChain + 1
	}
	start := b.ball
	d0 := 0
	if o := int(b.owner[start]); o >= 0 && s.Opponents(seat, o) {
		d0 = intercept
	}
	goals := s.Goals(seat)
	// Dijkstra with a bucket queue: costs are small integers, and paths
	// dearer than maxChain need not be followed.
	var head [maxChain + 1]int16
	for i := range head {
		head[i] = -1
	}
	nq := int16(0)
	// A landing is reached from up to eight squares, and as many hops
	// jump a square: the costs of each are found once, kept plus 1 (0:
	// not yet).
	var land, pass [nsq]int8
	push := func(t, d int) {
		if d > maxChain || int(dist[t]) <= d || nq == int16(len(q)) {
			return
		}
		dist[t] = int16(d)
		q[nq] = queued{uint8(t), head[d]}
		head[d] = nq
		nq++
	}
	push(start, d0)
	for cd := d0; cd <= maxChain; cd++ {
		for head[cd] >= 0 {
			e := q[head[cd]]
			head[cd] = e.next
			c := int(e.sq)
			if int(dist[c]) != cd {
				continue // a stale entry
			}
			for _, g := range goals {
				if c == g {
					return cd
				}
			}
			for _, h := range hops[c].to[:hops[c].n] {
				l := int(h.land)
				if int(dist[l]) <= cd {
					continue
				}
				lc := int(land[l]) - 1
				if lc < 0 {
					lc = landCost(s, b, seat, l, rl, goals)
					land[l] = int8(lc + 1)
				}
				m := int(h.over)
				pc := int(pass[m]) - 1
				if pc < 0 {
					pc = passCost(s, b, seat, m, pl)
					pass[m] = int8(pc + 1)
				}
				push(l, cd+pc+lc)
			}
		}
	}
	return maxChain + 1
}

// hops lists, for every square, the ball's hops from it that stay on the
// board: the square jumped and the landing two squares away.
var hops = func() (h [nsq]struct {
	n  int
	to [8]struct{ over, land uint8 }
}) {
	for c := range nsq {
		cx, cy := c%size, c/size
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				lx, ly := cx+2*dx, cy+2*dy
				if dx == 0 && dy == 0 || lx < 0 || ly < 0 || lx >= size || ly >= size {
					continue
				}
				h[c].to[h[c].n].over, h[c].to[h[c].n].land = uint8(c+dy*size+dx), uint8(ly*size+lx)
				h[c].n++
			}
		}
	}
	return h
}()

// passCost is the cost of having a passage piece of seat's team on m; an
// opponent's piece on squares 1-5 of seat's goal can be covered.
func passCost(s *ic.State, b *board, seat, m int, pl *distMap) int {
	return needCost(s, b, seat, m, ic.FacePassage, pl, s.IsFive(seat, m))
}

// landCost is the cost of having a landing for seat's ball on l: a repos of
// seat's team, or a goal Arrivée that is empty or whose opponent's piece a
// repos can cover.
func landCost(s *ic.State, b *board, seat, l int, rl *distMap, goals []int) int {
	for _, g := range goals {
		if l == g {
			o := int(b.owner[l])
			if o < 0 {
				return 0
			}
			return needCost(s, b, seat, l, ic.FaceRepos, rl, s.CoveredOf(o) < 2)
		}
	}
	return needCost(s, b, seat, l, ic.FaceRepos, rl, false)
}

// needCost is the cost of having a piece of seat's team showing face on t:
// none when one stands there, wrongFace when a double must turn over,
// otherwise missBase plus the distance of the nearest team piece that could
// show that face, more when t must first be emptied of an own piece or
// holds an opponent's piece that cannot be covered.
func needCost(s *ic.State, b *board, seat, t, face int, d *distMap, coverable bool) int {
	o := int(b.owner[t])
	switch {
	case o < 0:
		return missBase + d.dist(t)
	case s.Opponents(seat, o):
		if coverable {
			return missBase + d.dist(t)
		}
		return b.blocked + missBase + d.dist(t)
	case int(b.face[t]) == face:
		return 0
	case b.dbl[t]:
		return wrongFace
	}
	return wrongFace + missBase + d.dist(t)
}
