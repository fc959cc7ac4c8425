package intercept

import "plateau/game"

// Accessors for evaluation functions and move ordering (package
// ai/intercept). They expose the position read-only; squares are numbered
// y*Size+x, x the file (a = 0) and y the rank (1 = 0).

// Size is the board's width and height; Squares = Size*Size.
const (
	Size    = size
	Squares = nsq
)

// Piece faces as PieceAt reports them.
const (
	FacePassage = 1 // a passage piece, or a double showing its passage face
	FaceRepos   = 2 // a repos piece, or a double showing its repos face
)

// PieceAt returns the owner seat (-1 for an empty square) and face of the
// active (top) piece on square t, and whether it is a double.
func (s *State) PieceAt(t int) (owner, face int, double bool) {
	p := s.board[t]
	if p == 0 {
		return -1, 0, false
	}
	face = FacePassage
	if p.actsAsRepos() {
		face = FaceRepos
	}
	return p.owner(), face, p.isDouble()
}

// Covered reports how many pieces lie covered under the piece on t.
func (s *State) Covered(t int) int {
	n := 0
	for _, c := range s.cov[:s.ncov] {
		if int(c.sq) == t {
			n++
		}
	}
	return n
}

// CoveredOf counts the covered pieces of a seat (at most two may be).
func (s *State) CoveredOf(seat int) int { return s.coveredCount(seat) }

// Ball returns the ball's square.
func (s *State) Ball() int { return s.ball }

// Turns is the number of turns played.
func (s *State) Turns() int { return s.ply }

// Opponents reports whether two seats play against each other.
func (s *State) Opponents(a, b int) bool { return s.r.opponents(a, b) }

// Goals returns the goal Arrivées of a seat (one with 2 players). The slice
// is shared: do not change it.
func (s *State) Goals(seat int) []int { return s.r.goals[seat] }

// IsFive reports whether t is one of the squares 1-5 around a goal of seat.
func (s *State) IsFive(seat, t int) bool { return s.r.fiveMask[seat].has(t) }

// Home returns the Arrivée of a seat: the middle square of its starting row.
func (s *State) Home(seat int) int { return arrivee[s.r.side[seat]] }

// BallReach returns, as a set of squares (bit t%64 of word t/64), where
// seat could put the ball now with its pieces as they stand, without
// moving a piece first (so never by interception).
func (s *State) BallReach(seat int) [3]uint64 { return [3]uint64(s.ballReach(seat, -1, nil)) }

// MoveSquares decodes a move of Intercept: the piece's from and to squares
// (equal for a double turned over in place) and the ball's landing square
// (-1 without a ball passage). A pass, or a value that is not a move, gives
// from = -1.
func MoveSquares(m game.Move) (from, to, ballTo int) {
	mv, ok := unpack(m)
	if !ok || mv.pass {
		return -1, -1, -1
	}
	ballTo = -1
	if mv.hasBall {
		ballTo = mv.ballTo
	}
	return mv.from, mv.to, ballTo
}
