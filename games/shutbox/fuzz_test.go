package shutbox

import (
	"testing"
)

var fuzzRules = []Rules{rules(1, 9, true), rules(2, 9, true), rules(3, 12, false), rules(4, 12, true)}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"123456789/123456789 1 roll2", "12345678/1234679 1 cover:6-3", "123/123456789 1 choose",
		"12x/89x - over", "-/45 2 roll2", "123456789ABC 1 cover:6-6", "3/1x/- 1 cover:2-1",
		"1223/1 1 roll2", "1/2/3/4 4 roll1",
	} {
		for i := range fuzzRules {
			f.Add(s, uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, text string, ri uint8) {
		r := fuzzRules[int(ri)%len(fuzzRules)]
		s, err := Parse(r, text)
		if err != nil {
			return
		}
		pos := s.Position()
		back, err := Parse(r, pos)
		if err != nil {
			t.Fatalf("Parse(%q) accepted, but its Position %q does not parse: %v", text, pos, err)
		}
		if back.Position() != pos || *back != *s {
			t.Fatalf("Parse(%q): Position %q reads back as %q", text, pos, back.Position())
		}
		if s.Outcome().Over != (len(s.Moves(nil)) == 0) {
			t.Fatalf("%q: over=%v with %d moves", pos, s.Outcome().Over, len(s.Moves(nil)))
		}
	})
}

func FuzzParseMove(f *testing.F) {
	positions := []string{
		"123456789/123456789 1 roll2", "12345678/1234679 1 cover:6-3", "123/123456789 1 choose",
		"123/123456789 1 roll1", "12x/89x - over", "123456789ABC/1 1 cover:6-6",
	}
	for i := range positions {
		for _, m := range []string{"6-3", "3-6", "9", "8+1", "1+8", "roll1", "2", "5", "4+4+1", "12", "6+6", "A"} {
			f.Add(uint8(i), m)
		}
	}
	f.Fuzz(func(t *testing.T, pi uint8, text string) {
		r := rules(2, 9, true)
		pos := positions[int(pi)%len(positions)]
		if pos == "123456789ABC/1 1 cover:6-6" {
			r.Tiles = 12
		}
		s := mustParse(t, r, pos)
		m, err := s.ParseMove(text)
		if err != nil {
			if s.Position() != pos {
				t.Fatalf("a failed ParseMove changed the position")
			}
			return
		}
		back, err := s.ParseMove(s.FormatMove(m))
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %q, which reads back as %v, %v", text, s.FormatMove(m), back, err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("ParseMove(%q) accepted a move that does not play: %v", text, err)
		}
	})
}
