package dames

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"plateau/ai"
	"plateau/game"
	"plateau/games/dames"
)

// TrainConfig sets up Train. Zero fields take the defaults in brackets.
type TrainConfig struct {
	Games       int     // self-play games [2000]
	Nodes       int64   // search nodes a move [3000]
	RandomPlies int     // random plies opening each game, at most [8]
	Epochs      int     // passes of stochastic gradient descent [12]
	Rate        float64 // learning rate [0.02]
	L2          float64 // weight decay of the pattern weights [1e-6]
	Seed        uint64  // seed of the openings and of the fit [1]
	// Lambda mixes the target of each position: (1-Lambda) times the
	// game's result plus Lambda times the self-play search's value of the
	// position (both for White) [0: the result alone].
	Lambda float64
	// Eval scores the self-play searches (nil: the hand-written
	// Evaluate): training from a fitted evaluation refines it.
	Eval func(*dames.Pos) int
	Log  io.Writer // progress (nil: none)
}

func (c *TrainConfig) defaults() {
	if c.Games <= 0 {
		c.Games = 2000
	}
	if c.Nodes <= 0 {
		c.Nodes = 3000
	}
	if c.RandomPlies <= 0 {
		c.RandomPlies = 8
	}
	if c.Epochs <= 0 {
		c.Epochs = 12
	}
	if c.Rate <= 0 {
		c.Rate = 0.02
	}
	if c.L2 <= 0 {
		c.L2 = 1e-6
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
}

// sample is a quiet position of a self-play game and its target for White:
// the game's result (1, 1/2 or 0), mixed with the search's value by Lambda.
type sample struct {
	pos    dames.Pos
	result float64
}

// Train plays self-play games with the engine at a fixed node budget (so
// that a seed gives the same games on any machine) from random openings,
// keeps their quiet positions (no capture pending, past the opening) with
// each game's result, and fits the pattern evaluation's weights to them by
// logistic regression over the hand-written score (every position is also learnt turned half a turn
// with the colours swapped and the result reversed). It returns the
// contents of a weights file and the fit's log loss.
func Train(ctx context.Context, cfg TrainConfig) ([]byte, float64, error) {
	cfg.defaults()
	samples, err := selfPlay(ctx, cfg)
	if err != nil {
		return nil, 0, err
	}
	w, loss := fit(samples, cfg)
	return encodeWeights(w), loss, nil
}

func selfPlay(ctx context.Context, cfg TrainConfig) ([]sample, error) {
	g := dames.Game{}
	gcfg := game.DefaultConfig(g)
	e := NewEngine(ai.Limits{Nodes: cfg.Nodes})
	e.TTBits = 18
	e.Eval = cfg.Eval
	defer e.Close()
	var out []sample
	var score float64
	const maxPlies = 300
	for i := range cfg.Games {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("self-play game %d: %w", i+1, err)
		}
		r := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		st, err := g.New(gcfg)
		if err != nil {
			return nil, err
		}
		s := st.(*dames.State)
		opening := 2 + r.IntN(cfg.RandomPlies-1)
		var kept []dames.Pos
		var search []float64 // the search's value of each kept position for White
		var buf []game.Move
		for ply := 0; ply < maxPlies && s.ToMove() != game.Nobody; ply++ {
			var m game.Move
			if ply < opening {
				buf = s.Moves(buf[:0])
				m = buf[r.IntN(len(buf))]
			} else {
				p := s.Pos()
				if ms := p.Generate(nil); ms[0].Captured == 0 {
					kept = append(kept, p)
				}
				d, err := e.Choose(ctx, s)
				if err != nil {
					return nil, fmt.Errorf("self-play game %d ply %d: %w", i+1, ply+1, err)
				}
				m = d.Move
				if len(kept) > len(search) {
					v := d.Score // for the side to move
					if p.Side == dames.Black {
						v = 1 - v
					}
					search = append(search, v)
				}
			}
			if err := s.Play(m); err != nil {
				return nil, fmt.Errorf("self-play game %d ply %d: %w", i+1, ply+1, err)
			}
		}
		res := 0.5
		if o := s.Outcome(); o.Over {
			res = o.Value(0)
		}
		score += res
		for k, p := range kept {
			out = append(out, sample{p, (1-cfg.Lambda)*res + cfg.Lambda*search[k]})
		}
		if (i+1)%100 == 0 {
			fmt.Fprintf(cfg.Log, "self-play: %d games, %d positions, White scores %.3f\n", i+1, len(out), score/float64(i+1))
		}
	}
	return out, nil
}

// fit minimises the log loss of σ(w·φ) against the results by stochastic
// gradient descent, in a seeded order.
func fit(samples []sample, cfg TrainConfig) ([]float64, float64) {
	n := nFeatures()
	w := make([]float64, n)
	type row struct {
		idx  []int
		val  []float64
		base float64 // the hand-written score, a fixed offset
		y    float64
	}
	rows := make([]row, 0, 2*len(samples))
	for _, s := range samples {
		for k, p := range []dames.Pos{s.pos, flip(s.pos)} {
			idx, val, hand := features(&p, nil, nil)
			y := s.result
			if k == 1 {
				y = 1 - y
			}
			rows = append(rows, row{idx, val, float64(hand) / 200, y})
		}
	}
	r := rand.New(rand.NewPCG(cfg.Seed, 0xf17))
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	var loss float64
	for epoch := range cfg.Epochs {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		rate := cfg.Rate / (1 + float64(epoch)/4)
		loss = 0
		for _, i := range order {
			x := &rows[i]
			z := x.base
			for k, j := range x.idx {
				z += w[j] * x.val[k]
			}
			p := 1 / (1 + math.Exp(-z))
			loss -= x.y*math.Log(max(p, 1e-12)) + (1-x.y)*math.Log(max(1-p, 1e-12))
			g := p - x.y
			for k, j := range x.idx {
				w[j] -= rate * g * x.val[k]
				w[j] -= rate * cfg.L2 * w[j]
			}
		}
		loss /= float64(max(len(rows), 1))
		fmt.Fprintf(cfg.Log, "fit: epoch %d, %d positions, log loss %.4f, side to move %.1f centi-men\n", epoch+1, len(rows), loss, 200*w[0])
	}
	return w, loss
}
