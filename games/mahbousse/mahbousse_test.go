package mahbousse_test

import (
	"testing"

	"plateau/game/gametest"
	"plateau/games/mahbousse"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, mahbousse.Game{})
}
