package dames

import (
	"testing"

	"plateau/game/gametest"
)

// TestConformance plays random games in every variant (draw=seed|fmjd,
// huffing=off|on) through the game.State contract.
func TestConformance(t *testing.T) {
	gametest.Run(t, Game{})
}
