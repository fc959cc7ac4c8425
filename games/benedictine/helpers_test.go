package benedictine

import (
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

// build returns the position with green's and amber's bottles on the listed
// squares (space-separated), the ball on ball and turn ('g' or 'a') to move.
func build(t testing.TB, turn byte, greens, ambers, ball string, settings ...string) *State {
	t.Helper()
	var grid [numSquares]byte
	for i := range grid {
		grid[i] = '.'
	}
	put := func(list string, c byte) {
		for _, name := range strings.Fields(list) {
			sq, err := parseSquare(name)
			if err != nil || sq >= numSquares {
				t.Fatalf("bad square %q", name)
			}
			grid[sq] = c
		}
	}
	put(greens, 'G')
	put(ambers, 'A')
	put(ball, 'O')
	var b strings.Builder
	for r := size - 1; r >= 0; r-- {
		b.Write(grid[r*size : r*size+size])
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(turn)
	return parse(t, b.String(), settings...)
}

// parse parses a position in the configuration given as key=value pairs.
func parse(t testing.TB, text string, settings ...string) *State {
	t.Helper()
	m, err := game.ParseSettings(settings)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(Game{}, m)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Game{}.ParsePosition(cfg, text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return s.(*State)
}

// listed returns the notations of the legal moves, sorted.
func listed(s *State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		out = append(out, s.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

// hasMove reports whether a move written text is listed.
func hasMove(s *State, text string) bool { return slices.Contains(listed(s), text) }

// play parses and plays text, failing the test if it is not legal.
func play(t testing.TB, s *State, text string) {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q) in %s: %v", text, s.Position(), err)
	}
	if err := s.Play(m); err != nil {
		t.Fatalf("Play(%q): %v", text, err)
	}
}

// bottleDests returns the squares a bottle on from can reach, sorted.
func bottleDests(s *State, from string) []string {
	seen := map[string]bool{}
	for _, m := range s.Moves(nil) {
		f, to, _ := unpack(m)
		if squareName(f) == from {
			seen[squareName(to)] = true
		}
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// ballDests returns the ball's destinations after the bottle move from-to.
func ballDests(s *State, from, to string) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		f, tt, b := unpack(m)
		if squareName(f) == from && squareName(tt) == to && b != noBall {
			out = append(out, squareName(b))
		}
	}
	slices.Sort(out)
	return out
}
