package dames

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"plateau/ai"
	"plateau/ai/dames/egdb"
	"plateau/game"
	"plateau/games/dames"
)

// Scores are in centi-men for the side to move. A position where the side
// to move has no legal move is lost: -winScore + ply.
const (
	infScore = 32000
	winScore = 31000
	// winLine separates heuristic scores from scores of found wins.
	winLine = winScore - 2*maxPly
	maxPly  = 128
)

// Engine is the dames search of the level max: one iterative deepening a
// move with aspiration windows, principal variation search with null
// windows, late move reductions, a transposition table kept from move to
// move, killer and history ordering, capture quiescence and the evaluation
// of this package (Evaluate), over the bitboards of games/dames without
// allocation. It implements ai.Player for dames states without huffing;
// with huffing on it hands the state to Fallback.
type Engine struct {
	// Limits bounds each Choose. With a time limit (or a context deadline)
	// a depth is started only when the last ones say it can finish in
	// the time left, and stopped at the deadline.
	Limits ai.Limits
	// TTBits is the log2 of the transposition table's entries; 0 sizes it
	// by TTMiB.
	TTBits int
	// TTMiB is the size of the transposition table in MiB when TTBits is
	// 0 (0: DefaultTTMiB).
	TTMiB int
	// Fallback plays the states the engine does not search (huffing on).
	Fallback ai.Player
	// Eval scores quiet positions in centi-men for the side to move (nil:
	// Evaluate).
	Eval func(*dames.Pos) int
	// OnDepth, when set, is called by Choose after each depth completed
	// with the decision so far (its PV is reused afterwards: copy it to
	// keep it).
	OnDepth func(ai.Decision)
	// EGDB, when set, gives the exact value of the positions it holds
	// (searched no further, away from the root).
	EGDB *egdb.DB
	// Previous plays as the engine did before aspiration windows and the
	// time management (the level max-v3): full-window iterations, and no
	// depth started after half the time.
	Previous bool

	tt     table
	ttBits int
	// exact turns off what makes the search's value differ from plain
	// minimax (table cutoffs, reductions), for tests.
	exact   bool
	killers [maxPly + 1][2]dames.Move
	history [2][64][64]int32
	moves   [maxPly + 1][]dames.Move
	scores  [maxPly + 1][]int32
	pv      [maxPly + 1][maxPly + 1]dames.Move
	pvLen   [maxPly + 1]int
	pos     [maxPly + 1]dames.Pos // the position searched at each ply
	// hist holds the hashes of the game's reversible stretch then of the
	// search path: hist[base+ply] is the hash at ply, rev[ply] how many
	// king moves without capture lead to it.
	hist       []uint64
	rev        [maxPly + 2]int
	base       int
	quietLimit int

	nodes    int64
	egdbHits int64
	maxNodes int64
	deadline time.Time
	ctx      context.Context
	stopped  bool
}

// NewEngine returns an engine with the limits given.
func NewEngine(l ai.Limits) *Engine { return &Engine{Limits: l} }

// Close releases the engine's table.
func (e *Engine) Close() {
	e.tt = nil
	if e.Fallback != nil {
		e.Fallback.Close()
	}
}

// forget clears what the engine learnt from earlier searches (its table
// and history), so that its next search depends only on its position:
// self-play games played by several workers then do not depend on which
// worker played which game before.
func (e *Engine) forget() {
	clear(e.tt)
	e.history = [2][64][64]int32{}
}

// WinProbability maps a score in centi-men to the win probability of the
// side to move, 1/(1+exp(-men/2)), the scale of the state's own Evaluate.
func WinProbability(cm int) float64 { return 1 / (1 + math.Exp(-float64(cm)/200)) }

// Men is the inverse of WinProbability, in men: 2·ln(p/(1-p)).
func Men(p float64) float64 {
	p = min(max(p, 1e-12), 1-1e-12)
	return 2 * math.Log(p/(1-p))
}

// Choose searches s and returns the best move.
func (e *Engine) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	st, ok := s.(*dames.State)
	if !ok {
		return ai.Decision{}, fmt.Errorf("dames engine: a %T is not a dames state", s)
	}
	hist, limit, huffing := st.DrawRules()
	if huffing {
		if e.Fallback == nil {
			return ai.Decision{}, fmt.Errorf("dames engine: huffing=on needs a fallback player")
		}
		return e.Fallback.Choose(ctx, s)
	}
	if st.ToMove() == game.Nobody {
		return ai.Decision{}, fmt.Errorf("%w: the game is over in %q", ai.ErrNoDecision, s.Position())
	}
	pos := st.Pos()
	e.init(ctx)
	e.quietLimit = limit
	e.hist = append(slices.Grow(e.hist[:0], len(hist)+maxPly+2), hist...)
	e.base = len(hist)
	e.rev[0] = len(hist)
	h := pos.Hash()
	e.hist = append(e.hist, h)

	root := pos.Generate(nil)
	if len(root) == 0 {
		return ai.Decision{}, fmt.Errorf("%w: no legal move in %q", ai.ErrNoDecision, s.Position())
	}
	maxDepth := e.Limits.Depth
	if maxDepth <= 0 || maxDepth > maxPly/2 {
		maxDepth = maxPly / 2
	}
	if len(root) == 1 {
		maxDepth = 1
	}
	d := ai.Decision{Move: dames.Pack(root[0]), Score: 0.5, PV: []game.Move{dames.Pack(root[0])}}
	e.deepen(&pos, h, maxDepth, &d)
	d.Nodes = e.nodes
	return d, nil
}

// deepen searches pos (hash h) to depth 1, 2, ... maxDepth, or until the
// limits stop it, and fills d with the deepest result.
func (e *Engine) deepen(pos *dames.Pos, h uint64, maxDepth int, d *ai.Decision) {
	var clock depthClock
	clock.start(e.deadline)
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		v := e.aspirate(pos, h, depth, prev)
		if e.stopped {
			// A partial iteration searched the previous best first, so
			// its best line is at least as well informed.
			if e.pvLen[0] > 0 && v > -winLine {
				e.fillPV(d)
			}
			return
		}
		prev = v
		d.Depth = depth
		e.fillPV(d)
		d.Score, d.Proven = scoreValue(v)
		if e.OnDepth != nil {
			d.Nodes = e.nodes
			e.OnDepth(*d)
		}
		if d.Proven || !clock.next(e.Previous) {
			return
		}
	}
}

// fillPV copies the root's principal variation into d, and its first move.
func (e *Engine) fillPV(d *ai.Decision) {
	if e.pvLen[0] == 0 {
		return
	}
	d.PV = d.PV[:0]
	for i := range e.pvLen[0] {
		d.PV = append(d.PV, dames.Pack(e.pv[0][i]))
	}
	d.Move = d.PV[0]
}

// aspiration is the half-width of the first window around the previous
// depth's score, in centi-men.
const aspiration = 25

// aspirate searches the root at depth in a window around prev, widened on
// the failing side until the score falls inside; shallow depths, found
// wins and the Previous engine search with the whole window.
func (e *Engine) aspirate(pos *dames.Pos, h uint64, depth, prev int) int {
	if e.Previous || depth < 4 || prev > winLine || prev < -winLine {
		return e.search(pos, h, depth, 0, -infScore, infScore)
	}
	delta := aspiration
	alpha, beta := prev-delta, prev+delta
	for {
		v := e.search(pos, h, depth, 0, alpha, beta)
		switch {
		case e.stopped:
			return v
		case v <= alpha:
			alpha = max(v-delta, -infScore)
		case v >= beta:
			beta = min(v+delta, infScore)
		default:
			return v
		}
		delta *= 4
		if delta > 1000 {
			alpha, beta = -infScore, infScore
		}
	}
}

// depthClock decides whether a next depth can do its main work before
// the deadline, from the times the last depths took: each one has taken a
// few times its predecessor's (the branching factor of the iterations).
type depthClock struct {
	begin, deadline time.Time
	last, before    time.Duration // the last two depths' own times
	mark            time.Time
}

func (c *depthClock) start(deadline time.Time) {
	c.begin, c.deadline, c.mark = time.Now(), deadline, time.Now()
}

// next records a finished depth and reports whether to start another.
// The Previous engine stops once half the time is gone.
func (c *depthClock) next(previous bool) bool {
	now := time.Now()
	c.before, c.last, c.mark = c.last, now.Sub(c.mark), now
	if c.deadline.IsZero() {
		return true
	}
	left := c.deadline.Sub(now)
	if previous {
		return now.Sub(c.begin) <= c.deadline.Sub(c.begin)/2
	}
	factor := 4.0
	if c.before > time.Millisecond {
		factor = min(max(float64(c.last)/float64(c.before), 1.5), 8)
	}
	// The next depth searches the previous best move first, most of its
	// work: started when half of it fits, it is stopped at the deadline
	// with that move's result at least.
	return time.Duration(float64(c.last)*factor/2) < left
}

// scoreValue turns a score into a Decision's value: the win probability,
// or for a found win (loss) in n plies 1-n·10⁻⁶ (n·10⁻⁶), proven.
func scoreValue(v int) (float64, bool) {
	switch {
	case v > winLine:
		return 1 - float64(winScore-v)*1e-6, true
	case v < -winLine:
		return float64(winScore+v) * 1e-6, true
	}
	return WinProbability(v), false
}

func (e *Engine) init(ctx context.Context) {
	bits := e.TTBits
	if bits <= 0 {
		mib := e.TTMiB
		if mib <= 0 {
			mib = DefaultTTMiB
		}
		bits = ttBitsFor(mib)
	}
	if e.tt == nil || e.ttBits != bits {
		e.tt = make(table, 1<<bits)
		e.ttBits = bits
	}
	e.ctx = ctx
	e.nodes, e.egdbHits = 0, 0
	e.maxNodes = e.Limits.Nodes
	e.stopped = false
	e.deadline = time.Time{}
	if d, ok := ctx.Deadline(); ok {
		e.deadline = d
	}
	if e.Limits.Time > 0 {
		if d := time.Now().Add(e.Limits.Time); e.deadline.IsZero() || d.Before(e.deadline) {
			e.deadline = d
		}
	}
	e.killers = [maxPly + 1][2]dames.Move{}
	if e.moves[0] == nil {
		// Room for the moves of any position met in practice, so that
		// the search does not grow its buffers (allocate) as it goes.
		for i := range e.moves {
			e.moves[i] = make([]dames.Move, 0, 128)
			e.scores[i] = make([]int32, 0, 128)
		}
	}
	for s := range e.history {
		for f := range e.history[s] {
			for t := range e.history[s][f] {
				e.history[s][f][t] /= 8 // age what earlier moves taught
			}
		}
	}
}

// visit counts a node and reports whether the search must stop.
func (e *Engine) visit() bool {
	e.nodes++
	if e.stopped {
		return true
	}
	if e.maxNodes > 0 && e.nodes >= e.maxNodes {
		e.stopped = true
	}
	if e.nodes&1023 == 0 {
		if e.ctx.Err() != nil || !e.deadline.IsZero() && time.Now().After(e.deadline) {
			e.stopped = true
		}
	}
	return e.stopped
}

// repeated reports whether the position at ply (hash h) repeats one of
// the reversible stretch before it, or ends it by the quiet-move limit:
// both are draws the side ahead cannot count on avoiding.
func (e *Engine) repeated(h uint64, ply int) bool {
	r := e.rev[ply]
	if e.quietLimit > 0 && r >= e.quietLimit {
		return true
	}
	i := e.base + ply
	for j := i - 2; j >= i-r && j >= 0; j -= 2 {
		if e.hist[j] == h {
			return true
		}
	}
	return false
}
