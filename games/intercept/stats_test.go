package intercept

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"plateau/game"
)

func TestStats(t *testing.T) {
	if os.Getenv("INTERCEPT_STATS") == "" {
		t.Skip("set INTERCEPT_STATS=1")
	}
	for _, set := range []map[string]string{{"limit": "3000"}, {"players": "4", "limit": "3000"}, {"players": "4", "mode": "solo", "limit": "3000"}} {
		cfg, _ := game.NewConfig(Game{}, set)
		reasons := map[string]int{}
		plies, maxMoves := 0, 0
		for seed := range 40 {
			rng := rand.New(rand.NewPCG(uint64(seed), 1))
			s, _ := Game{}.New(cfg)
			var buf []game.Move
			for !s.Outcome().Over {
				buf = s.Moves(buf[:0])
				maxMoves = max(maxMoves, len(buf))
				s.Play(buf[rng.IntN(len(buf))])
				if seed == 1 && s.(*State).ply == 6 {
					fmt.Println(s.Position())
				}
			}
			reasons[s.Outcome().Reason]++
			plies += s.(*State).ply
		}
		fmt.Println(cfg, reasons, "mean plies", plies/40, "max moves", maxMoves)
	}
}
