package mahbousse_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"plateau/game"
	"plateau/game/gametest"
	"plateau/games/mahbousse"
)

// TestConformance plays every variant (game.Variants) through gametest.
func TestConformance(t *testing.T) {
	o := gametest.Options{Seeds: 6}
	if raceEnabled || testing.Short() {
		o.Seeds = 2
	}
	gametest.RunWith(t, mahbousse.Game{}, o)
}

func FuzzParsePosition(f *testing.F) {
	g := mahbousse.Game{}
	f.Add(g.ExamplePosition(), 1)
	f.Add("o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 opening score=1-0", 3)
	f.Add("x13*,x1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o14* off=0-0 over", 1)
	f.Fuzz(func(t *testing.T, text string, match int) {
		cfg, err := game.NewConfig(g, map[string]string{"match": fmt.Sprint(1 + (match&7)%mahbousse.MaxMatch)})
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.ParsePosition(cfg, text)
		if err != nil {
			return
		}
		back, err := g.ParsePosition(cfg, s.Position())
		if err != nil || back.Position() != s.Position() {
			t.Fatalf("%q parses, its Position %q does not round-trip: %v", text, s.Position(), err)
		}
		for _, m := range s.Moves(nil) {
			if _, err := s.ParseMove(s.FormatMove(m)); err != nil {
				t.Fatalf("%q: move %q: %v", text, s.FormatMove(m), err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	g := mahbousse.Game{}
	cfg := game.DefaultConfig(g)
	for _, m := range []string{"6/3 8/2*", "13/4", "24/18/15", "pass", "6-3", "5/off", "8/5 8/5 6/3 6/3"} {
		f.Add(m)
	}
	positions := []string{g.ExamplePosition(),
		"o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 x:3-3",
		"o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 opening",
		"x3,x2,x1,x4,.,x2,.,.,.,.,.,.,.,.,.,.,.,.,o15,.,.,.,.,. off=3-0 x:6-5",
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range positions {
			s, err := g.ParsePosition(cfg, p)
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.ParseMove(text)
			if err != nil {
				continue
			}
			if err := s.Clone().Play(m); err != nil {
				t.Fatalf("%q parsed in %q but does not play: %v", text, p, err)
			}
		}
	})
}

// crowded is a middle game with many checkers spread out, x to play 3-3.
const crowded = "o3,x2,x2,.,x1,x2,o2,x2,.,x1,o1,x2,o2,.,x1,o1,.,o2,o1,x2,.,o3,.,. off=0-0 x:3-3"

func BenchmarkMovesDoublesCrowded(b *testing.B) {
	s, err := mahbousse.Game{}.ParsePosition(game.DefaultConfig(mahbousse.Game{}), crowded)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]game.Move, 0, 4096)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(s.Moves(buf[:0]))
	}
	b.ReportMetric(float64(n), "moves")
}

func BenchmarkRandomGame(b *testing.B) {
	g := mahbousse.Game{}
	cfg := game.DefaultConfig(g)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]game.Move, 0, 4096)
	cbuf := make([]game.ChanceMove, 0, 64)
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		s, _ := g.New(cfg)
		for !s.Outcome().Over {
			var m game.Move
			if s.ToMove() == game.Chance {
				cms := s.ChanceMoves(cbuf[:0])
				m, _ = game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
			} else {
				ms := s.Moves(buf[:0])
				m = ms[rng.IntN(len(ms))]
			}
			if err := s.Play(m); err != nil {
				b.Fatal(err)
			}
			plies++
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

func Example() {
	g := mahbousse.Game{}
	s, _ := g.New(game.DefaultConfig(g))
	for _, roll := range []string{"5:2", "6-3"} { // x wins the opening roll, then rolls 6-3
		m, _ := s.ParseMove(roll)
		s.Play(m)
	}
	for _, m := range s.Moves(nil) {
		fmt.Println(s.FormatMove(m))
	}
	m, _ := s.ParseMove("24/15") // one checker plays the sum
	s.Play(m)
	fmt.Println(s.Position())
	// Output:
	// 24/18 24/21
	// 24/18 18/15
	// o15,.,.,.,.,.,.,.,.,.,.,.,.,.,x1,.,.,.,.,.,.,.,.,x14 off=0-0 o:roll
}

// TestPlayListed plays every listed turn of the positions of random games
// both ways: PlayListed, which skips the legality check, must leave the
// same state as Play, in match play too (a game's end starts the next).
func TestPlayListed(t *testing.T) {
	g := mahbousse.Game{}
	for _, match := range []string{"1", "3"} {
		cfg := game.DefaultConfig(g)
		cfg["match"] = match
		rng := rand.New(rand.NewPCG(7, 11))
		for range 4 {
			s, err := g.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for !s.Outcome().Over {
				var m game.Move
				if s.ToMove() == game.Chance {
					cms := s.ChanceMoves(nil)
					m, _ = game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
				} else {
					ms := s.Moves(nil)
					for _, lm := range ms {
						a, b := s.Clone(), s.Clone()
						if err := a.Play(lm); err != nil {
							t.Fatalf("Play %s in %s: %v", s.FormatMove(lm), s.Position(), err)
						}
						if err := game.PlayListed(b, lm); err != nil {
							t.Fatalf("PlayListed %s in %s: %v", s.FormatMove(lm), s.Position(), err)
						}
						if a.Position() != b.Position() || a.ToMove() != b.ToMove() || a.Outcome().Over != b.Outcome().Over {
							t.Fatalf("%s in %s: Play gives %s, PlayListed %s", s.FormatMove(lm), s.Position(), a.Position(), b.Position())
						}
					}
					m = ms[rng.IntN(len(ms))]
				}
				if err := s.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
