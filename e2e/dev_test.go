//go:build e2edev

package e2e

import (
	"plateau/games/benedictine"
	"plateau/games/intercept"
	"plateau/games/mahbousse"
)

func init() {
	extraGames = append(extraGames, mahbousse.Game{}, benedictine.Game{}, intercept.Game{})
}
