package mahbousse

import (
	"slices"
	"strings"
	"testing"

	"plateau/game"
)

// pos builds a position text from the non-empty points (x's numbering).
func pos(cells map[int]string, tail string) string {
	out := make([]string, 24)
	for i := range out {
		out[i] = "."
		if c, ok := cells[i+1]; ok {
			out[i] = c
		}
	}
	return strings.Join(out, ",") + " " + tail
}

func rulesOf(t *testing.T, settings map[string]string) Rules {
	t.Helper()
	cfg, err := game.NewConfig(Game{}, settings)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RulesOf(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustParse(t *testing.T, r Rules, text string) *State {
	t.Helper()
	s, err := Parse(r, text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func notations(s *State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		out = append(out, s.FormatMove(m))
	}
	slices.Sort(out)
	return out
}

func play(t *testing.T, s *State, text string) {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Play(m); err != nil {
		t.Fatal(err)
	}
}

// The rule cases: a position, a variant, and the exact list of legal
// turns (sorted notations), or turns that must and must not be listed.
var ruleCases = []struct {
	name     string
	variant  map[string]string
	position string
	want     []string // exact legal list, sorted
	has      []string
	hasNot   []string
}{
	{name: "first move 6-3: two checkers or one checker the sum",
		position: pos(map[int]string{1: "o15", 24: "x15"}, "off=0-0 x:6-3"),
		want:     []string{"24/18 18/15", "24/18 24/21"}},
	{name: "doubles are played four times",
		position: pos(map[int]string{1: "o15", 24: "x15"}, "off=0-0 x:2-2"),
		want:     []string{"24/22 22/20 20/18 18/16", "24/22 24/22 22/20 20/18", "24/22 24/22 22/20 22/20", "24/22 24/22 24/22 22/20", "24/22 24/22 24/22 24/22"},
		has:      []string{"24/16", "24/20 24/20"}},
	{name: "landing on a lone checker pins it",
		position: pos(map[int]string{1: "o14", 21: "o1", 24: "x15"}, "off=0-0 x:3-1"),
		has:      []string{"24/21* 24/23", "24/21*/20", "24/20"}},
	{name: "two checkers close a point",
		position: pos(map[int]string{1: "o13", 18: "o2", 24: "x15"}, "off=0-0 x:6-6"),
		want:     []string{"pass"}},
	{name: "a pinning checker closes the point to the pinned checker's owner",
		position: pos(map[int]string{1: "o14", 18: "x1*", 24: "x14"}, "off=0-0 o:6-6"),
		hasNot:   []string{"7/1"}},
	{name: "a pinned checker cannot move",
		position: pos(map[int]string{1: "o13", 10: "x1*", 20: "o1", 24: "x14"}, "off=0-0 o:1-1"),
		hasNot:   []string{"15/14", "15/14 14/13 13/12 12/11"},
		has:      []string{"24/23 24/23 24/23 24/23", "24/23 5/4 4/3 3/2"}},
	{name: "the pinner may land on its own point",
		position: pos(map[int]string{1: "o14", 10: "x1*", 13: "x1", 24: "x13"}, "off=0-0 x:3-2"),
		has:      []string{"13/10 24/22", "13/10 10/8"}},
	{name: "the pinned checker's point is closed to its owner",
		position: pos(map[int]string{1: "o13", 10: "x1*", 7: "o1", 24: "x14"}, "off=0-0 o:3-1"),
		hasNot:   []string{"18/15 18/17", "18/15 15/14"}},
	{name: "sum move needs an open intermediate point",
		position: pos(map[int]string{1: "x14", 13: "x1", 7: "o2", 10: "o2", 20: "o11"}, "off=0-0 x:6-3"),
		want:     []string{"pass"}},
	{name: "sum move through the one open intermediate point",
		position: pos(map[int]string{1: "x14", 13: "x1", 7: "o2", 20: "o13"}, "off=0-0 x:6-3"),
		want:     []string{"13/10 10/4"}},
	{name: "sum=jump: the checker jumps over closed points",
		variant:  map[string]string{"sum": "jump"},
		position: pos(map[int]string{1: "x14", 13: "x1", 7: "o2", 10: "o2", 20: "o11"}, "off=0-0 x:6-3"),
		want:     []string{"13/4"}},
	// All of x's checkers are home: under bearoff=seed each die plays by
	// the seed rules, one at a time, so sum=jump allows no jump (5/2 would
	// jump the closed 4 and 3); under bearoff=standard the jump is a move.
	{name: "sum=jump: no jump during the seed bear-off",
		variant:  map[string]string{"sum": "jump"},
		position: pos(map[int]string{3: "o2", 4: "o2", 5: "x1", 6: "x1", 20: "o11"}, "off=13-0 x:2-1"),
		want:     []string{"6/5"}},
	{name: "sum=jump with bearoff=standard: the home checker jumps",
		variant:  map[string]string{"sum": "jump", "bearoff": "standard"},
		position: pos(map[int]string{3: "o2", 4: "o2", 5: "x1", 6: "x1", 20: "o11"}, "off=13-0 x:2-1"),
		want:     []string{"5/2"}},
	{name: "both dice must be used when possible",
		position: pos(map[int]string{1: "x14", 13: "x1", 7: "o2", 20: "o13"}, "off=0-0 x:6-5"),
		want:     []string{"13/8 8/2"}},
	{name: "mustuse=free: one die may be left",
		variant:  map[string]string{"mustuse": "free"},
		position: pos(map[int]string{1: "x14", 13: "x1", 7: "o2", 20: "o13"}, "off=0-0 x:6-5"),
		want:     []string{"13/8", "13/8 8/2"}},
	{name: "only one die playable: the larger",
		position: pos(map[int]string{1: "x14", 13: "x1", 2: "o2", 20: "o13"}, "off=0-0 x:6-5"),
		want:     []string{"13/7"}},
	{name: "only one die playable, mustuse=free: either",
		variant:  map[string]string{"mustuse": "free"},
		position: pos(map[int]string{1: "x14", 13: "x1", 2: "o2", 20: "o13"}, "off=0-0 x:6-5"),
		want:     []string{"13/7", "13/8"}},
	{name: "no legal step: pass",
		position: pos(map[int]string{1: "x14", 13: "x1", 7: "o2", 20: "o13"}, "off=0-0 x:6-6"),
		want:     []string{"pass"}},
	{name: "no bearing off with a checker outside home",
		position: pos(map[int]string{1: "x13", 6: "x1", 7: "x1", 20: "o15"}, "off=0-0 x:6-1"),
		want:     []string{"6/5 7/1", "7/1 1/off"},
		hasNot:   []string{"6/off 7/1"}},
	{name: "a checker entering home lets the other die bear off",
		position: pos(map[int]string{1: "x13", 6: "x1", 7: "x1", 20: "o15"}, "off=0-0 x:6-1"),
		has:      []string{"7/6 6/off"}},
	{name: "seed: a die bears off from its own point, and must",
		position: pos(map[int]string{6: "x2", 4: "x1", 20: "o15"}, "off=12-0 x:4-4"),
		want:     []string{"4/off 6/2 2/off 6/2"},
		hasNot:   []string{"4/off 6/2 6/2 2/off", "6/2 6/2 4/off 2/off"}},
	{name: "seed: point x empty, bear off from any lower point even with higher ones occupied",
		position: pos(map[int]string{6: "x1", 3: "x1", 2: "x1", 20: "o15"}, "off=12-0 x:5-1"),
		has:      []string{"2/off 6/5", "3/off 6/5", "6/5 5/off"},
		hasNot:   []string{"6/1 3/2"}},
	{name: "seed: two lower checkers take both dice",
		position: pos(map[int]string{6: "x1", 3: "x1", 2: "x1", 20: "o15"}, "off=12-0 x:5-4"),
		want:     []string{"3/off 2/off"}},
	{name: "seed, lower=highest: only the highest lower point",
		variant:  map[string]string{"lower": "highest"},
		position: pos(map[int]string{6: "x1", 3: "x1", 2: "x1", 20: "o15"}, "off=12-0 x:5-1"),
		has:      []string{"3/off 6/5", "6/5 5/off"},
		hasNot:   []string{"2/off 6/5"}},
	{name: "seed: neither point x nor a lower one: move inside home",
		position: pos(map[int]string{6: "x1", 5: "x1", 20: "o15"}, "off=13-0 x:2-1"),
		want:     []string{"5/3 3/2", "6/4 4/3", "6/4 5/4"},
		hasNot:   []string{"6/off 5/4", "5/off 6/4"}},
	{name: "seed: a pinned checker on point x does not bear off; a lower one does",
		position: pos(map[int]string{4: "o1*", 2: "x1", 6: "x1", 20: "o14"}, "off=12-0 x:4-1"),
		has:      []string{"2/off 6/5"},
		hasNot:   []string{"6/2 2/off"}},
	{name: "standard: exact bear-off or a move, freely",
		variant:  map[string]string{"bearoff": "standard"},
		position: pos(map[int]string{6: "x2", 4: "x1", 20: "o15"}, "off=12-0 x:4-2"),
		has:      []string{"4/off 6/4", "6/2 6/4", "6/2 2/off"}},
	{name: "standard: no lower bear-off while a checker stands higher",
		variant:  map[string]string{"bearoff": "standard"},
		position: pos(map[int]string{6: "x1", 3: "x1", 20: "o15"}, "off=13-0 x:5-5"),
		want:     []string{"6/1 3/off 1/off"},
		hasNot:   []string{"3/off 6/1 1/off", "6/1 1/off 3/off"}},
	{name: "standard: a die above every checker bears off the highest",
		variant:  map[string]string{"bearoff": "standard"},
		position: pos(map[int]string{5: "x1", 3: "x1", 20: "o15"}, "off=13-0 x:6-1"),
		has:      []string{"5/off 3/2"},
		hasNot:   []string{"3/off 5/4"}},
	{name: "standard: a pinned checker on a higher point forbids bearing off below it",
		variant:  map[string]string{"bearoff": "standard"},
		position: pos(map[int]string{6: "o1*", 3: "x1", 2: "x1", 20: "o14"}, "off=12-0 x:5-4"),
		want:     []string{"pass"}},
	{name: "seed: the same position bears off from the lower points",
		position: pos(map[int]string{6: "o1*", 3: "x1", 2: "x1", 20: "o14"}, "off=12-0 x:5-4"),
		want:     []string{"3/off 2/off"}},
	{name: "a checker pinned outside home forbids bearing off",
		position: pos(map[int]string{10: "o1*", 3: "x1", 2: "x1", 20: "o14"}, "off=12-0 x:3-2"),
		want:     []string{"3/1"},
		hasNot:   []string{"3/off 2/off"}},
	{name: "seed: the same position bears off the lower checker too",
		position: pos(map[int]string{5: "x1", 3: "x1", 20: "o15"}, "off=13-0 x:6-1"),
		has:      []string{"5/off 3/2", "3/off 5/4"}},
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, rulesOf(t, c.variant), c.position)
			got := notations(s)
			for _, m := range s.Moves(nil) {
				b, _ := s.after(m)
				h, away := b.hash(), b.away
				if b.rehash(); b.hash() != h || b.away != away {
					t.Errorf("%q: incremental hash %x and away %v, recomputed %x and %v", s.FormatMove(m), h, away, b.hash(), b.away)
				}
			}
			if c.want != nil && !slices.Equal(got, c.want) {
				t.Errorf("moves %q\nwant %q", got, c.want)
			}
			for _, h := range c.has {
				if _, err := s.ParseMove(h); err != nil {
					t.Errorf("%q not legal: %v (moves %q)", h, err, got)
				}
			}
			for _, h := range c.hasNot {
				if m, err := s.ParseMove(h); err == nil {
					t.Errorf("%q legal (as %q), want illegal", h, s.FormatMove(m))
				}
			}
		})
	}
}
