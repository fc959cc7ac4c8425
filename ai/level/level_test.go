package level

import (
	"context"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
)

func TestEveryLevelPlays(t *testing.T) {
	reg := games.Registry()
	for _, g := range reg.Games() {
		for _, name := range Names {
			if name == "max" || (testing.Short() && name != "random") {
				continue
			}
			s, err := g.New(game.DefaultConfig(g))
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; s.ToMove() == game.Chance; k++ {
				ms := s.Moves(nil)
				s.Play(ms[(7*k+1)%len(ms)]) // not the first: a tied opening roll is rolled again
			}
			p, err := New(g.ID(), name, 1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			d, err := p.Choose(ctx, s)
			cancel()
			if err != nil {
				t.Fatalf("%s %s: %v", g.ID(), name, err)
			}
			if err := s.Clone().Play(d.Move); err != nil {
				t.Errorf("%s %s plays an illegal move: %v", g.ID(), name, err)
			}
			if Describe(g.ID(), name) == "" {
				t.Errorf("%s %s has no description", g.ID(), name)
			}
		}
	}
	if _, err := New("dames", "grandmaster", 1, Options{}); err == nil {
		t.Error("an unknown level is accepted")
	}
}

// TestDamesMax: the level max of dames is the engine of ai/dames, which
// hands huffing=on games to the kept max-v1; both play legal moves.
func TestDamesMax(t *testing.T) {
	g, err := games.Registry().Lookup("dames")
	if err != nil {
		t.Fatal(err)
	}
	for _, huffing := range []string{"off", "on"} {
		cfg, err := game.NewConfig(g, map[string]string{"huffing": huffing})
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"max", "max-v1", "max-patterns"} {
			p, err := New("dames", name, 1, Options{Time: 100 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			d, err := p.Choose(context.Background(), s)
			p.Close()
			if err != nil {
				t.Fatalf("%s huffing=%s: %v", name, huffing, err)
			}
			if err := s.Clone().Play(d.Move); err != nil || d.Depth < 1 {
				t.Errorf("%s huffing=%s: %s at depth %d: %v", name, huffing, s.FormatMove(d.Move), d.Depth, err)
			}
			if Describe("dames", name) == "" {
				t.Errorf("dames %s has no description", name)
			}
		}
	}
}
