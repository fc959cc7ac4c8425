package benedictine

import (
	"testing"

	"plateau/game"
	"plateau/game/gametest"
)

func TestConformance(t *testing.T) { gametest.Run(t, Game{}) }

func TestStart(t *testing.T) {
	s, _ := Game{}.New(game.DefaultConfig(Game{}))
	t.Log(s.Position())
	t.Log(s)
	for _, m := range s.Moves(nil) {
		t.Log(s.FormatMove(m))
	}
}
