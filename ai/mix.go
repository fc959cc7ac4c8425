package ai

import (
	"context"
	"math/rand/v2"

	"plateau/game"
)

// Mix plays First's move with probability P and Second's otherwise: a level
// between two players, as strong as P sets. Only the player drawn is asked.
type Mix struct {
	First, Second Player
	P             float64
	rng           *rand.Rand
}

// NewMix returns a Mix drawing from a source seeded by seed.
func NewMix(first, second Player, p float64, seed uint64) *Mix {
	return &Mix{First: first, Second: second, P: p, rng: rand.New(rand.NewPCG(seed, 0x5b0c))}
}

// Choose asks First with probability P, Second otherwise.
func (m *Mix) Choose(ctx context.Context, s game.State) (Decision, error) {
	if m.rng.Float64() < m.P {
		return m.First.Choose(ctx, s)
	}
	return m.Second.Choose(ctx, s)
}

// Close closes both players.
func (m *Mix) Close() {
	m.First.Close()
	m.Second.Close()
}
