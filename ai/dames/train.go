package dames

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

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
	Rate        float64 // learning rate [0.005]
	L2          float64 // weight decay [1e-5]
	Seed        uint64  // seed of the openings and of the fit [1]
	// Lambda mixes the target of each position: (1-Lambda) times the
	// game's result plus Lambda times the self-play search's value of the
	// position (both for White) [0: the result alone].
	Lambda float64
	// Eval scores the self-play searches (nil: the hand-written
	// Evaluate): training from a fitted evaluation refines it.
	Eval func(*dames.Pos) int
	Log  io.Writer // progress (nil: none)
	// Workers plays that many self-play games at once [GOMAXPROCS].
	Workers int
	// Windows fits the windows (window.go) too: the weights file then
	// has nFeaturesWindows weights.
	Windows bool
	// Start holds the weights the fit starts from, those of a weights
	// file (nil: zero); a file without the windows starts them at zero.
	Start []float64
	// WindowsOnly fits the windows alone over Start's other weights,
	// kept as they are: the windows learn what the fitted file misses.
	WindowsOnly bool
	// Explore plays that share of the moves after the opening at random
	// (each position still searched for its target), so that the
	// positions learnt include those after weak moves, which the search
	// meets in its trees but self-play alone seldom reaches [0].
	Explore float64
	// Holdout keeps that share of the positions, the last ones (so whole
	// games, the latest), out of the fit and logs their log loss after
	// each epoch: the fit's measure on positions it did not learn [0].
	Holdout float64
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
		c.Rate = 0.005
	}
	if c.L2 <= 0 {
		c.L2 = 1e-5
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
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
	ps, err := SelfPlay(ctx, cfg)
	if err != nil {
		return nil, 0, err
	}
	w, loss := Fit(ps, cfg)
	return w, loss, nil
}

// Positions are the labelled positions of self-play games that Fit learns
// from, in the order of their games.
type Positions []sample

// SelfPlay plays Train's self-play games, cfg.Workers at a time, and
// returns their positions. Game i depends only on the seed and i, and the
// games' positions are kept in the games' order, so the result does not
// depend on the number of workers.
func SelfPlay(ctx context.Context, cfg TrainConfig) (Positions, error) {
	cfg.defaults()
	games := make([][]sample, cfg.Games)
	results := make([]float64, cfg.Games)
	var (
		next      atomic.Int64
		mu        sync.Mutex
		done      int
		positions int
		score     float64
		firstErr  error
		wg        sync.WaitGroup
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range min(cfg.Workers, cfg.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := NewEngine(ai.Limits{Nodes: cfg.Nodes})
			e.TTBits = 18
			e.Eval = cfg.Eval
			defer e.Close()
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				ps, res, err := selfPlayGame(ctx, e, cfg, i)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					cancel()
					mu.Unlock()
					return
				}
				games[i], results[i] = ps, res
				done++
				positions += len(ps)
				score += res
				if done%100 == 0 {
					fmt.Fprintf(cfg.Log, "self-play: %d games, %d positions, White scores %.3f\n", done, positions, score/float64(done))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	out := make(Positions, 0, positions)
	for _, g := range games {
		out = append(out, g...)
	}
	return out, nil
}

// selfPlayGame plays self-play game i with e and returns its kept
// positions and its result for White.
func selfPlayGame(ctx context.Context, e *Engine, cfg TrainConfig, i int) ([]sample, float64, error) {
	const maxPlies = 300
	if err := ctx.Err(); err != nil {
		return nil, 0, fmt.Errorf("self-play game %d: %w", i+1, err)
	}
	g := dames.Game{}
	r := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	st, err := g.New(game.DefaultConfig(g))
	if err != nil {
		return nil, 0, err
	}
	s := st.(*dames.State)
	opening := 2 + r.IntN(cfg.RandomPlies-1)
	e.forget()
	var kept []dames.Pos
	var search []float64 // the search's value of each kept position for White
	var buf []game.Move
	randomMove := func() game.Move {
		buf = s.Moves(buf[:0])
		return buf[r.IntN(len(buf))]
	}
	for ply := 0; ply < maxPlies && s.ToMove() != game.Nobody; ply++ {
		var m game.Move
		if ply < opening {
			m = randomMove()
		} else {
			p := s.Pos()
			if ms := p.Generate(nil); ms[0].Captured == 0 {
				kept = append(kept, p)
			}
			d, err := e.Choose(ctx, s)
			if err != nil {
				return nil, 0, fmt.Errorf("self-play game %d ply %d: %w", i+1, ply+1, err)
			}
			m = d.Move
			if cfg.Explore > 0 && r.Float64() < cfg.Explore {
				m = randomMove()
			}
			if len(kept) > len(search) {
				v := d.Score // for the side to move
				if p.Side == dames.Black {
					v = 1 - v
				}
				search = append(search, v)
			}
		}
		if err := s.Play(m); err != nil {
			return nil, 0, fmt.Errorf("self-play game %d ply %d: %w", i+1, ply+1, err)
		}
	}
	res := 0.5
	if o := s.Outcome(); o.Over {
		res = o.Value(0)
	}
	out := make([]sample, len(kept))
	for k, p := range kept {
		out[k] = sample{p, (1-cfg.Lambda)*res + cfg.Lambda*search[k]}
	}
	return out, res, nil
}

// positionsMagic starts a positions file, followed by the number of
// positions (a uint64) and, for each, White's, Black's and the kings'
// bitboards (little-endian uint64s), the side to move (a byte) and the
// target for White (a little-endian float64, so that fitting a file gives
// the weights of fitting the positions it was written from).
const positionsMagic = "PLDP1\n"

const positionSize = 3*8 + 1 + 8

// MarshalBinary encodes the positions as a positions file.
func (ps Positions) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(positionsMagic)+8+positionSize*len(ps))
	b = append(b, positionsMagic...)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(ps)))
	for _, s := range ps {
		b = binary.LittleEndian.AppendUint64(b, s.pos.Pieces[dames.White])
		b = binary.LittleEndian.AppendUint64(b, s.pos.Pieces[dames.Black])
		b = binary.LittleEndian.AppendUint64(b, s.pos.Kings)
		b = append(b, byte(s.pos.Side))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(s.result))
	}
	return b, nil
}

// UnmarshalBinary decodes a positions file written by MarshalBinary and
// appends its positions to ps, so that the positions of several files can
// be learnt together. A file that is not one, or a position that is not,
// is an error naming it.
func (ps *Positions) UnmarshalBinary(b []byte) error {
	if len(b) < len(positionsMagic)+8 || string(b[:len(positionsMagic)]) != positionsMagic {
		return errors.New("not a positions file (bad magic)")
	}
	b = b[len(positionsMagic):]
	n := binary.LittleEndian.Uint64(b)
	b = b[8:]
	if n != uint64(len(b))/positionSize || len(b)%positionSize != 0 {
		return fmt.Errorf("%d positions in %d bytes, want %d bytes each", n, len(b), positionSize)
	}
	out := make(Positions, 0, int(n))
	for i := range int(n) {
		r := b[i*positionSize:]
		var s sample
		s.pos.Pieces[dames.White] = binary.LittleEndian.Uint64(r)
		s.pos.Pieces[dames.Black] = binary.LittleEndian.Uint64(r[8:])
		s.pos.Kings = binary.LittleEndian.Uint64(r[16:])
		s.pos.Side = dames.Side(r[24])
		s.result = math.Float64frombits(binary.LittleEndian.Uint64(r[25:]))
		if err := validSample(s); err != nil {
			return fmt.Errorf("position %d: %w", i+1, err)
		}
		out = append(out, s)
	}
	*ps = append(*ps, out...)
	return nil
}

// validSample checks what a position of a positions file must be.
func validSample(s sample) error {
	p := s.pos
	switch {
	case p.Side != dames.White && p.Side != dames.Black:
		return fmt.Errorf("side to move %d", p.Side)
	case (p.Pieces[dames.White]|p.Pieces[dames.Black])&^boardMask != 0:
		return errors.New("a piece off the board")
	case p.Pieces[dames.White]&p.Pieces[dames.Black] != 0:
		return errors.New("a square of both colours")
	case p.Kings&^(p.Pieces[dames.White]|p.Pieces[dames.Black]) != 0:
		return errors.New("a king on an empty square")
	case !(s.result >= 0 && s.result <= 1):
		return fmt.Errorf("target %v outside [0, 1]", s.result)
	}
	return nil
}

// Fit fits the pattern evaluation's weights to the positions (see Train)
// and returns the contents of a weights file and the log loss.
func Fit(ps Positions, cfg TrainConfig) ([]byte, float64) {
	cfg.defaults()
	w, loss := fit(ps, cfg)
	return encodeWeights(w), loss
}

// rows are the positions a fit learns, each with its mirror image, their
// features computed once and kept in flat arrays (int32 indices, float32
// values) so that millions of positions fit in memory.
type rows struct {
	idx   []int32
	val   []float32
	start []int     // row i's features are idx[start[i]:start[i+1]]
	base  []float64 // the hand-written score, a fixed offset
	ys    []float64 // the target for White
}

func newRows(samples []sample, windows bool) *rows {
	rs := &rows{
		start: make([]int, 0, 2*len(samples)+1),
		base:  make([]float64, 0, 2*len(samples)),
		ys:    make([]float64, 0, 2*len(samples)),
	}
	var (
		fi []int
		fv []float64
	)
	for _, s := range samples {
		for k, p := range []dames.Pos{s.pos, flip(s.pos)} {
			var hand int
			fi, fv, hand = features(&p, fi[:0], fv[:0], windows)
			if rs.idx == nil {
				rs.idx = make([]int32, 0, 2*len(samples)*len(fi))
				rs.val = make([]float32, 0, 2*len(samples)*len(fi))
			}
			rs.start = append(rs.start, len(rs.idx))
			for j, i := range fi {
				rs.idx = append(rs.idx, int32(i))
				rs.val = append(rs.val, float32(fv[j]))
			}
			y := s.result
			if k == 1 {
				y = 1 - y
			}
			rs.base = append(rs.base, float64(hand)/200)
			rs.ys = append(rs.ys, y)
		}
	}
	rs.start = append(rs.start, len(rs.idx))
	return rs
}

// predict returns σ(w·φ) of row i.
func (rs *rows) predict(w []float64, i int) float64 {
	z := rs.base[i]
	a := rs.start[i]
	for k, j := range rs.idx[a:rs.start[i+1]] {
		z += w[j] * float64(rs.val[a+k])
	}
	return 1 / (1 + math.Exp(-z))
}

func logLoss(y, p float64) float64 {
	return -(y*math.Log(max(p, 1e-12)) + (1-y)*math.Log(max(1-p, 1e-12)))
}

// fit minimises the log loss of σ(w·φ) against the results by stochastic
// gradient descent, in a seeded order.
func fit(samples []sample, cfg TrainConfig) ([]float64, float64) {
	n := nFeatures()
	if cfg.Windows {
		n = nFeaturesWindows()
	}
	w := make([]float64, n)
	copy(w, cfg.Start)
	frozen := 0 // the weights before frozen are not learnt
	if cfg.WindowsOnly {
		frozen = nFeatures()
	}
	rs := newRows(samples, cfg.Windows)
	learnt := len(rs.ys)
	held := min(int(cfg.Holdout*float64(learnt))&^1, learnt) // a position and its mirror go together
	learnt -= held
	r := rand.New(rand.NewPCG(cfg.Seed, 0xf17))
	order := make([]int32, learnt)
	for i := range order {
		order[i] = int32(i)
	}
	var loss float64
	for epoch := range cfg.Epochs {
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		rate := cfg.Rate / (1 + float64(epoch)/4)
		loss = 0
		for _, i := range order {
			p, y := rs.predict(w, int(i)), rs.ys[i]
			loss += logLoss(y, p)
			g := p - y
			a := rs.start[i]
			for k, j := range rs.idx[a:rs.start[i+1]] {
				if int(j) < frozen {
					continue
				}
				w[j] -= rate * g * float64(rs.val[a+k])
				w[j] -= rate * cfg.L2 * w[j]
			}
		}
		loss /= float64(max(learnt, 1))
		fmt.Fprintf(cfg.Log, "fit: epoch %d, %d positions, log loss %.4f, side to move %.1f centi-men\n", epoch+1, learnt, loss, 200*w[0])
		if held > 0 {
			var hl float64
			for i := learnt; i < learnt+held; i++ {
				hl += logLoss(rs.ys[i], rs.predict(w, i))
			}
			fmt.Fprintf(cfg.Log, "fit: epoch %d, %d positions held out, log loss %.4f\n", epoch+1, held, hl/float64(held))
		}
	}
	return w, loss
}
