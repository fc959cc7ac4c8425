package shutbox

import (
	"testing"

	"plateau/game"
	"plateau/game/gametest"
)

// allConfigs is every combination of players 1-4, tiles 9|12 and
// one_die seed|never.
func allConfigs(t testing.TB) []game.Config {
	var out []game.Config
	for _, players := range []string{"1", "2", "3", "4"} {
		for _, tiles := range []string{"9", "12"} {
			for _, od := range []string{"seed", "never"} {
				cfg, err := game.NewConfig(Game{}, map[string]string{"players": players, "tiles": tiles, "one_die": od})
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, cfg)
			}
		}
	}
	return out
}

func TestConformance(t *testing.T) {
	gametest.Run(t, Game{})
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	gametest.RunWith(t, Game{}, gametest.Options{Configs: allConfigs(t), Seeds: seeds})
}
