package intercept

import (
	"fmt"

	"plateau/game"
)

// cover records one covered piece: the square and the piece. Covered pieces
// are kept in the order they were covered, so the pieces of one square are
// listed bottom to top.
type cover struct {
	sq uint8
	p  piece
}

// maxCovered is the most pieces that can be covered at once: two of each
// of four colours.
const maxCovered = 8

// Reasons a game ended.
const (
	endNone uint8 = iota
	endGoal
	endBlocked
	endStalemate
	endRepetition
	endLimit
)

var endNames = [...]string{"", "goal", "blocked", "stalemate", "repetition", "limit"}

var endReasons = [...]string{"",
	"ball placed on the Arrivée",
	"no legal move",
	"no player can move",
	"threefold repetition",
	"turn limit reached",
}

// State is an Intercept position with the history that the repetition rule
// needs.
type State struct {
	r       *rules
	board   [nsq]piece
	cov     [maxCovered]cover
	ncov    int
	ball    int
	toMove  int // seat to move; meaningless when end != endNone
	ply     int // turns played
	passes  int // consecutive passes just played
	end     uint8
	winners uint8 // bit mask of winning seats
	hist    []uint64
	reps    int // earlier occurrences of the current position in hist
}

func newState(r *rules) *State {
	s := &State{r: r, ball: centre}
	half := 5
	if r.players == 4 {
		half = 3
	}
	for seat := range r.players {
		sd := r.side[seat]
		a := arrivee[sd]
		ax, ay := a%size, a/size
		rt := rightOf[sd]
		for k := -half; k <= half; k++ {
			kind := kindDoubleP
			if k != 0 {
				// Passage on the left (k < 0) at odd distances, repos at even;
				// the right side the reverse, so the row alternates through the double.
				odd := k%2 != 0
				passage := odd == (k < 0)
				if r.setupRight {
					passage = !passage
				}
				kind = kindRepos
				if passage {
					kind = kindPassage
				}
			}
			s.board[sq(ax+k*rt[0], ay+k*rt[1])] = mkPiece(seat, kind)
		}
	}
	s.resetHistory()
	return s
}

func (s *State) resetHistory() {
	s.hist, s.reps = s.hist[:0], 0
	if s.r.repetition && s.end == endNone {
		s.hist = append(s.hist, s.Hash())
	}
}

// Players is 2 or 4.
func (s *State) Players() int { return s.r.players }

// ToMove is the seat to move, or game.Nobody when the game is over.
func (s *State) ToMove() game.Player {
	if s.end != endNone {
		return game.Nobody
	}
	return game.Player(s.toMove)
}

// ChanceMoves returns buf: Intercept has no dice.
func (s *State) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	c.hist = append([]uint64(nil), s.hist...)
	return &c
}

// CopyFrom makes s a deep copy of src reusing s's storage, so that
// searches branch without allocating; it reports false if src is not an
// Intercept state.
func (s *State) CopyFrom(src game.State) bool {
	o, ok := src.(*State)
	if !ok {
		return false
	}
	hist := s.hist
	*s = *o
	s.hist = append(hist[:0], o.hist...)
	return true
}

// Outcome reports the end of the game.
func (s *State) Outcome() game.Outcome {
	switch s.end {
	case endNone:
		return game.Outcome{}
	case endRepetition, endLimit, endStalemate:
		return game.Drawn(s.r.players, endReasons[s.end])
	}
	var w []game.Player
	for seat := range s.r.players {
		if s.winners&(1<<seat) != 0 {
			w = append(w, game.Player(seat))
		}
	}
	return game.Finished(s.r.players, endReasons[s.end], w...)
}

// coveredCount counts the covered pieces of a seat.
func (s *State) coveredCount(seat int) int {
	n := 0
	for _, c := range s.cov[:s.ncov] {
		if c.p.owner() == seat {
			n++
		}
	}
	return n
}

// popCovered removes the topmost covered piece of square t and returns it
// (0 when none).
func (s *State) popCovered(t int) piece {
	for i := s.ncov - 1; i >= 0; i-- {
		if int(s.cov[i].sq) == t {
			p := s.cov[i].p
			copy(s.cov[i:s.ncov], s.cov[i+1:s.ncov])
			s.ncov--
			s.cov[s.ncov] = cover{}
			return p
		}
	}
	return 0
}

// stackAt appends the covered pieces of t, bottom first.
func (s *State) stackAt(t int, buf []piece) []piece {
	for _, c := range s.cov[:s.ncov] {
		if int(c.sq) == t {
			buf = append(buf, c.p)
		}
	}
	return buf
}

// free reports whether a piece may land on t: empty and not the loose ball.
func (s *State) free(t int) bool { return s.board[t] == 0 && t != s.ball }

// jumpable reports whether the piece on t may be jumped by a double
// (byDouble) or another piece: any piece but the ball carrier, and doubles
// only by doubles.
func (s *State) jumpable(t int, byDouble bool) bool {
	p := s.board[t]
	return p != 0 && t != s.ball && (byDouble || !p.isDouble())
}

// canCover reports whether seat may cover the piece on t with a piece
// showing the repos face (asRepos) or the passage face.
func (s *State) canCover(seat, t int, asRepos bool) bool {
	top := s.board[t]
	if top == 0 || t == s.ball || !s.r.opponents(seat, top.owner()) {
		return false
	}
	if asRepos {
		if !s.r.goalMask[seat].has(t) {
			return false
		}
	} else if !s.r.fiveMask[seat].has(t) {
		return false
	}
	return s.coveredCount(top.owner()) < 2
}

// undo is what applyPiece needs to take a piece move back.
type undo struct {
	from, to piece
	cov      [maxCovered]cover
	ncov     int
}

// applyPiece plays the piece part of a move and returns what undoes it.
func (s *State) applyPiece(m move) undo {
	u := undo{from: s.board[m.from], to: s.board[m.to], cov: s.cov, ncov: s.ncov}
	p := s.board[m.from]
	if m.flip {
		p = p.flipped()
	}
	if m.from == m.to {
		s.board[m.from] = p
		return u
	}
	s.board[m.from] = s.popCovered(m.from)
	if t := s.board[m.to]; t != 0 {
		s.cov[s.ncov] = cover{uint8(m.to), t}
		s.ncov++
	}
	s.board[m.to] = p
	return u
}

func (s *State) undoPiece(m move, u undo) {
	s.board[m.from] = u.from
	s.board[m.to] = u.to
	s.cov = u.cov
	s.ncov = u.ncov
}

// Play plays a legal move.
func (s *State) Play(gm game.Move) error {
	if s.end != endNone {
		return fmt.Errorf("intercept: move %#x: %w", uint64(gm), game.ErrGameOver)
	}
	m, err := s.check(gm)
	if err != nil {
		return err
	}
	seat := s.toMove
	if m.pass {
		s.passes++
	} else {
		s.passes = 0
		s.applyPiece(m)
		if m.hasBall {
			s.ball = m.ballTo
			if s.r.goalMask[seat].has(m.ballTo) {
				s.finish(endGoal, s.teamMask(seat))
			}
		}
	}
	s.ply++
	s.toMove = (seat + 1) % s.r.players
	if s.end != endNone {
		return nil
	}
	switch {
	case s.passes >= s.r.players:
		s.finish(endStalemate, 0)
	case s.r.blockedLose && !s.hasPieceMove(s.toMove):
		s.finish(endBlocked, s.opponentMask(s.toMove))
	case s.r.repetition && s.repeated():
		s.finish(endRepetition, 0)
	case s.r.limit > 0 && s.ply >= s.r.limit:
		s.finish(endLimit, 0)
	}
	return nil
}

func (s *State) finish(end uint8, winners uint8) {
	s.end = end
	s.winners = winners
}

// teamMask is the set of seats on seat's side.
func (s *State) teamMask(seat int) uint8 {
	var m uint8
	for o := range s.r.players {
		if !s.r.opponents(seat, o) {
			m |= 1 << o
		}
	}
	return m
}

// opponentMask is the set of seats playing against seat.
func (s *State) opponentMask(seat int) uint8 {
	return uint8(1<<s.r.players-1) &^ s.teamMask(seat)
}

// repeated records the new position, counts its earlier occurrences
// (Repeats) and reports whether it has now occurred three times.
func (s *State) repeated() bool {
	h := s.Hash()
	s.reps = 0
	for _, x := range s.hist {
		if x == h {
			s.reps++
		}
	}
	s.hist = append(s.hist, h)
	return s.reps >= 2
}
