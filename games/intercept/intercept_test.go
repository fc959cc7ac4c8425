package intercept

import (
	"fmt"
	"testing"

	"plateau/game"
)

func TestStartDump(t *testing.T) {
	for _, set := range []map[string]string{nil, {"players": "4"}} {
		cfg, _ := game.NewConfig(Game{}, set)
		s, _ := Game{}.New(cfg)
		fmt.Println(s)
		fmt.Println(s.Position())
		ms := s.Moves(nil)
		fmt.Println(len(ms))
		for _, m := range ms[:10] {
			fmt.Print(s.FormatMove(m), " ")
		}
		fmt.Println()
	}
}
