// Package shutbox is Shut the Box's knowledge for Plateau's AI: the exact
// policy of package games/shutbox/solve as an ai.Player (the levels hard
// and max).
package shutbox

import (
	"context"

	"plateau/ai"
	"plateau/game"
	"plateau/games/shutbox/solve"
)

// Exact plays the solver's optimal policy: with one player it maximises
// the chance of shutting the box, with two the chance of winning (exact),
// with three or four the solver's race heuristic.
type Exact struct{}

// Choose returns the policy's move and, when the solver knows it, the
// move's value for the player to move.
func (Exact) Choose(_ context.Context, s game.State) (ai.Decision, error) {
	switch p := s.ToMove(); p {
	case game.Chance, game.Nobody:
		return ai.Decision{}, ai.ErrNoDecision
	}
	m, err := solve.BestMove(s)
	if err != nil {
		return ai.Decision{}, err
	}
	d := ai.Decision{Move: m, Score: 0.5, PV: []game.Move{m}, Depth: 1, Nodes: 1}
	if choices, err := solve.Analyze(s); err == nil {
		text := s.FormatMove(m)
		for _, c := range choices {
			if c.Move != text {
				continue
			}
			switch {
			case c.Win != nil:
				d.Score = *c.Win
			case s.Players() == 1:
				d.Score = c.PShut
			}
		}
	}
	return d, nil
}

// Close does nothing: the solver's tables are shared.
func (Exact) Close() {}

// NewMixed returns a player that plays the exact policy's move with
// probability p and a uniformly random legal move otherwise (the levels
// below max: how often the computer plays the best move sets its strength,
// which the dice leave little room for otherwise), drawing from sources
// seeded by seed.
func NewMixed(p float64, seed uint64) *ai.Mix {
	return ai.NewMix(Exact{}, ai.NewRandom(seed^0x9e3779b97f4a7c15), p, seed)
}
