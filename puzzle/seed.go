package puzzle

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
)

// data holds the seed set: data/GAME.jsonl, mined from the computer's own
// games by the commands of docs/puzzles.md.
//
//go:embed data/*.jsonl
var data embed.FS

// Seed returns the shipped puzzles of a game.
func Seed(gameID string) ([]Puzzle, error) {
	b, err := data.ReadFile("data/" + gameID + ".jsonl")
	if err != nil {
		return nil, fmt.Errorf("no seed puzzles for %q: %w", gameID, err)
	}
	ps, err := Read(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("seed puzzles of %s: %w", gameID, err)
	}
	return ps, nil
}

// SeedGames lists the games that have a shipped seed set.
func SeedGames() []string {
	var out []string
	es, _ := data.ReadDir("data")
	for _, e := range es {
		if id, ok := strings.CutSuffix(e.Name(), ".jsonl"); ok {
			out = append(out, id)
		}
	}
	return out
}
