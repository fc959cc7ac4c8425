// Package games gathers Plateau's engines into one registry for the programs
// that serve or analyse all of them.
package games

import (
	"plateau/game"
	"plateau/games/benedictine"
	"plateau/games/dames"
	"plateau/games/intercept"
	"plateau/games/mahbousse"
	"plateau/games/shutbox"
)

// Registry returns a registry of every Plateau game.
func Registry() *game.Registry {
	return game.NewRegistry(
		// One line per engine, added as each engine passes gametest.
		benedictine.Game{},
		dames.Game{},
		intercept.Game{},
		mahbousse.Game{},
		shutbox.Game{},
	)
}
