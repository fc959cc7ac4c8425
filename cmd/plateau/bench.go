package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/game"
)

// benchResult is one game's figures, printed by bench --json as an array.
type benchResult struct {
	Game    string `json:"game"`
	Variant string `json:"variant"` // every option's value, as game.Config.String writes them
	// Random playouts from the start position: move listing and playing.
	Playouts        int     `json:"playouts"`
	PliesPerSecond  float64 `json:"plies_per_second"`
	AllocsPerPly    float64 `json:"allocs_per_ply"`
	PlayoutsSeconds float64 `json:"playouts_seconds"`
	// The level's moves at positions of random games.
	Level          string  `json:"level"`
	Moves          int     `json:"moves"`
	MsPerMoveAvg   float64 `json:"ms_per_move_avg"`
	MsPerMoveMax   float64 `json:"ms_per_move_max"`
	NodesPerMove   float64 `json:"nodes_per_move"`
	NodesPerSecond float64 `json:"nodes_per_second"`
	AllocsPerNode  float64 `json:"allocs_per_node"`
	// DepthAvg is the mean of ai.Decision.Depth: the deepest iteration
	// each search completed (alpha-beta), the principal variation's length
	// (MCTS), 0 for players without either.
	DepthAvg float64 `json:"depth_avg"`
	// The level's own evaluation (level.Evaluation), when it has one:
	// nanoseconds a call at positions of the random playouts.
	EvalNs float64 `json:"eval_ns,omitempty"`
}

func runBench(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "bench", "[GAME]... [--variant K=V]... [--level L] [--moves N] [--time D] [--playouts-for D] [--seed S] [--json]",
		"plateau bench dames intercept --level hard --moves 10\n  plateau bench intercept --variant players=4 --variant mode=solo --level hard")
	var variants multiFlag
	fs.Var(&variants, "variant", "variant option `key=value` (repeatable), set for every game measured")
	lvl := fs.String("level", "hard", "the player to time: "+strings.Join(level.Names, ", "))
	moves := fs.Int("moves", 20, "time the player's choice at this many positions of random games")
	maxTime := fs.Duration("time", 5*time.Second, "time per move of the level max")
	nodes := fs.Int64("nodes", 0, nodesUsage)
	playFor := fs.Duration("playouts-for", time.Second, "play random games for this long")
	seed := fs.Uint64("seed", 1, "seed of the random games and of the player")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per game")
	ids, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *moves < 0 || *playFor <= 0 || *nodes < 0 {
		return usagef("--moves %d, --playouts-for %s, --nodes %d: want --moves >= 0, --playouts-for > 0 and --nodes >= 0", *moves, *playFor, *nodes)
	}
	opts := level.Options{Time: *maxTime, Nodes: *nodes}
	if len(ids) == 0 {
		ids = e.games.IDs()
	}
	settings, err := game.ParseSettings(variants)
	if err != nil {
		return usageError{err}
	}
	var gs []game.Game
	var cfgs []game.Config
	for _, id := range ids {
		g, err := e.games.Lookup(id)
		if err != nil {
			return usageError{err}
		}
		cfg, err := game.NewConfig(g, settings)
		if err != nil {
			return usagef("%s: %w", id, err)
		}
		cfgs = append(cfgs, cfg)
		// The level is checked for every game before any is measured.
		if _, err := level.New(g.ID(), *lvl, *seed, level.Options{}); err != nil {
			return usageError{err}
		}
		gs = append(gs, g)
	}
	var results []benchResult
	for i, g := range gs {
		fmt.Fprintf(e.stderr, "%s...\n", g.ID())
		r, err := bench(ctx, g, cfgs[i], *lvl, *moves, *playFor, opts, *seed)
		if err != nil {
			return fmt.Errorf("bench %s: %w", g.ID(), err)
		}
		results = append(results, r)
	}
	if *asJSON {
		return writeJSON(e, results)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "game\tplayouts\tplies/s\tallocs/ply\t%s moves\tms/move avg\tmax\tnodes/move\tnodes/s\tallocs/node\tdepth\teval ns\t\n", *lvl)
	for _, r := range results {
		label := r.Game
		if len(variants) > 0 {
			label += " " + strings.Join(variants, " ")
		}
		ev := "-"
		if r.EvalNs > 0 {
			ev = fmt.Sprintf("%.0f", r.EvalNs)
		}
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.2f\t%d\t%.1f\t%.1f\t%.0f\t%.0f\t%.3f\t%.2f\t%s\t\n", label, r.Playouts, r.PliesPerSecond,
			r.AllocsPerPly, r.Moves, r.MsPerMoveAvg, r.MsPerMoveMax, r.NodesPerMove, r.NodesPerSecond, r.AllocsPerNode, r.DepthAvg, ev)
	}
	return tw.Flush()
}

// bench measures one game in configuration cfg: random playouts for
// playFor, then the level's choice at moves positions sampled from random
// games (about one in four plies where a player is to move), the level
// built with options o.
func bench(ctx context.Context, g game.Game, cfg game.Config, lvl string, moves int, playFor time.Duration, o level.Options, seed uint64) (benchResult, error) {
	r := benchResult{Game: g.ID(), Variant: cfg.String(), Level: lvl}
	rp := &randomPlies{rng: rand.New(rand.NewPCG(seed, 0xbe7c4))}
	sample, err := benchPlayouts(ctx, g, cfg, playFor, rp, &r)
	if err != nil {
		return r, err
	}
	if ev := level.Evaluation(g.ID(), lvl); ev != nil && len(sample) > 0 {
		r.EvalNs = timeEval(ev, sample)
	}
	p, err := level.New(g.ID(), lvl, seed, o)
	if err != nil {
		return r, err
	}
	if err := benchLevel(ctx, g, cfg, lvl, p, moves, rp, &r); err != nil {
		return r, err
	}
	return r, ctx.Err()
}

// randomPlies plays random legal moves, chance moves by their weights.
type randomPlies struct {
	rng *rand.Rand
	buf []game.Move
	cms []game.ChanceMove
}

// ply plays one random move in s.
func (rp *randomPlies) ply(s game.State) error {
	var m game.Move
	if s.ToMove() == game.Chance {
		rp.cms = s.ChanceMoves(rp.cms[:0])
		var err error
		if m, err = game.Pick(rp.cms, rp.rng.IntN(game.TotalWeight(rp.cms))); err != nil {
			return err
		}
	} else {
		rp.buf = s.Moves(rp.buf[:0])
		m = rp.buf[rp.rng.IntN(len(rp.buf))]
	}
	return s.Play(m)
}

// benchPlayouts plays random games for playFor into r's playout figures,
// and returns positions sampled from them for timing the evaluation.
func benchPlayouts(ctx context.Context, g game.Game, cfg game.Config, playFor time.Duration, rp *randomPlies, r *benchResult) ([]game.State, error) {
	var plies int
	var sample []game.State
	a0 := mallocs()
	start := time.Now()
	for time.Since(start) < playFor && ctx.Err() == nil {
		s, err := g.New(cfg)
		if err != nil {
			return nil, err
		}
		for !s.Outcome().Over {
			if err := rp.ply(s); err != nil {
				return nil, err
			}
			plies++
			if plies%7 == 0 && len(sample) < 1000 && !s.Outcome().Over {
				sample = append(sample, s.Clone())
			}
		}
		r.Playouts++
	}
	r.PlayoutsSeconds = time.Since(start).Seconds()
	r.PliesPerSecond = float64(plies) / r.PlayoutsSeconds
	r.AllocsPerPly = float64(mallocs()-a0) / float64(max(plies, 1))
	return sample, nil
}

// benchLevel times p's choice at moves positions of random games into
// r's level figures.
func benchLevel(ctx context.Context, g game.Game, cfg game.Config, lvl string, p ai.Player, moves int, rp *randomPlies, r *benchResult) error {
	var nodes, depths int64
	var spent time.Duration
	var allocs uint64
	s, err := g.New(cfg)
	if err != nil {
		return err
	}
	for r.Moves < moves && ctx.Err() == nil {
		if s.Outcome().Over {
			if s, err = g.New(cfg); err != nil {
				return err
			}
			continue
		}
		if s.ToMove() != game.Chance && rp.rng.IntN(4) == 0 {
			a := mallocs()
			t := time.Now()
			d, err := p.Choose(ctx, s)
			if err != nil {
				return fmt.Errorf("%s at %q: %w", lvl, s.Position(), err)
			}
			took := time.Since(t)
			allocs += mallocs() - a
			spent += took
			r.MsPerMoveMax = max(r.MsPerMoveMax, float64(took.Microseconds())/1000)
			nodes += d.Nodes
			depths += int64(d.Depth)
			r.Moves++
		}
		if err := rp.ply(s); err != nil {
			return err
		}
	}
	if r.Moves > 0 {
		r.MsPerMoveAvg = float64(spent.Microseconds()) / 1000 / float64(r.Moves)
		r.NodesPerMove = float64(nodes) / float64(r.Moves)
		r.NodesPerSecond = float64(nodes) / spent.Seconds()
		r.AllocsPerNode = float64(allocs) / float64(max(nodes, 1))
		r.DepthAvg = float64(depths) / float64(r.Moves)
	}
	return nil
}

// timeEval returns the nanoseconds a call of ev takes over the positions,
// for each player, repeated for about a fifth of a second.
func timeEval(ev ai.Eval, positions []game.State) float64 {
	calls := 0
	start := time.Now()
	for time.Since(start) < 200*time.Millisecond {
		for _, s := range positions {
			for p := range s.Players() {
				ev(s, game.Player(p))
				calls++
			}
		}
	}
	return float64(time.Since(start).Nanoseconds()) / float64(calls)
}

// mallocs is the number of heap allocations so far: the commands run one
// goroutine, so differences count what the code between them allocated.
func mallocs() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Mallocs
}
