package dames

import "math/bits"

// The board is held in bitboards with a "ghost square" layout: square n
// (1..50) is bit n-1+(n-1)/10 of a uint64, so that after every second row
// one bit (10, 21, 32, 43) is left unused. With that layout the four
// diagonal neighbours of a bit b are b-6, b-5, b+5 and b+6, and a step off
// the board lands on a ghost bit, a negative bit or a bit above 53, none of
// which is ever set in a mask of real squares.
//
// Row 0 (squares 1-5) is the top of the board, Black's home row; White (the
// side FMJD calls White, Bleus in Plateau) starts on 31-50 at the bottom and
// moves towards row 0, that is towards lower bits.

const (
	// nBits is the number of bits the layout uses (0..53).
	nBits = 54
	// boardMask has a bit for each of the 50 real squares.
	boardMask = (uint64(1)<<nBits - 1) &^ (1<<10 | 1<<21 | 1<<32 | 1<<43)
	// promoWhite and promoBlack are the rows where men are crowned.
	promoWhite = uint64(0x1f)       // squares 1-5
	promoBlack = uint64(0x1f) << 49 // squares 46-50
)

// Diagonal directions as bit offsets. up is towards row 0 (White's forward).
const (
	upLeft    = -6
	upRight   = -5
	downLeft  = 5
	downRight = 6
)

var dirs = [4]int{upLeft, upRight, downLeft, downRight}

// promo is the crowning row of each side.
var promo = [2]uint64{promoWhite, promoBlack}

// bitOf returns the bit index of square sq (1..50).
func bitOf(sq int) int { return sq - 1 + (sq-1)/10 }

// squareOf returns the square number (1..50) of bit b, which must be a real
// square.
func squareOf(b int) int { return b - b/11 + 1 }

// bit returns the mask with only bit b set, or 0 when b is off the layout
// (negative or beyond 63).
func bit(b int) uint64 { return 1 << uint(b) & boardMask }

// compact turns a mask in the ghost layout into a 50-bit mask where square
// n is bit n-1.
func compact(x uint64) uint64 {
	const r = 0x3ff
	return x&r | x>>1&(r<<10) | x>>2&(r<<20) | x>>3&(r<<30) | x>>4&(r<<40)
}

// expand is the inverse of compact.
func expand(x uint64) uint64 {
	const r = 0x3ff
	return x&r | (x&(r<<10))<<1 | (x&(r<<20))<<2 | (x&(r<<30))<<3 | (x&(r<<40))<<4
}

// Side is White (0, moves first) or Black (1).
type Side uint8

const (
	White Side = 0
	Black Side = 1
)

// Pos is a bare position: the pieces of each side, which of them are kings,
// and the side to move. It knows nothing of draw rules; perft and search use
// it directly. Pos is a small value: copying it is the cheapest way to
// branch.
type Pos struct {
	Pieces [2]uint64 // ghost layout, indexed by Side
	Kings  uint64    // kings of both sides
	Side   Side
}

// StartPos is the initial position: White men on 31-50, Black men on 1-20,
// White to move.
func StartPos() Pos {
	var p Pos
	for sq := 1; sq <= 20; sq++ {
		p.Pieces[Black] |= 1 << bitOf(sq)
		p.Pieces[White] |= 1 << bitOf(sq+30)
	}
	return p
}

// empty returns the empty squares.
func (p *Pos) empty() uint64 { return boardMask &^ (p.Pieces[0] | p.Pieces[1]) }

// Move is the engine's own move: from and to are bits of the ghost layout,
// Captured the captured pieces in the same layout. A huff (see State) is not
// a Pos move.
type Move struct {
	From, To uint8
	Captured uint64
}

// Play returns the position after m, which must be legal in p.
func (p Pos) Play(m Move) Pos {
	p.play(&m)
	return p
}

// play plays m, which must be legal, in place.
func (p *Pos) play(m *Move) {
	us := p.Side & 1
	from, to := uint64(1)<<m.From, uint64(1)<<m.To
	p.Pieces[us] = p.Pieces[us]&^from | to // from == to after a loop
	p.Pieces[us^1] &^= m.Captured
	k := p.Kings &^ m.Captured
	if k&from != 0 {
		k = k&^from | to
	} else {
		k |= to & (promoWhite << (49 * uint(us))) // a man ending its move on the far row is crowned
	}
	p.Kings = k
	p.Side = us ^ 1
}

// Generate appends the legal moves of p to buf and returns it. Captures are
// mandatory and only those taking the most pieces are listed. It does not
// allocate when buf has room.
func (p *Pos) Generate(buf []Move) []Move {
	if men, kings := p.capturers(); men|kings != 0 {
		return p.capturesFrom(buf, men, kings)
	}
	return p.quiet(buf)
}

// quiet appends the non-capturing moves.
func (p *Pos) quiet(buf []Move) []Move {
	us := p.Side
	empty := p.empty()
	own := p.Pieces[us]
	men := own &^ p.Kings
	if us == White {
		for t := men >> 5 & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			buf = append(buf, Move{From: uint8(to + 5), To: uint8(to)})
		}
		for t := men >> 6 & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			buf = append(buf, Move{From: uint8(to + 6), To: uint8(to)})
		}
	} else {
		for t := men << 5 & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			buf = append(buf, Move{From: uint8(to - 5), To: uint8(to)})
		}
		for t := men << 6 & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			buf = append(buf, Move{From: uint8(to - 6), To: uint8(to)})
		}
	}
	occ := boardMask &^ empty
	for k := own & p.Kings; k != 0; k &= k - 1 {
		from := bits.TrailingZeros64(k)
		for d := range dirs {
			reach, _ := kingReach(d, from, occ)
			for ; reach != 0; reach &= reach - 1 {
				buf = append(buf, Move{From: uint8(from), To: uint8(bits.TrailingZeros64(reach))})
			}
		}
	}
	return buf
}

// countQuiet returns how many non-capturing moves p has.
func (p *Pos) countQuiet() int {
	us := p.Side
	empty := p.empty()
	own := p.Pieces[us]
	men := own &^ p.Kings
	var n int
	if us == White {
		n = bits.OnesCount64(men>>5&empty) + bits.OnesCount64(men>>6&empty)
	} else {
		n = bits.OnesCount64(men<<5&empty) + bits.OnesCount64(men<<6&empty)
	}
	if k := own & p.Kings; k != 0 {
		// The squares a king reaches in one direction are behind no
		// other king of its side: the counts of all kings add up.
		sl := kingSlides(k, empty)
		n += popcount(sl[0]) + popcount(sl[1]) + popcount(sl[2]) + popcount(sl[3])
	}
	return n
}

// hasCapture reports whether the side to move can capture.
func (p *Pos) hasCapture() bool {
	men, kings := p.capturers()
	return men|kings != 0
}

// capturers returns the men and the kings of the side to move that can
// capture.
func (p *Pos) capturers() (men, kings uint64) {
	us := p.Side & 1
	empty := p.empty()
	own, opp := p.Pieces[us], p.Pieces[us^1]
	jf := jumpers(opp, empty)
	if k := own & p.Kings; k != 0 {
		kings = kingCapturers(k, opp, empty)
	}
	return own &^ p.Kings & (jf[0] | jf[1] | jf[2] | jf[3]), kings
}

// capGen collects the maximum captures of one position.
type capGen struct {
	buf   []Move
	start int
	best  int
	from  uint8
	opp   uint64 // opponent pieces
	empty uint64 // empty squares, the mover's origin included
	// counting: captures of one piece are counted in ones, not listed.
	counting bool
	ones     int
}

// captures appends the captures taking the most pieces.
func (p *Pos) captures(buf []Move) []Move {
	men, kings := p.capturers()
	return p.capturesFrom(buf, men, kings)
}

// jumpers returns, for each direction of dirs, the squares from which a
// man would jump a piece of opp in that direction onto an empty square.
func jumpers(opp, empty uint64) [4]uint64 {
	return [4]uint64{
		(opp << 6) & (empty << 12), // upLeft
		(opp << 5) & (empty << 10), // upRight
		(opp >> 5) & (empty >> 10), // downLeft
		(opp >> 6) & (empty >> 12), // downRight
	}
}

// goesOn reports whether a man making one of the jumps of men (jf from
// jumpers) can take a second piece. A man landing on l after taking the
// piece on l-d can take again only in another direction than back (the
// piece it took is still on the board), and there the squares it meets
// are those of the position: its origin is two steps back.
func goesOn(men uint64, jf *[4]uint64) bool {
	l0, l1 := (men&jf[0])>>12, (men&jf[1])>>10
	l2, l3 := (men&jf[2])<<10, (men&jf[3])<<12
	return l0&(jf[0]|jf[1]|jf[2])|l1&(jf[0]|jf[1]|jf[3])|l2&(jf[0]|jf[2]|jf[3])|l3&(jf[1]|jf[2]|jf[3]) != 0
}

// jumpBack gives the offset from a jump's landing bit back to its origin,
// for each direction of dirs.
var jumpBack = [4]int{12, 10, -10, -12}

// capturesFrom appends the captures taking the most pieces, given the men
// and kings that can capture.
func (p *Pos) capturesFrom(buf []Move, men, kings uint64) []Move {
	if kings == 0 {
		j := jumpers(p.Pieces[p.Side^1], p.empty())
		if !goesOn(men, &j) {
			// Every capture takes one piece: list them in the order
			// of the general generator (by origin, then direction).
			for ; men != 0; men &= men - 1 {
				from := bits.TrailingZeros64(men)
				b := uint64(1) << from
				for d, jd := range j {
					if jd&b != 0 { // jd holds the squares jumping in dirs[d]
						to := from - jumpBack[d]
						buf = append(buf, Move{From: uint8(from), To: uint8(to), Captured: 1 << (from + dirs[d])})
					}
				}
			}
			return buf
		}
	}
	g := capGen{buf: buf, start: len(buf), best: 1, opp: p.Pieces[p.Side^1]}
	g.run(p.empty(), men, kings)
	return g.buf
}

// run walks the captures of men and kings, empty being the position's
// empty squares.
func (g *capGen) run(empty, men, kings uint64) {
	for ; men != 0; men &= men - 1 {
		from := bits.TrailingZeros64(men)
		g.from = uint8(from)
		g.empty = empty | 1<<from
		g.man(from, 0, 0)
	}
	for ; kings != 0; kings &= kings - 1 {
		from := bits.TrailingZeros64(kings)
		g.from = uint8(from)
		g.empty = empty | 1<<from
		g.king(from, 0, 0)
	}
}

// countCaptures returns the number of captures taking the most pieces. A
// capture of one piece is counted without being listed (no two are the
// same); longer ones are listed in buf to drop duplicate paths.
func (p *Pos) countCaptures(buf []Move, men, kings uint64) int {
	g := capGen{buf: buf[:0], best: 1, opp: p.Pieces[p.Side^1], counting: true}
	g.run(p.empty(), men, kings)
	return g.ones + len(g.buf)
}

// man extends a man's capture from bit s, having taken caps (n pieces).
func (g *capGen) man(s int, caps uint64, n int) {
	b := uint64(1) << s
	opp := g.opp &^ caps
	j := jumpers(opp, g.empty)
	if b&(j[0]|j[1]|j[2]|j[3]) == 0 {
		if n > 0 {
			g.record(s, caps, n)
		}
		return
	}
	if b&j[0] != 0 {
		g.man(s-12, caps|b>>6, n+1)
	}
	if b&j[1] != 0 {
		g.man(s-10, caps|b>>5, n+1)
	}
	if b&j[2] != 0 {
		g.man(s+10, caps|b<<5, n+1)
	}
	if b&j[3] != 0 {
		g.man(s+12, caps|b<<6, n+1)
	}
}

// king extends a king's capture from bit s, having taken caps (n pieces).
// The piece just taken stays on the board until the capture ends, so the
// way back is blocked by it without being named. Among the landing squares
// beyond a piece, only those from which the capture goes on can lead to a
// maximum capture when there are any; otherwise each landing square ends a
// capture.
func (g *capGen) king(s int, caps uint64, n int) {
	found := false
	occ := boardMask &^ g.empty
	prey := g.opp &^ caps
	for d := range dirs {
		t, ok := kingTakes(d, s, occ, prey)
		if !ok {
			continue
		}
		found = true
		taken := caps | 1<<t
		land, _ := kingReach(d, t, occ)
		if on := kingCapturers(land, prey&^(1<<t), g.empty); on != 0 {
			for ; on != 0; on &= on - 1 {
				g.king(bits.TrailingZeros64(on), taken, n+1)
			}
			continue
		}
		if n == 0 && g.counting && g.best == 1 {
			g.ones += bits.OnesCount64(land)
			continue
		}
		for ; land != 0; land &= land - 1 {
			g.record(bits.TrailingZeros64(land), taken, n+1)
		}
	}
	if !found && n > 0 {
		g.record(s, caps, n)
	}
}

func (g *capGen) record(to int, caps uint64, n int) {
	if n < g.best {
		return
	}
	if n > g.best {
		g.best = n
		g.buf = g.buf[:g.start]
		g.ones = 0
	}
	if n == 1 && g.counting {
		g.ones++
		return
	}
	m := Move{From: g.from, To: uint8(to), Captured: caps}
	if n > 1 { // only a capture of several pieces can be found by two paths
		for _, o := range g.buf[g.start:] {
			if o == m {
				return
			}
		}
	}
	g.buf = append(g.buf, m)
}

// Count returns the number of legal moves of p, faster than generating them
// when there is no capture or when every capture takes one piece.
func (p *Pos) Count(buf []Move) int {
	us := p.Side & 1
	empty := p.empty()
	own, opp := p.Pieces[us], p.Pieces[us^1]
	men := own &^ p.Kings
	jf := jumpers(opp, empty)
	var kings uint64
	if k := own & p.Kings; k != 0 {
		kings = kingCapturers(k, opp, empty)
	}
	jm := men & (jf[0] | jf[1] | jf[2] | jf[3])
	if jm|kings == 0 {
		return p.countQuiet()
	}
	if kings == 0 && !goesOn(jm, &jf) {
		return popcount(jm&jf[0]) + popcount(jm&jf[1]) + popcount(jm&jf[2]) + popcount(jm&jf[3])
	}
	return p.countCaptures(buf, jm, kings)
}

func popcount(x uint64) int { return bits.OnesCount64(x) }
