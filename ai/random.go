package ai

import (
	"context"
	"math/rand/v2"

	"plateau/game"
)

// Random plays a uniformly random legal move.
type Random struct {
	rng   *rand.Rand
	moves []game.Move
}

// NewRandom returns a random player drawing from a source seeded by seed.
func NewRandom(seed uint64) *Random { return &Random{rng: newRand(seed)} }

// Choose picks a legal move at random.
func (r *Random) Choose(_ context.Context, s game.State) (Decision, error) {
	moves, err := checkDecision(s, r.moves)
	if err != nil {
		return Decision{}, err
	}
	r.moves = moves
	m := moves[r.rng.IntN(len(moves))]
	return Decision{Move: m, Score: 0.5, PV: []game.Move{m}, Depth: 1, Nodes: 1}, nil
}

// Close releases the player's scratch space.
func (r *Random) Close() { r.moves = nil }
