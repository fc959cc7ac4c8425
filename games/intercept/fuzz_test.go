package intercept

import (
	"testing"

	"plateau/game"
)

func fuzzConfigs() []game.Config {
	a, _ := game.NewConfig(Game{}, nil)
	b, _ := game.NewConfig(Game{}, map[string]string{"players": "4"})
	return []game.Config{a, b}
}

// FuzzPosition: whatever parses writes back a text that parses to itself.
func FuzzPosition(f *testing.F) {
	f.Add(Game{}.ExamplePosition())
	for _, cfg := range fuzzConfigs() {
		s, _ := Game{}.New(cfg)
		f.Add(s.Position())
	}
	f.Add("13/13/13/13/13/13/13/13/13/13/13/13/(NpSp)12 goal:S g13 9 0")
	f.Add("6(NrSr)6/13/13/13/13/13/13/13/13/13/13/13/13 S g13 3 1")
	f.Fuzz(func(t *testing.T, text string) {
		for _, cfg := range fuzzConfigs() {
			s, err := Game{}.ParsePosition(cfg, text)
			if err != nil {
				continue
			}
			pos := s.Position()
			back, err := Game{}.ParsePosition(cfg, pos)
			if err != nil {
				t.Fatalf("%q parses to %q, which does not: %v", text, pos, err)
			}
			if back.Position() != pos {
				t.Fatalf("%q does not round-trip: %q", pos, back.Position())
			}
			s.Moves(nil)
			_ = s.Board()
			_ = s.(*State).String()
		}
	})
}

// FuzzMoves: ParseMove never panics, and what it accepts is listed, plays,
// and formats back to a text that parses to the same move.
func FuzzMoves(f *testing.F) {
	for _, m := range []string{"pass", "e1-f2", "d1:f3", "g1=R", "g1-g5=R", "h12-g13^", "f1-f2/g7-e5-c5", "f2-f3/g7-e5", "c1:e3^=P/g7-e5-e3"} {
		f.Add(uint8(0), m)
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		cfg := fuzzConfigs()[which%2]
		s0, _ := Game{}.New(cfg)
		s := s0.(*State)
		// A few deterministic plies so that the ball and the doubles move.
		for i := range int(which / 2 % 8) {
			ms := s.Moves(nil)
			s.Play(ms[(i*7919+int(which))%len(ms)])
		}
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		c := s.Clone()
		if err := c.Play(m); err != nil {
			t.Fatalf("%q parsed but does not play: %v", text, err)
		}
		back, err := s.ParseMove(s.FormatMove(m))
		if err != nil || back != m {
			t.Fatalf("%q formats as %q which parses to %v, %v", text, s.FormatMove(m), back, err)
		}
	})
}
