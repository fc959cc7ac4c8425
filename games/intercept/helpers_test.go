package intercept

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

// build makes a position for set (nil: the defaults): the side letter to
// move, the ball's square and pieces written "e5=Sp" or, for a covered
// stack, "g13=Np+Sr" (bottom first). It goes through the position text, so
// that every test position is also a parsed one.
func build(t *testing.T, set map[string]string, toMove, ball string, pieces ...string) *State {
	t.Helper()
	cfg, err := game.NewConfig(Game{}, set)
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRules(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := &State{r: r}
	for _, p := range pieces {
		at, stack, ok := strings.Cut(p, "=")
		if !ok {
			t.Fatalf("piece %q: want square=pieces", p)
		}
		t0, n, ok := parseSquare(at)
		if !ok || n != len(at) {
			t.Fatalf("piece %q: bad square", p)
		}
		parts := strings.Split(stack, "+")
		for i, part := range parts {
			pc, err := s.parsePiece(part)
			if err != nil || len(part) != 2 {
				t.Fatalf("piece %q: %v", p, err)
			}
			if i < len(parts)-1 {
				s.cov[s.ncov] = cover{uint8(t0), pc}
				s.ncov++
			} else {
				s.board[t0] = pc
			}
		}
	}
	b, _, _ := parseSquare(ball)
	s.ball = b
	s.toMove = r.seatOf(toMove[0])
	st, err := Game{}.ParsePosition(cfg, s.Position())
	if err != nil {
		t.Fatalf("test position: %v", err)
	}
	return st.(*State)
}

// listed returns the notations of the legal moves.
func listed(s *State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// legal checks that text parses, plays on a clone, and is listed.
func legal(t *testing.T, s *State, text string) *State {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatalf("%s should be legal in %s: %v", text, s.Position(), err)
	}
	if !slices.Contains(s.Moves(nil), m) {
		t.Fatalf("%s parses but is not listed in %s", text, s.Position())
	}
	c := s.Clone().(*State)
	if err := c.Play(m); err != nil {
		t.Fatalf("Play(%s): %v", text, err)
	}
	return c
}

// illegal checks that text is refused and no listed move is written so.
func illegal(t *testing.T, s *State, text string) {
	t.Helper()
	if m, err := s.ParseMove(text); err == nil {
		t.Fatalf("%s (%s) should be illegal in %s", text, s.FormatMove(m), s.Position())
	} else if !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("%s: error %v does not wrap ErrIllegal", text, err)
	}
	if slices.Contains(listed(s), text) {
		t.Fatalf("%s is listed in %s", text, s.Position())
	}
}

// targetsOf lists the squares the piece on from can reach (piece moves only,
// without flips or ball), sorted.
func targetsOf(s *State, from string) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		mv, _ := unpack(m)
		if squareName(mv.from) == from && !mv.hasBall && !mv.flip && mv.to != mv.from {
			out = append(out, squareName(mv.to))
		}
	}
	slices.Sort(out)
	return out
}

func sorted(xs ...string) []string { slices.Sort(xs); return xs }
