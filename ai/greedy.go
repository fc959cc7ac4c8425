package ai

import (
	"context"
	"math/rand/v2"

	"plateau/game"
)

// Greedy looks one ply ahead: it plays the move whose resulting position
// its evaluation likes best for the mover. When the move is followed by a
// roll, the positions after each outcome are averaged by their weights (a
// chain of rolls is followed to the next decision). Ties are broken at
// random.
type Greedy struct {
	Eval Eval
	// Noise, when positive, adds a uniform random term in [-Noise, Noise]
	// to every move's value: a weaker, more varied player.
	Noise float64

	rng   *rand.Rand
	moves []game.Move
	cms   [][]game.ChanceMove
	nodes int64
}

// NewGreedy returns a greedy player using eval (DefaultEval when nil).
func NewGreedy(eval Eval, seed uint64) *Greedy {
	if eval == nil {
		eval = DefaultEval
	}
	return &Greedy{Eval: eval, rng: newRand(seed)}
}

// Choose plays the best move by one-ply evaluation.
func (g *Greedy) Choose(ctx context.Context, s game.State) (Decision, error) {
	moves, err := checkDecision(s, g.moves)
	if err != nil {
		return Decision{}, err
	}
	g.moves = moves
	g.nodes = 0
	me := s.ToMove()
	best, bestV, ties := moves[0], -1.0, 0
	for _, m := range moves {
		c := s.Clone()
		if err := game.PlayListed(c, m); err != nil {
			return Decision{}, err
		}
		v := g.value(c, me, 0)
		if g.Noise > 0 {
			v += (2*g.rng.Float64() - 1) * g.Noise
		}
		switch {
		case v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			// Reservoir sampling keeps every tied move equally likely.
			ties++
			if g.rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return Decision{Move: best, Score: min(max(bestV, 0), 1), PV: []game.Move{best}, Depth: 1, Nodes: g.nodes}, nil
}

// value evaluates s for me, averaging over pending rolls.
func (g *Greedy) value(s game.State, me game.Player, depth int) float64 {
	g.nodes++
	if o := s.Outcome(); o.Over {
		return o.Value(me)
	}
	if s.ToMove() != game.Chance || depth > 8 {
		return g.Eval(s, me)
	}
	for len(g.cms) <= depth {
		g.cms = append(g.cms, nil)
	}
	cms := s.ChanceMoves(g.cms[depth][:0])
	g.cms[depth] = cms
	total, sum := 0, 0.0
	for _, cm := range cms {
		c := s.Clone()
		if err := c.Play(cm.Move); err != nil || rollsAgain(s, c) {
			continue
		}
		total += cm.Weight
		sum += float64(cm.Weight) * g.value(c, me, depth+1)
	}
	if total == 0 {
		return g.Eval(s, me)
	}
	return sum / float64(total)
}

// rollsAgain reports whether child, st after an outcome of its roll, is st
// again: a roll to be made again, as backgammon's opening roll is on a
// double. Such a roll is worth the mean of its other outcomes, with which
// it ends in their proportions; following the repeats would search the
// same roll over and over.
func rollsAgain(st, child game.State) bool {
	if child.ToMove() != game.Chance {
		return false
	}
	if a, ok := st.(game.Hasher); ok {
		if b, ok := child.(game.Hasher); ok && a.Hash() != b.Hash() {
			return false
		}
	}
	return st.Position() == child.Position()
}

// Close releases the player's scratch space.
func (g *Greedy) Close() { g.moves, g.cms = nil, nil }
