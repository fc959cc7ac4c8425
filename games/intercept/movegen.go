package intercept

import (
	"fmt"

	"plateau/game"
)

// move is a decoded game.Move. Packing (low bits first): from 8 bits, to 8
// bits, flip 1 bit, ball 1 bit, ball destination 8 bits, pass 1 bit. A move
// is its effect: a piece from one square to another (the same square for a
// flip in place), the double's face, and where the ball ends; the path the
// ball takes and whether the piece slid or jumped do not change the
// position, so moves that differ only there are one move.
type move struct {
	from, to int
	flip     bool
	hasBall  bool
	ballTo   int
	pass     bool
}

const (
	bitFlip  = 1 << 16
	bitBall  = 1 << 17
	bitPass  = 1 << 26
	moveMask = 1<<27 - 1
)

func (m move) pack() game.Move {
	if m.pass {
		return bitPass
	}
	v := uint64(m.from) | uint64(m.to)<<8
	if m.flip {
		v |= bitFlip
	}
	if m.hasBall {
		v |= bitBall | uint64(m.ballTo)<<18
	}
	return game.Move(v)
}

// unpack decodes gm and reports whether it is well formed (it may still be
// illegal).
func unpack(gm game.Move) (move, bool) {
	v := uint64(gm)
	if v&^moveMask != 0 {
		return move{}, false
	}
	if v&bitPass != 0 {
		return move{pass: true}, v == bitPass
	}
	m := move{from: int(v & 255), to: int(v >> 8 & 255), flip: v&bitFlip != 0, hasBall: v&bitBall != 0, ballTo: int(v >> 18 & 255)}
	if m.from >= nsq || m.to >= nsq || m.ballTo >= nsq || (!m.hasBall && m.ballTo != 0) {
		return move{}, false
	}
	return m, true
}

// targets holds where one piece can go: empty squares (plain) and squares
// where it would cover an opponent (cover).
type targets struct {
	plain, cover bitset
}

// movable reports whether the piece on from belongs to seat and may move.
func (s *State) movable(seat, from int) bool {
	p := s.board[from]
	return p != 0 && p.owner() == seat && from != s.ball
}

// pieceTargets computes the destinations of the piece on from, which must
// be movable. The piece is lifted off the board meanwhile, so that a piece
// it covered is seen and its own square may be crossed.
func (s *State) pieceTargets(seat, from int) targets {
	var t targets
	p := s.board[from]
	saved, savedCov, savedN := p, s.cov, s.ncov
	s.board[from] = s.popCovered(from)
	pc := moving{seat: seat, from: from, double: p.isDouble(), asRepos: p.actsAsRepos()}
	s.slideTargets(&t, pc)
	s.jumpTargets(&t, pc)
	t.plain.clear(from)
	t.cover.clear(from)
	s.board[from], s.cov, s.ncov = saved, savedCov, savedN
	return t
}

// moving is the piece pieceTargets moves: its seat and square, whether it
// is a double, and whether it lands as a repos.
type moving struct {
	seat, from      int
	double, asRepos bool
}

// land adds l to t, a plain target when free, else a cover target when
// the piece may cover what stands there; it reports whether l was free.
func (s *State) land(t *targets, pc moving, l int) bool {
	if s.free(l) {
		t.plain.set(l)
		return true
	}
	if pc.double {
		if s.canCover(pc.seat, l, true) || s.canCover(pc.seat, l, false) {
			t.cover.set(l)
		}
	} else if s.canCover(pc.seat, l, pc.asRepos) {
		t.cover.set(l)
	}
	return false
}

// slideTargets adds the piece's slides: one step, and a double's long
// slides.
func (s *State) slideTargets(t *targets, pc moving) {
	if pc.double {
		for _, d := range s.r.longSlideDirs[pc.seat] {
			for l := int(step[pc.from][d]); l != noSq; l = int(step[l][d]) {
				if !s.land(t, pc, l) {
					break
				}
			}
		}
	}
	for _, d := range s.r.slideDirs[pc.seat] {
		if l := int(step[pc.from][d]); l != noSq {
			s.land(t, pc, l)
		}
	}
}

// jumpTargets adds the piece's jumps, single or multiple: a search over
// the free squares it reaches jumping.
func (s *State) jumpTargets(t *targets, pc moving) {
	var long [8]bool
	if pc.double {
		for _, d := range s.r.slideDirs[pc.seat] {
			long[d] = true
		}
	}
	var seen bitset
	var queue [nsq]uint8
	seen.set(pc.from)
	queue[0] = uint8(pc.from)
	for qh, qt := 0, 1; qh < qt; qh++ {
		c := int(queue[qh])
		for d := range 8 {
			over := int(step[c][d])
			if over == noSq {
				continue
			}
			if long[d] {
				for over != noSq && s.free(over) {
					over = int(step[over][d])
				}
				if over == noSq {
					continue
				}
			}
			if !s.jumpable(over, pc.double) {
				continue
			}
			l := int(step[over][d])
			if l == noSq || seen.has(l) {
				continue
			}
			if s.free(l) {
				seen.set(l)
				t.plain.set(l)
				queue[qt] = uint8(l)
				qt++
			} else {
				s.land(t, pc, l)
			}
		}
	}
}

// coverFace returns whether a double covering on t must show its repos face.
func (s *State) coverAsRepos(seat, t int) bool { return s.r.goalMask[seat].has(t) }

// hopOK reports whether the ball, for seat, may pass from b over the piece
// on over to land on l. first says it is the ball's first hop this turn and
// moved is the square of the piece moved this turn. It returns whether the
// landing ends the game (the goal).
func (s *State) hopOK(seat, moved, b, over, l int, first bool) (ok, goal bool) {
	po := s.board[over]
	if po == 0 || !po.actsAsPassage() || s.r.opponents(seat, po.owner()) {
		return false, false
	}
	pl := s.board[l]
	switch {
	case pl == 0:
		if !s.r.goalMask[seat].has(l) {
			return false, false
		}
		goal = true
	case pl.actsAsRepos() && !s.r.opponents(seat, pl.owner()):
		goal = s.r.goalMask[seat].has(l)
	default:
		return false, false
	}
	if first && moved != over && moved != l {
		if s.r.interceptEvery {
			return false, false
		}
		if c := s.board[b]; c != 0 && s.r.opponents(seat, c.owner()) {
			return false, false
		}
	}
	return true, goal
}

// ballReach computes the squares the ball can end on for seat after the
// piece move that left a piece on moved. parent, if not nil, receives each
// reached square's previous square on one shortest path.
func (s *State) ballReach(seat, moved int, parent *[nsq]uint8) bitset {
	var reach, seen bitset
	b := s.ball
	// Every landing but the last is a repos of the player's side: at most
	// 2 x 6 pieces, so the queue is short.
	var queue [16]uint8
	seen.set(b)
	queue[0] = uint8(b)
	for qh, qt := 0, 1; qh < qt; qh++ {
		c := int(queue[qh])
		for d := range 8 {
			over := int(step[c][d])
			if over == noSq {
				continue
			}
			l := int(step[over][d])
			if l == noSq || seen.has(l) {
				continue
			}
			ok, goal := s.hopOK(seat, moved, b, over, l, c == b)
			if !ok {
				continue
			}
			seen.set(l)
			reach.set(l)
			if parent != nil {
				parent[l] = uint8(c)
			}
			if !goal {
				queue[qt] = uint8(l)
				qt++
			}
		}
	}
	return reach
}

// Moves appends the legal moves.
func (s *State) Moves(buf []game.Move) []game.Move {
	if s.end != endNone {
		return buf
	}
	n := len(buf)
	seat := s.toMove
	for from := range nsq {
		if s.movable(seat, from) {
			buf = s.appendPieceMoves(buf, seat, from)
		}
	}
	if len(buf) == n {
		buf = append(buf, bitPass)
	}
	return buf
}

func (s *State) appendPieceMoves(buf []game.Move, seat, from int) []game.Move {
	t := s.pieceTargets(seat, from)
	p := s.board[from]
	if p.isDouble() {
		buf = s.appendWithBall(buf, seat, move{from: from, to: from, flip: true})
	}
	for to := t.plain.next(0); to >= 0; to = t.plain.next(to + 1) {
		buf = s.appendWithBall(buf, seat, move{from: from, to: to})
		if p.isDouble() {
			buf = s.appendWithBall(buf, seat, move{from: from, to: to, flip: true})
		}
	}
	for to := t.cover.next(0); to >= 0; to = t.cover.next(to + 1) {
		flip := p.isDouble() && p.actsAsRepos() != s.coverAsRepos(seat, to)
		m := move{from: from, to: to, flip: flip}
		if s.r.coverArriving {
			buf = s.appendWinning(buf, seat, m)
		} else {
			buf = s.appendWithBall(buf, seat, m)
		}
	}
	return buf
}

// appendWithBall appends the piece move m and m followed by each ball
// passage it allows.
func (s *State) appendWithBall(buf []game.Move, seat int, m move) []game.Move {
	buf = append(buf, m.pack())
	u := s.applyPiece(m)
	reach := s.ballReach(seat, m.to, nil)
	s.undoPiece(m, u)
	for b := reach.next(0); b >= 0; b = reach.next(b + 1) {
		m.hasBall, m.ballTo = true, b
		buf = append(buf, m.pack())
	}
	return buf
}

// winningReach returns the goal squares the ball reaches after the piece
// move m.
func (s *State) winningReach(seat int, m move) bitset {
	u := s.applyPiece(m)
	reach := s.ballReach(seat, m.to, nil)
	s.undoPiece(m, u)
	g := s.r.goalMask[seat]
	return bitset{reach[0] & g[0], reach[1] & g[1], reach[2] & g[2]}
}

// appendWinning appends the covering move m followed by each winning ball
// passage (cover=arriving).
func (s *State) appendWinning(buf []game.Move, seat int, m move) []game.Move {
	reach := s.winningReach(seat, m)
	for b := reach.next(0); b >= 0; b = reach.next(b + 1) {
		m.hasBall, m.ballTo = true, b
		buf = append(buf, m.pack())
	}
	return buf
}

// hasPieceMove reports whether seat can move a piece.
func (s *State) hasPieceMove(seat int) bool {
	for from := range nsq {
		if !s.movable(seat, from) {
			continue
		}
		if s.board[from].isDouble() {
			return true
		}
		t := s.pieceTargets(seat, from)
		if !t.plain.empty() {
			return true
		}
		for to := t.cover.next(0); to >= 0; to = t.cover.next(to + 1) {
			if !s.r.coverArriving {
				return true
			}
			if w := s.winningReach(seat, move{from: from, to: to}); !w.empty() {
				return true
			}
		}
	}
	return false
}

// check decodes gm and verifies that it is legal now.
func (s *State) check(gm game.Move) (move, error) {
	m, ok := unpack(gm)
	if !ok {
		return m, fmt.Errorf("intercept: %#x is not an Intercept move: %w", uint64(gm), game.ErrIllegal)
	}
	seat := s.toMove
	if m.pass {
		if s.hasPieceMove(seat) {
			return m, fmt.Errorf("intercept: %s cannot pass while a piece can move: %w", sideName(s.r, seat), game.ErrIllegal)
		}
		return m, nil
	}
	if err := s.checkPiece(seat, m); err != nil {
		return m, err
	}
	if m.hasBall {
		u := s.applyPiece(m)
		reach := s.ballReach(seat, m.to, nil)
		s.undoPiece(m, u)
		if !reach.has(m.ballTo) {
			return m, fmt.Errorf("intercept: %s after %s: the ball cannot reach %s: %w",
				sideName(s.r, seat), s.formatPiece(m), squareName(m.ballTo), game.ErrIllegal)
		}
	}
	return m, nil
}

// checkPiece verifies the piece part of m.
func (s *State) checkPiece(seat int, m move) error {
	fail := func(why string) error {
		return fmt.Errorf("intercept: %s %s-%s: %s: %w", sideName(s.r, seat), squareName(m.from), squareName(m.to), why, game.ErrIllegal)
	}
	p := s.board[m.from]
	switch {
	case p == 0:
		return fail("no piece on " + squareName(m.from))
	case p.owner() != seat:
		return fail("the piece on " + squareName(m.from) + " is not yours")
	case m.from == s.ball:
		return fail("the piece carrying the ball cannot move")
	case m.flip && !p.isDouble():
		return fail("only a double piece can be turned over")
	case m.from == m.to:
		if !m.flip {
			return fail("a piece must move or be turned over")
		}
		return nil
	}
	t := s.pieceTargets(seat, m.from)
	switch {
	case t.plain.has(m.to):
		return nil
	case t.cover.has(m.to):
		if p.isDouble() && m.flip != (p.actsAsRepos() != s.coverAsRepos(seat, m.to)) {
			return fail("a double covers on the Arrivée with its repos face and on squares 1-5 with its passage face")
		}
		if s.r.coverArriving && !(m.hasBall && s.r.goalMask[seat].has(m.ballTo)) {
			return fail("with cover=arriving a piece is covered only in a turn whose ball passage wins")
		}
		return nil
	}
	return fail("the piece cannot slide or jump there")
}

func sideName(r *rules, seat int) string {
	if seat < 0 || seat >= r.players {
		return "?"
	}
	return string(sideLetters[r.side[seat]])
}
