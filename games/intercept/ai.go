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

// CoveredOf counts the covered pieces of a seat (at most two may be).
func (s *State) CoveredOf(seat int) int { return s.coveredCount(seat) }

// Ball returns the ball's square.
func (s *State) Ball() int { return s.ball }

// Opponents reports whether two seats play against each other.
func (s *State) Opponents(a, b int) bool { return s.r.opponents(a, b) }

var _ game.Rivals = (*State)(nil)

// Rival returns the seat p faces (game.Rivals): the one whose Arrivée is
// p's only goal, when p's Arrivée is that seat's only goal too. With 2
// players each seat is the other's rival; with 4 solo (goal=opposite) the
// seat across the board is; in teams, or with goal=any, a seat aims at two
// or three Arrivées and has none.
func (s *State) Rival(p game.Player) (game.Player, bool) {
	seat := int(p)
	if seat < 0 || seat >= s.r.players || len(s.r.goals[seat]) != 1 {
		return 0, false
	}
	for o := range s.r.players {
		if g := s.r.goals[o]; arrivee[s.r.side[o]] == s.r.goals[seat][0] && len(g) == 1 && g[0] == arrivee[s.r.side[seat]] {
			return game.Player(o), true
		}
	}
	return 0, false
}

// Goals returns the goal Arrivées of a seat (one with 2 players). The slice
// is shared: do not change it.
func (s *State) Goals(seat int) []int { return s.r.goals[seat] }

// IsFive reports whether t is one of the squares 1-5 around a goal of seat.
func (s *State) IsFive(seat, t int) bool { return s.r.fiveMask[seat].has(t) }

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

// Turns is the number of turns played, the position text's turns field.
func (s *State) Turns() int { return s.ply }

// Repeats counts the earlier occurrences of the current position (pieces,
// stacks, ball and player to move) in the game's repetition history: 0
// for a new position, 2 never while the game goes on (the third occurrence
// ends it). It is 0 with repetition=off, which keeps no history, and for
// a finished game.
func (s *State) Repeats() int {
	if s.end != endNone {
		return 0
	}
	return s.reps
}
