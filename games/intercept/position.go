package intercept

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Position text (one line, five fields separated by spaces):
//
//	<board> <status> <ball> <turns> <passes>
//
// board: the ranks from 13 down to 1 separated by "/"; in each, from file a
// to m, a number counts empty squares and a piece is its owner's side letter
// (S, W, N, E) then p (passage), r (repos), P (double, passage face up) or
// R (double, repos face up). A covered stack is written in parentheses,
// bottom piece first, the active piece last: (NpSp).
// status: the side letter to move, or for a finished game goal:<winners>,
// blocked:<winners>, stalemate, repetition or limit.
// ball: the ball's square. turns: turns played. passes: consecutive passes
// just played.
//
// The repetition history is not part of the text: a parsed position starts
// a new one.

// Position writes the position text.
func (s *State) Position() string {
	var b strings.Builder
	var stack []piece
	for y := size - 1; y >= 0; y-- {
		empty := 0
		for x := range size {
			t := sq(x, y)
			p := s.board[t]
			if p == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			stack = s.stackAt(t, stack[:0])
			if len(stack) > 0 {
				b.WriteByte('(')
				for _, c := range stack {
					s.writePiece(&b, c)
				}
				s.writePiece(&b, p)
				b.WriteByte(')')
			} else {
				s.writePiece(&b, p)
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if y > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(s.status())
	fmt.Fprintf(&b, " %s %d %d", squareName(s.ball), s.ply, s.passes)
	return b.String()
}

func (s *State) writePiece(b *strings.Builder, p piece) {
	b.WriteByte(sideLetters[s.r.side[p.owner()]])
	b.WriteByte("prPR"[p.kind()])
}

func (s *State) status() string {
	switch s.end {
	case endNone:
		return string(sideLetters[s.r.side[s.toMove]])
	case endGoal, endBlocked:
		return endNames[s.end] + ":" + s.sides(s.winners)
	}
	return endNames[s.end]
}

// sides writes a set of seats as side letters in seat order.
func (s *State) sides(mask uint8) string {
	var b []byte
	for seat := range s.r.players {
		if mask&(1<<seat) != 0 {
			b = append(b, sideLetters[s.r.side[seat]])
		}
	}
	return string(b)
}

var errPosition = errors.New("bad intercept position")

func parsePosition(r *rules, text string) (*State, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w %q: %s", errPosition, text, fmt.Sprintf(format, args...))
	}
	f := strings.Fields(text)
	if len(f) != 5 {
		return nil, fail("want 5 fields (board status ball turns passes), got %d", len(f))
	}
	s := &State{r: r}
	err := s.parseBoard(f[0])
	if err == nil {
		err = s.parseStatus(f[1])
	}
	if err == nil {
		err = s.parseBall(f[2])
	}
	if err == nil {
		err = s.parseCounters(f[1], f[3], f[4])
	}
	if err != nil {
		return nil, fail("%v", err)
	}
	s.resetHistory()
	return s, nil
}

// parseBoard places the pieces of board, the ranks from 13 down to 1, and
// checks how many each side has.
func (s *State) parseBoard(board string) error {
	r := s.r
	ranks := strings.Split(board, "/")
	if len(ranks) != size {
		return fmt.Errorf("want %d ranks separated by /, got %d", size, len(ranks))
	}
	var counts [4][3]int
	for i, rank := range ranks {
		if err := s.parseRank(rank, size-1-i, &counts); err != nil {
			return err
		}
	}
	each := 5
	if r.players == 4 {
		each = 3
	}
	for seat := range r.players {
		c := counts[seat]
		if c[0] > each || c[1] > each || c[2] > 1 {
			return fmt.Errorf("%s has %d passage, %d repos and %d double pieces; at most %d, %d and 1",
				sideName(r, seat), c[0], c[1], c[2], each, each)
		}
		if n := s.coveredCount(seat); n > 2 {
			return fmt.Errorf("%s has %d covered pieces; at most 2", sideName(r, seat), n)
		}
	}
	return nil
}

// parseRank places the pieces of rank y, counting them in counts by seat
// and kind (passage, repos, double).
func (s *State) parseRank(rank string, y int, counts *[4][3]int) error {
	x := 0
	for j := 0; j < len(rank); {
		c := rank[j]
		switch {
		case c >= '1' && c <= '9':
			n := int(c - '0')
			j++
			if j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
				n = n*10 + int(rank[j]-'0')
				j++
			}
			x += n
		case c == '(':
			end := strings.IndexByte(rank[j:], ')')
			if end < 0 {
				return fmt.Errorf("rank %d: ( without )", y+1)
			}
			if err := s.parseStack(rank[j+1:j+end], x, y, counts); err != nil {
				return err
			}
			x++
			j += end + 1
		default:
			if j+2 > len(rank) {
				return fmt.Errorf("rank %d: incomplete piece %q", y+1, rank[j:])
			}
			p, err := s.parsePiece(rank[j : j+2])
			if err != nil {
				return fmt.Errorf("rank %d: %v", y+1, err)
			}
			if x >= size {
				return fmt.Errorf("rank %d has more than %d squares", y+1, size)
			}
			counts[p.owner()][min(p.kind(), 2)]++
			s.board[sq(x, y)] = p
			x++
			j += 2
		}
	}
	if x != size {
		return fmt.Errorf("rank %d has %d squares, want %d", y+1, x, size)
	}
	return nil
}

// parseStack places the stack inner, written between parentheses, on the
// square x, y: the covered pieces from the bottom, then the top one.
func (s *State) parseStack(inner string, x, y int, counts *[4][3]int) error {
	if len(inner) < 4 || len(inner)%2 != 0 {
		return fmt.Errorf("rank %d: a stack holds two pieces or more, got %q", y+1, inner)
	}
	if x >= size {
		return fmt.Errorf("rank %d has more than %d squares", y+1, size)
	}
	for k := 0; k < len(inner); k += 2 {
		p, err := s.parsePiece(inner[k : k+2])
		if err != nil {
			return fmt.Errorf("rank %d: %v", y+1, err)
		}
		counts[p.owner()][min(p.kind(), 2)]++
		if k+2 == len(inner) {
			s.board[sq(x, y)] = p
			continue
		}
		if s.ncov == maxCovered {
			return fmt.Errorf("more than %d covered pieces", maxCovered)
		}
		s.cov[s.ncov] = cover{uint8(sq(x, y)), p}
		s.ncov++
	}
	return nil
}

// parseStatus reads the status field: the side to move, or how the game
// ended.
func (s *State) parseStatus(st string) error {
	r := s.r
	name, who, _ := strings.Cut(st, ":")
	switch {
	case len(st) == 1:
		seat := r.seatOf(st[0])
		if seat < 0 {
			return fmt.Errorf("status %q is not a side of this game (%s)", st, s.sides(1<<r.players-1))
		}
		s.toMove = seat
	case name == "goal" || name == "blocked":
		mask, ok := r.seatMask(who)
		if !ok || mask == 0 {
			return fmt.Errorf("status %q: winners %q are not sides of this game", st, who)
		}
		s.end = endGoal
		if name == "blocked" {
			s.end = endBlocked
		}
		s.winners = mask
	case st == "stalemate":
		s.end = endStalemate
	case st == "repetition":
		s.end = endRepetition
	case st == "limit":
		s.end = endLimit
	default:
		return fmt.Errorf("status %q is not a side letter, goal:…, blocked:…, stalemate, repetition or limit", st)
	}
	return nil
}

// parseBall reads the ball's square, which must be a repos or a square
// the ball may lie loose on.
func (s *State) parseBall(text string) error {
	ball, n, ok := parseSquare(text)
	if !ok || n != len(text) {
		return fmt.Errorf("ball square %q is not a square a1..m13", text)
	}
	s.ball = ball
	if c := s.board[ball]; c == 0 {
		if ball != centre && !(s.end == endGoal && s.r.isGoalSquare(ball)) {
			return fmt.Errorf("the ball on the empty square %s: it lies loose only on the central square g7 or on a reached Arrivée", text)
		}
	} else if !c.actsAsRepos() {
		return fmt.Errorf("the ball on %s rests on a passage piece; it only lands on repos", text)
	}
	return nil
}

// parseCounters reads the turns and passes fields, and checks that a
// game whose status st says it runs is not over by them.
func (s *State) parseCounters(st, turns, passesText string) error {
	r := s.r
	ply, err := strconv.Atoi(turns)
	if err != nil || ply < 0 || ply > 1<<30 {
		return fmt.Errorf("turns %q is not a whole number >= 0", turns)
	}
	s.ply = ply
	passes, err := strconv.Atoi(passesText)
	if err != nil || passes < 0 || passes > r.players {
		return fmt.Errorf("passes %q is not a whole number from 0 to %d", passesText, r.players)
	}
	s.passes = passes
	if s.end != endNone {
		return nil
	}
	switch {
	case passes >= r.players:
		return fmt.Errorf("%d passes in a row end the game", passes)
	case r.limit > 0 && ply >= r.limit:
		return fmt.Errorf("%d turns reach the limit of %d: the game is over", ply, r.limit)
	case r.blockedLose && !s.hasPieceMove(s.toMove):
		return fmt.Errorf("%s to move cannot move a piece: with blocked=lose the game is over, its status is blocked:%s", st, s.sides(s.opponentMask(s.toMove)))
	}
	return nil
}

func (s *State) parsePiece(t string) (piece, error) {
	seat := s.r.seatOf(t[0])
	if seat < 0 {
		return 0, fmt.Errorf("%q: %q is not a side of this game", t, t[0])
	}
	k := strings.IndexByte("prPR", t[1])
	if k < 0 {
		return 0, fmt.Errorf("%q: %q is not p, r, P or R", t, t[1])
	}
	return mkPiece(seat, k), nil
}

// seatOf returns the seat playing the side letter c, or -1.
func (r *rules) seatOf(c byte) int {
	i := strings.IndexByte(sideLetters, c)
	if i < 0 {
		return -1
	}
	return r.seatOfSide[i]
}

// seatMask reads side letters into a set of seats.
func (r *rules) seatMask(t string) (uint8, bool) {
	var m uint8
	for i := range len(t) {
		seat := r.seatOf(t[i])
		if seat < 0 {
			return 0, false
		}
		m |= 1 << seat
	}
	return m, true
}

// isGoalSquare reports whether t is some seat's goal.
func (r *rules) isGoalSquare(t int) bool { return r.isGoalOf[t] != 0 }
