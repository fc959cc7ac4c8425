package benedictine

import (
	"math/rand/v2"
	"testing"

	"plateau/game"
	"plateau/game/gametest"
)

func TestConformance(t *testing.T) { gametest.Run(t, Game{}) }

func FuzzParsePosition(f *testing.F) {
	f.Add(Game{}.ExamplePosition())
	f.Add("..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g")
	f.Add("......./......./...A.../......./...A.../......./..GAG.. g try=d0")
	f.Add("......./......./......./...O.../......./......./A...... a draw")
	cfg := game.DefaultConfig(Game{})
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Game{}.ParsePosition(cfg, text)
		if err != nil {
			return
		}
		pos := s.Position()
		back, err := Game{}.ParsePosition(cfg, pos)
		if err != nil {
			t.Fatalf("Position %q of parsed %q does not parse: %v", pos, text, err)
		}
		if back.Position() != pos {
			t.Fatalf("%q reparses as %q", pos, back.Position())
		}
		for _, m := range s.Moves(nil) {
			if err := s.Clone().Play(m); err != nil {
				t.Fatalf("listed move %q does not play in %q: %v", s.FormatMove(m), pos, err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	s := build(f, 'g', "c1 c2 d1 e2 e4", "d3 a7", "f2")
	for _, m := range s.Moves(nil) {
		f.Add(s.FormatMove(m))
	}
	f.Add("c1xe5 f2xd4")
	f.Add("c1xc3xe3xe1xc1")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		c := s.Clone()
		if err := c.Play(m); err != nil {
			t.Fatalf("ParseMove(%q) = %#x, which does not play: %v", text, uint64(m), err)
		}
		again, err := s.ParseMove(s.FormatMove(m))
		if err != nil || again != m {
			t.Fatalf("%q formats as %q, which parses to %#x (%v)", text, s.FormatMove(m), uint64(again), err)
		}
	})
}

// crowded is a middle-game position with all ten bottles around the ball.
const crowded = "....G../..A.A../.GAGA../..GOG../...A.../......./....... g"

func BenchmarkMovesCrowded(b *testing.B) {
	s := parse(b, crowded)
	buf := make([]game.Move, 0, 512)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(s.Moves(buf[:0]))
	}
	b.ReportMetric(float64(n), "moves")
}

func BenchmarkRandomGame(b *testing.B) {
	start, _ := Game{}.New(game.DefaultConfig(Game{}))
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]game.Move, 0, 512)
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		s := start.Clone()
		for !s.Outcome().Over {
			buf = s.Moves(buf[:0])
			if err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			plies++
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}
