package benedictine

import (
	"fmt"
	"math/bits"
	"strings"
)

// Position writes the position as one line: the ranks from 7 down to 1
// separated by '/', each as seven characters from file a to g (G a green
// bottle, A an amber bottle, O the ball, . an empty square), a space and
// the player to move (g or a). A finished game adds " try=SQ" when the
// ball crossed at try square SQ (the player to move is then the loser),
// or " draw" after a threefold repetition. A game ended because the player
// to move has no legal move needs no mark: the board shows it.
func (s *State) Position() string {
	var b strings.Builder
	for r := size - 1; r >= 0; r-- {
		for f := range size {
			b.WriteByte(s.squareChar(r*size + f))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte("ga"[s.turn])
	switch {
	case isTry(int(s.ball)):
		b.WriteString(" try=" + squareName(int(s.ball)))
	case s.drawn:
		b.WriteString(" draw")
	}
	return b.String()
}

func (s *State) squareChar(sq int) byte {
	switch {
	case s.bottles[green]&(1<<sq) != 0:
		return 'G'
	case s.bottles[amber]&(1<<sq) != 0:
		return 'A'
	case int(s.ball) == sq:
		return 'O'
	}
	return '.'
}

// parsePosition reads what Position writes. The repetition history of the
// parsed state starts at that position.
func parsePosition(text string) (*State, error) {
	fail := func(format string, args ...any) (*State, error) {
		return nil, fmt.Errorf("benedictine: position %q: %s", text, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(text)
	if len(fields) < 2 || len(fields) > 3 {
		return fail("want the board, the player to move (g or a) and optionally try=SQ or draw")
	}
	s := &State{ball: noSquare}
	balls, err := s.parseBoard(fields[0])
	if err != nil {
		return fail("%v", err)
	}
	for p, b := range s.bottles {
		if n := bits.OnesCount64(b); n < 1 || n > 5 {
			return fail("%s has %d bottles, want 1 to 5", colourName[p], n)
		}
	}
	switch fields[1] {
	case "g":
		s.turn = green
	case "a":
		s.turn = amber
	default:
		return fail("the player to move is %q, want g or a", fields[1])
	}
	end := ""
	if len(fields) == 3 {
		end = fields[2]
	}
	if err := s.parseEnd(end, balls); err != nil {
		return fail("%v", err)
	}
	return s, nil
}

// parseBoard places the bottles and the ball of board, the ranks from 7
// down to 1, and returns how many balls it has.
func (s *State) parseBoard(board string) (balls int, err error) {
	ranks := strings.Split(board, "/")
	if len(ranks) != size {
		return 0, fmt.Errorf("the board has %d ranks separated by '/', want 7", len(ranks))
	}
	for i, row := range ranks {
		r := size - 1 - i
		if len(row) != size {
			return 0, fmt.Errorf("rank %d is %q: want 7 characters from G, A, O and . (empty)", r+1, row)
		}
		for f := range size {
			sq := r*size + f
			c := row[f]
			switch c {
			case '.':
			case 'G', 'A':
				if isBall(sq) {
					return 0, fmt.Errorf("a bottle on %s, a ball square", squareName(sq))
				}
				s.bottles[strings.IndexByte("GA", c)] |= 1 << sq
			case 'O':
				if !isBall(sq) {
					return 0, fmt.Errorf("the ball on %s, which is not a ball square (b2, b4, b6, d2, d4, d6, f2, f4, f6)", squareName(sq))
				}
				s.ball = int8(sq)
				balls++
			default:
				return 0, fmt.Errorf("%q on %s is not G, A, O or . (empty)", c, squareName(sq))
			}
		}
	}
	return balls, nil
}

// parseEnd reads the position's last field, end: "try=SQ" (a try was
// scored there), "draw" or nothing; balls is how many the board has.
func (s *State) parseEnd(end string, balls int) error {
	switch {
	case strings.HasPrefix(end, "try="):
		sq, err := parseSquare(end[len("try="):])
		if err != nil || !isTry(sq) {
			return fmt.Errorf("%q: want try= and a try square (a8-g8 for green, a0-g0 for amber)", end)
		}
		if tryOwner(sq) == int(s.turn) {
			return fmt.Errorf("%s scored at %s, so %s cannot be to move", colourName[tryOwner(sq)], squareName(sq), colourName[s.turn])
		}
		if balls != 0 {
			return fmt.Errorf("the ball is on the board although a try was scored at %s", squareName(sq))
		}
		s.ball = int8(sq)
		return nil
	case end == "draw":
		s.drawn = true
	case end != "":
		return fmt.Errorf("%q: want try=SQ or draw", end)
	}
	if balls != 1 {
		return fmt.Errorf("%d balls on the board, want 1", balls)
	}
	return nil
}
