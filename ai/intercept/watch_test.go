package intercept

import (
	"context"
	"fmt"
	"os"
	"testing"

	"plateau/ai"
	"plateau/game"
	ic "plateau/games/intercept"
)

func TestWatch(t *testing.T) {
	if os.Getenv("IC_WATCH") == "" {
		t.Skip()
	}
	g := ic.Game{}
	cfg, _ := game.NewConfig(g, map[string]string{"limit": "300"})
	s0, _ := g.New(cfg)
	s := s0.(*ic.State)
	hard := ai.NewSearch(ai.Limits{Nodes: 20000}, Eval)
	hard.Order = Order
	rnd := ai.NewRandom(3)
	for ply := 0; !s.Outcome().Over; ply++ {
		var p ai.Player = hard
		if ply%2 == 1 {
			p = rnd
		}
		d, err := p.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if ply%2 == 0 && ply%40 == 0 {
			var b board
			b.load(s)
			fmt.Printf("ply %d  chainS %d chainN %d  advS %d advN %d  move %s score %.3f depth %d\n%v\n", ply, chain(s, &b, 0), chain(s, &b, 1), advancement(s, &b, 0), advancement(s, &b, 1), s.FormatMove(d.Move), d.Score, d.Depth, s)
		}
		s.Play(d.Move)
	}
	fmt.Println(s.Outcome(), s)
}
