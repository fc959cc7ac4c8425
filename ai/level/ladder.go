package level

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"plateau/ai/ladder"
)

// ladderJSON is the published Elo ladder of the levels, measured by
// "plateau ladder GAME --out ai/level/ladder.json" (docs/ai/notebook.md).
//
//go:embed ladder.json
var ladderJSON []byte

var ladders = sync.OnceValues(func() (ladder.File, error) {
	var f ladder.File
	if err := json.Unmarshal(ladderJSON, &f); err != nil {
		return f, fmt.Errorf("ai/level/ladder.json: %w", err)
	}
	return f, nil
})

// Ladders returns the published ladders, one a game and variant measured.
func Ladders() (ladder.File, error) { return ladders() }

// Rated is the published Elo of a game's levels for a number of players
// (random = 0; docs/ai/notebook.md).
type Rated struct {
	Players int                `json:"players"`
	Variant string             `json:"variant"`
	Elo     map[string]float64 `json:"elo"`
	// NotShown names, for each level the ladder does not show stronger
	// than the level below it, that level: {"max": "hard"}. Its Elo alone
	// would let a player read a level rated a few points over the one
	// below it (or under it) as stronger (or weaker) than it.
	NotShown map[string]string `json:"notShown,omitempty"`
}

// shownStronger reports whether level i of ladder l is shown stronger
// than the level below it: the lower end of its gap's 95% interval above
// zero, and its rating above the other's.
func shownStronger(l ladder.Ladder, i int) bool {
	return l.Stronger(i) && l.Levels[i].Elo > l.Levels[i-1].Elo
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
		for i, lv := range l.Levels {
			r.Elo[lv.Name] = lv.Elo
			if i > 0 && !shownStronger(l, i) {
				if r.NotShown == nil {
					r.NotShown = map[string]string{}
				}
				r.NotShown[lv.Name] = l.Levels[i-1].Name
			}
		}
		out = append(out, r)
	}
	return out
}
