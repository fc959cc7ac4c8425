package level

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"plateau/ai/arena"
)

// ladderJSON is the published Elo ladder of the levels, measured by
// "plateau ladder GAME --out ai/level/ladder.json" (docs/ai.md).
//
//go:embed ladder.json
var ladderJSON []byte

var ladders = sync.OnceValues(func() (arena.LadderFile, error) {
	var f arena.LadderFile
	if err := json.Unmarshal(ladderJSON, &f); err != nil {
		return f, fmt.Errorf("ai/level/ladder.json: %w", err)
	}
	return f, nil
})

// Ladders returns the published ladders, one a game and variant measured.
func Ladders() (arena.LadderFile, error) { return ladders() }

// Rated is the published Elo of a game's levels for a number of players
// (random = 0; docs/ai.md).
type Rated struct {
	Players int                `json:"players"`
	Variant string             `json:"variant"`
	Elo     map[string]float64 `json:"elo"`
}

// Ratings returns the published ratings of a game's levels, one entry a
// ladder measured (a number of players, a variant); none when the ladder
// file has none or cannot be read (its test checks it can).
func Ratings(gameID string) []Rated {
	f, err := ladders()
	if err != nil {
		return nil
	}
	var out []Rated
	for _, l := range f.Ladders {
		if l.Game != gameID {
			continue
		}
		r := Rated{Players: l.Players, Variant: l.Variant, Elo: map[string]float64{}}
		for _, lv := range l.Levels {
			r.Elo[lv.Name] = lv.Elo
		}
		out = append(out, r)
	}
	return out
}
