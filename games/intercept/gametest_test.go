package intercept

import (
	"testing"

	"plateau/game"
	"plateau/game/gametest"
)

// testConfigs are every variant of game.Variants, each with a turn limit so
// that random games end within gametest's bound, plus the 4-player
// variants that only mean something with 4 players.
func testConfigs(t testing.TB, limit string) []game.Config {
	var out []game.Config
	seen := map[string]bool{}
	add := func(set map[string]string) {
		set["limit"] = limit
		cfg, err := game.NewConfig(Game{}, set)
		if err != nil {
			t.Fatal(err)
		}
		if !seen[cfg.String()] {
			seen[cfg.String()] = true
			out = append(out, cfg)
		}
	}
	for _, v := range game.Variants(Game{}) {
		set := map[string]string{}
		for k, val := range v {
			set[k] = val
		}
		add(set)
		if v["players"] == "2" {
			set4 := map[string]string{}
			for k, val := range set {
				set4[k] = val
			}
			set4["players"] = "4"
			add(set4)
		}
	}
	add(map[string]string{"players": "4", "mode": "solo", "goal": "any"})
	add(map[string]string{"players": "4", "mode": "solo", "interception": "every"})
	return out
}

func TestConformance(t *testing.T) {
	gametest.RunWith(t, Game{}, gametest.Options{Configs: testConfigs(t, testLimit), Seeds: seeds})
}
