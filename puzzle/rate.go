package puzzle

import (
	"fmt"

	"plateau/rating"
)

// Attempt returns the player's and the puzzle's ratings after the player's
// attempt at it: a game the player wins when solved (the whole line found
// at the first try) and loses otherwise, rated as package rating rates a
// game (Glicko-2, one game a period).
func Attempt(player, puzzle rating.Rating, solved bool) (rating.Rating, rating.Rating, error) {
	score := 0.0
	if solved {
		score = 1
	}
	p, z, err := rating.Game(player, puzzle, score)
	if err != nil {
		return rating.Rating{}, rating.Rating{}, fmt.Errorf("rating a puzzle attempt: %w", err)
	}
	return p, z, nil
}
