package dames

import (
	"context"
	"fmt"
	"math"
	"time"

	"plateau/ai"
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

// Engine is the dames search of the level max: iterative deepening,
// principal variation search with null windows, late move reductions,
// a transposition table, killer and history ordering, capture quiescence
// and the evaluation of this package (Evaluate), over the bitboards of
// games/dames without allocation. It implements ai.Player for dames states
// without huffing; with huffing on it hands the state to Fallback.
type Engine struct {
	// Limits bounds each Choose.
	Limits ai.Limits
	// TTBits is the log2 of the transposition table's entries (default 20).
	TTBits int
	// Fallback plays the states the engine does not search (huffing on).
	Fallback ai.Player
	// Eval scores quiet positions in centi-men for the side to move (nil:
	// Evaluate).
	Eval func(*dames.Pos) int

	tt     []ttEntry
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
	maxNodes int64
	deadline time.Time
	ctx      context.Context
	stopped  bool
}

type ttEntry struct {
	key   uint64
	move  dames.Move
	score int16
	depth int8
	flag  uint8
}

const (
	boundUpper uint8 = iota + 1
	boundLower
	boundExact
)

// NewEngine returns an engine with the limits given.
func NewEngine(l ai.Limits) *Engine { return &Engine{Limits: l} }

// Close releases the engine's table.
func (e *Engine) Close() {
	e.tt = nil
	if e.Fallback != nil {
		e.Fallback.Close()
	}
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
	e.hist = append(e.hist[:0], hist...)
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
	start := time.Now()
	for depth := 1; depth <= maxDepth; depth++ {
		v := e.search(&pos, h, depth, 0, -infScore, infScore)
		if e.stopped {
			// A partial iteration searched the previous best first, so
			// its best line is at least as well informed.
			if e.pvLen[0] > 0 && v > -winLine {
				d.PV = d.PV[:0]
				for i := range e.pvLen[0] {
					d.PV = append(d.PV, dames.Pack(e.pv[0][i]))
				}
				d.Move = d.PV[0]
			}
			break
		}
		d.Depth = depth
		d.PV = d.PV[:0]
		for i := range e.pvLen[0] {
			d.PV = append(d.PV, dames.Pack(e.pv[0][i]))
		}
		if len(d.PV) > 0 {
			d.Move = d.PV[0]
		}
		d.Score, d.Proven = scoreValue(v)
		if d.Proven || e.stopped {
			break
		}
		if !e.deadline.IsZero() && time.Since(start) > e.deadline.Sub(start)/2 {
			break
		}
	}
	d.Nodes = e.nodes
	return d, nil
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
		bits = 20
	}
	if e.tt == nil || e.ttBits != bits {
		e.tt = make([]ttEntry, 1<<bits)
		e.ttBits = bits
	}
	e.ctx = ctx
	e.nodes = 0
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

// search is negamax alpha-beta with principal variation search. At depth
// 0 and below only captures are searched (they are compulsory, so a
// position with a capture is never evaluated).
func (e *Engine) search(p *dames.Pos, h uint64, depth, ply, alpha, beta int) int {
	e.pvLen[ply] = 0
	if e.visit() {
		return 0
	}
	if ply > 0 && e.repeated(h, ply) {
		return 0
	}
	moves := p.Generate(e.moves[ply][:0])
	e.moves[ply] = moves
	if len(moves) == 0 {
		return -winScore + ply
	}
	capture := moves[0].Captured != 0
	if ply >= maxPly-1 || depth <= 0 && !capture {
		if e.Eval != nil {
			return e.Eval(p)
		}
		return Evaluate(p)
	}
	if depth < 0 {
		depth = 0
	}
	// Mate distance: nothing here beats a win at the next ply.
	if a := -winScore + ply; alpha < a {
		alpha = a
		if alpha >= beta {
			return alpha
		}
	}
	if b := winScore - ply - 1; beta > b {
		beta = b
		if alpha >= beta {
			return beta
		}
	}

	te := &e.tt[h&(uint64(len(e.tt))-1)]
	var ttMove dames.Move
	hasTT := te.key == h && te.flag != 0
	pvNode := beta-alpha > 1
	if hasTT {
		ttMove = te.move
		if ply > 0 && !pvNode && int(te.depth) >= depth && !e.exact {
			v := fromTT(int(te.score), ply)
			switch {
			case te.flag == boundExact,
				te.flag == boundLower && v >= beta,
				te.flag == boundUpper && v <= alpha:
				return v
			}
		}
	}

	newDepth := depth - 1
	if len(moves) == 1 && ply < 2*maxPly/3 {
		newDepth = depth // a forced move costs no depth
	}
	e.scoreMoves(p, ply, ttMove, hasTT)
	scores := e.scores[ply]
	alpha0 := alpha
	best, bestMove := -infScore, moves[0]
	us := p.Side & 1
	for i := range moves {
		k := i
		for j := i + 1; j < len(moves); j++ {
			if scores[j] > scores[k] {
				k = j
			}
		}
		moves[i], moves[k] = moves[k], moves[i]
		scores[i], scores[k] = scores[k], scores[i]
		m := moves[i]

		c := &e.pos[ply+1]
		*c = p.Play(m)
		ch := h ^ p.MoveHash(m)
		e.setHist(ply+1, ch)
		if m.Captured == 0 && p.Kings&(1<<m.From) != 0 {
			e.rev[ply+1] = e.rev[ply] + 1
		} else {
			e.rev[ply+1] = 0
		}
		var v int
		if i == 0 {
			v = -e.search(c, ch, newDepth, ply+1, -beta, -alpha)
		} else {
			r := 0
			if !capture && !e.exact && depth >= 3 && i >= 3 && m != e.killers[ply][0] && m != e.killers[ply][1] {
				r = 1
				if depth >= 6 && i >= 6 {
					r = 2
				}
			}
			v = -e.search(c, ch, newDepth-r, ply+1, -alpha-1, -alpha)
			if v > alpha && r > 0 {
				v = -e.search(c, ch, newDepth, ply+1, -alpha-1, -alpha)
			}
			if v > alpha && v < beta {
				v = -e.search(c, ch, newDepth, ply+1, -beta, -alpha)
			}
		}
		if e.stopped {
			if ply == 0 && i > 0 && best > -infScore {
				return best // the root keeps what it completed
			}
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				e.pv[ply][0] = m
				copy(e.pv[ply][1:], e.pv[ply+1][:e.pvLen[ply+1]])
				e.pvLen[ply] = e.pvLen[ply+1] + 1
				if v >= beta {
					if !capture {
						if e.killers[ply][0] != m {
							e.killers[ply][1] = e.killers[ply][0]
							e.killers[ply][0] = m
						}
						hh := &e.history[us][m.From][m.To]
						*hh = min(*hh+int32(depth*depth), 1<<24)
					}
					break
				}
			}
		}
	}
	flag := boundExact
	switch {
	case best <= alpha0:
		flag = boundUpper
	case best >= beta:
		flag = boundLower
	}
	if te.key != h || int(te.depth) <= depth || flag == boundExact {
		*te = ttEntry{key: h, move: bestMove, score: int16(toTT(best, ply)), depth: int8(depth), flag: flag}
	}
	return best
}

func (e *Engine) setHist(ply int, h uint64) {
	i := e.base + ply
	if i < len(e.hist) {
		e.hist[i] = h
		e.hist = e.hist[:i+1]
		return
	}
	e.hist = append(e.hist, h)
}

// scoreMoves orders the moves of ply: the table's move, then the captures
// taking most, the killers, and the history of quiet moves.
func (e *Engine) scoreMoves(p *dames.Pos, ply int, ttMove dames.Move, hasTT bool) {
	moves := e.moves[ply]
	sc := e.scores[ply][:0]
	us := p.Side & 1
	for _, m := range moves {
		var s int32
		switch {
		case hasTT && m == ttMove:
			s = 1 << 30
		case m.Captured != 0:
			s = 1<<28 + int32(popcount(m.Captured&p.Kings))<<8
		case m == e.killers[ply][0]:
			s = 1 << 27
		case m == e.killers[ply][1]:
			s = 1<<27 - 1
		default:
			s = e.history[us][m.From][m.To]
		}
		sc = append(sc, s)
	}
	e.scores[ply] = sc
}

// toTT makes a win score relative to the node, so that it keeps its
// distance when met at another ply; fromTT undoes it.
func toTT(v, ply int) int {
	switch {
	case v > winLine:
		return v + ply
	case v < -winLine:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v > winLine:
		return v - ply
	case v < -winLine:
		return v + ply
	}
	return v
}
