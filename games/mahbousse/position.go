package mahbousse

import (
	"fmt"
	"strconv"
	"strings"
)

// Position writes the one-line position text:
//
//	<24 points> off=<x>-<o> <turn>[ score=<x>-<o>]
//
// The points are comma-separated from point 1 to point 24 in x's
// numbering: "." for an empty point, else the owner of the top stack ("x"
// or "o") and its size, with "*" when a checker of the other player lies
// pinned under it ("x1*"). turn is "opening" (the opening roll is due),
// "x:roll" or "o:roll" (that player rolls), "x:6-3" (x plays 6-3, larger
// die first) or "over". score, the match score, is there when match > 1.
func (s *State) Position() string {
	var sb strings.Builder
	for i, v := range s.b.pt {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(cell(v, s.b.pin[i]))
	}
	fmt.Fprintf(&sb, " off=%d-%d ", s.b.off[0], s.b.off[1])
	switch s.phase {
	case phOpening:
		sb.WriteString("opening")
	case phRoll:
		sb.WriteString(playerName(s.turn) + ":roll")
	case phMove:
		fmt.Fprintf(&sb, "%s:%d-%d", playerName(s.turn), s.dice[0], s.dice[1])
	default:
		sb.WriteString("over")
	}
	if s.r.Match > 1 {
		fmt.Fprintf(&sb, " score=%d-%d", s.score[0], s.score[1])
	}
	return sb.String()
}

func cell(v int8, pin bool) string {
	if v == 0 {
		return "."
	}
	t := "x" + strconv.Itoa(int(v))
	if v < 0 {
		t = "o" + strconv.Itoa(int(-v))
	}
	if pin {
		t += "*"
	}
	return t
}

// Parse reads a position text (see State.Position) under rules r.
func Parse(r Rules, text string) (*State, error) {
	s, err := parse(r, text)
	if err != nil {
		return nil, fmt.Errorf("mahbousse position %q: %w", text, err)
	}
	return s, nil
}

func parse(r Rules, text string) (*State, error) {
	f := strings.Fields(text)
	want := 3
	if r.Match > 1 {
		want = 4
	}
	if len(f) != want {
		if r.Match > 1 {
			return nil, fmt.Errorf("want 4 fields (points, off=, turn, score=) for match=%d, got %d", r.Match, len(f))
		}
		return nil, fmt.Errorf("want 3 fields (points, off=, turn), got %d", len(f))
	}
	s := &State{r: r}
	if err := s.parsePoints(f[0]); err != nil {
		return nil, err
	}
	offs, ok := strings.CutPrefix(f[1], "off=")
	if !ok {
		return nil, fmt.Errorf("second field %q is not off=<x>-<o>", f[1])
	}
	a, b, err := pair(offs, 0, checkers)
	if err != nil {
		return nil, fmt.Errorf("off %q: %w", offs, err)
	}
	s.b.off = [2]int8{int8(a), int8(b)}
	s.b.rehash()
	for p := int8(0); p < 2; p++ {
		if n := s.b.count(p); n != checkers {
			return nil, fmt.Errorf("%s has %d checkers (board and off), want %d", playerName(p), n, checkers)
		}
	}
	if err := s.parseTurn(f[2]); err != nil {
		return nil, err
	}
	if r.Match > 1 {
		if err := s.parseScore(f[3]); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *State) parsePoints(text string) error {
	cells := strings.Split(text, ",")
	if len(cells) != 24 {
		return fmt.Errorf("points %q: want 24 comma-separated points, got %d", text, len(cells))
	}
	for i, c := range cells {
		if c == "." {
			continue
		}
		pin := strings.HasSuffix(c, "*")
		body := strings.TrimSuffix(c, "*")
		if len(body) < 2 || (body[0] != 'x' && body[0] != 'o') {
			return fmt.Errorf("point %d: %q is not \".\", x<count> or o<count> (with * when pinning)", i+1, c)
		}
		n, err := strconv.Atoi(body[1:])
		if err != nil || n < 1 || n > checkers || body[1] == '+' || body[1] == '0' {
			return fmt.Errorf("point %d: count %q is not a number from 1 to %d", i+1, body[1:], checkers)
		}
		if body[0] == 'o' {
			n = -n
		}
		s.b.pt[i], s.b.pin[i] = int8(n), pin
	}
	return nil
}

// pair reads "<a>-<b>" with both numbers from lo to hi.
func pair(text string, lo, hi int) (int, int, error) {
	as, bs, ok := strings.Cut(text, "-")
	if !ok {
		return 0, 0, fmt.Errorf("want two numbers joined by -")
	}
	a, err1 := strconv.Atoi(as)
	b, err2 := strconv.Atoi(bs)
	if err1 != nil || err2 != nil || a < lo || a > hi || b < lo || b > hi ||
		strconv.Itoa(a) != as || strconv.Itoa(b) != bs {
		return 0, 0, fmt.Errorf("want two numbers from %d to %d joined by -", lo, hi)
	}
	return a, b, nil
}

func (s *State) parseTurn(text string) error {
	end, _ := s.gameEnd()
	switch text {
	case "opening":
		s.phase = phOpening
	case "over":
		if end < 0 {
			return fmt.Errorf("turn %q: the game is not over (nobody has borne off all %d checkers, no deadlock)", text, checkers)
		}
		if end == drawn && s.r.Match > 1 {
			return fmt.Errorf("turn %q: a drawn game is replayed in a match", text)
		}
		s.phase, s.turn = phOver, end
		return nil
	default:
		who, what, ok := strings.Cut(text, ":")
		if !ok || (who != "x" && who != "o") {
			return fmt.Errorf("turn %q is not opening, x:roll, o:roll, x:<a>-<b>, o:<a>-<b> or over", text)
		}
		s.turn = int8(strings.IndexByte("xo", who[0]))
		if what == "roll" {
			s.phase = phRoll
			break
		}
		a, b, err := pair(what, 1, 6)
		if err != nil {
			return fmt.Errorf("turn %q: dice %q: %w", text, what, err)
		}
		s.phase, s.dice = phMove, [2]int8{int8(max(a, b)), int8(min(a, b))}
	}
	if end >= 0 {
		return fmt.Errorf("turn %q: the game is over (a player has borne off every checker, a mother checker is pinned or nobody can move): write over", text)
	}
	return nil
}

func (s *State) parseScore(text string) error {
	sc, ok := strings.CutPrefix(text, "score=")
	if !ok {
		return fmt.Errorf("fourth field %q is not score=<x>-<o>", text)
	}
	a, b, err := pair(sc, 0, s.r.Match+1)
	if err != nil {
		return fmt.Errorf("score %q: %w", sc, err)
	}
	s.score = [2]int8{int8(a), int8(b)}
	for p := int8(0); p < 2; p++ {
		won := s.phase == phOver && s.turn == p
		if won != (int(s.score[p]) >= s.r.Match) {
			if won {
				return fmt.Errorf("score %q: the winner %s has fewer than %d points", sc, playerName(p), s.r.Match)
			}
			return fmt.Errorf("score %q: %s already has %d points, the match should be over", sc, playerName(p), s.r.Match)
		}
	}
	return nil
}
