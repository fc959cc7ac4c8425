package level

import (
	"context"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games"
)

// A Bénédictine position where green scores a try in one: any bottle
// move, then the ball on d6 jumps the green bottle on d7 past the last rank.
const benedictineTry = "AA.G.../...O.../......./......./......./A.A.A../GGGG... g"

func TestTryInOne(t *testing.T) {
	g, err := games.Registry().Lookup("benedictine")
	if err != nil {
		t.Skip(err)
	}
	s, err := g.ParsePosition(game.DefaultConfig(g), benedictineTry)
	if err != nil {
		t.Fatal(err)
	}
	players := map[string]ai.Player{
		"greedy":    ai.NewGreedy(nil, 1),
		"alphabeta": ai.NewSearch(ai.Limits{Depth: 3}, nil),
		"mcts":      ai.NewMCTS(ai.Limits{Nodes: 5000}, nil, 1),
	}
	for _, name := range Names[2:] {
		p, err := New("benedictine", name, 1, Options{Time: 200e6})
		if err != nil {
			t.Fatal(err)
		}
		players[name] = p
	}
	for name, p := range players {
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		c := s.Clone()
		if err := c.Play(d.Move); err != nil {
			t.Fatal(err)
		}
		if o := c.Outcome(); !o.Over || o.Value(0) != 1 {
			t.Errorf("%s plays %s, not a try", name, s.FormatMove(d.Move))
		}
	}
}
