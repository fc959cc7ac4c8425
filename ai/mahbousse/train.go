package mahbousse

import (
	"context"
	"fmt"
	"math/rand/v2"

	"plateau/game"
	"plateau/games/mahbousse"
)

// TrainOptions tunes Train.
type TrainOptions struct {
	Games  int     // self-play games
	Seed   uint64  // dice
	Alpha  float64 // learning rate (default 0.1)
	Lambda float64 // eligibility trace decay (default 0.7)
	Rules  mahbousse.Rules
}

// Train improves w by TD(λ) self-play: both sides play the move whose
// position w likes best, and after every move w is nudged so that its
// value of the previous position moves toward its value of the new one,
// and at the end toward the result. The weights in weights.go were made
// by this function (see TestTrain).
func Train(ctx context.Context, w Weights, o TrainOptions) (Weights, error) {
	if o.Alpha == 0 {
		o.Alpha = 0.1
	}
	if o.Lambda == 0 {
		o.Lambda = 0.7
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6d61686275737365))
	var (
		moves []game.Move
		cms   []game.ChanceMove
	)
	for g := range o.Games {
		if err := ctx.Err(); err != nil {
			return w, fmt.Errorf("training stopped after %d games: %w", g, err)
		}
		var s game.State = mahbousse.NewState(o.Rules)
		var trace, prev [nFeatures]float64
		started := false
		alpha := o.Alpha * (1 - 0.9*float64(g)/float64(o.Games))
		for plies := 0; ; plies++ {
			if plies > 10_000 {
				return w, fmt.Errorf("self-play game %d did not end", g)
			}
			if oc := s.Outcome(); oc.Over {
				if started {
					w.update(&trace, &prev, oc.Value(0), alpha)
				}
				break
			}
			if s.ToMove() == game.Chance {
				var err error
				if cms, err = roll(s, rng, cms); err != nil {
					return w, fmt.Errorf("self-play game %d: %w", g, err)
				}
				continue
			}
			mover := s.ToMove()
			moves = s.Moves(moves[:0])
			var best game.State
			bestV := -1.0
			for _, m := range moves {
				c := s.Clone()
				if err := game.PlayListed(c, m); err != nil {
					return w, fmt.Errorf("self-play game %d: %w", g, err)
				}
				if v := w.Eval(c, mover); v > bestV {
					best, bestV = c, v
				}
			}
			s = best
			if s.Outcome().Over {
				continue
			}
			var f [nFeatures]float64
			l := s.(*mahbousse.State).Layout()
			features(&l, 0, &f)
			if started {
				w.update(&trace, &prev, w.value(&f), alpha)
			}
			// The trace decays, then takes the gradient of the new value.
			v := w.value(&f)
			for i := range trace {
				trace[i] = o.Lambda*trace[i] + v*(1-v)*f[i]
			}
			prev, started = f, true
		}
	}
	return w, nil
}

// update moves w by alpha times the error between target and the value of
// the previous position along the trace.
func (w *Weights) update(trace, prev *[nFeatures]float64, target, alpha float64) {
	delta := target - w.value(prev)
	for i := range w {
		w[i] += alpha * delta * trace[i]
	}
}

// roll plays a random roll of s, drawn from rng by the outcomes' weights;
// cms is a buffer, returned for reuse.
func roll(s game.State, rng *rand.Rand, cms []game.ChanceMove) ([]game.ChanceMove, error) {
	cms = s.ChanceMoves(cms[:0])
	m, err := game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
	if err == nil {
		err = s.Play(m)
	}
	if err != nil {
		return cms, fmt.Errorf("roll: %w", err)
	}
	return cms, nil
}
