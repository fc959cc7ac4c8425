package dames

import (
	"plateau/ai/dames/egdb"
	"plateau/games/dames"
)

// search is negamax alpha-beta with principal variation search, in named
// steps: the checks that end a node, the table probe, the children (with
// null windows and late move reductions) and the table store. At depth 0
// and below only captures are searched (they are compulsory, so a position
// with a capture is never evaluated).
func (e *Engine) search(p *dames.Pos, h uint64, depth, ply, alpha, beta int) int {
	e.pvLen[ply] = 0
	if e.visit() {
		return 0
	}
	if ply > 0 && e.repeated(h, ply) {
		return 0
	}
	if v, ok := e.probeEGDB(p, ply); ok {
		return v
	}
	moves := p.Generate(e.moves[ply][:0])
	e.moves[ply] = moves
	if len(moves) == 0 {
		return -winScore + ply
	}
	if ply >= maxPly-1 || depth <= 0 && moves[0].Captured == 0 {
		return e.evaluate(p)
	}
	depth = max(depth, 0)
	alpha, beta, done := mateWindow(alpha, beta, ply)
	if done {
		return alpha
	}
	pr := e.probe(h, depth, ply, alpha, beta)
	if pr.cut {
		return pr.score
	}
	n := node{p: p, h: h, depth: depth, ply: ply, alpha: alpha, beta: beta}
	best, bestMove := e.children(&n, pr)
	if e.stopped {
		return best
	}
	e.store(pr.entry, h, bestMove, best, alpha, beta, depth, ply)
	return best
}

// egdbWin is the score of a won position of the endgame database, below
// the scores of found wins (the distance to the end is not known) and
// above every evaluation.
const egdbWin = 20000

// probeEGDB returns the database's value of p away from the root: a draw
// 0, a win egdbWin plus a little of the evaluation, so that the winning
// side heads for the positions the evaluation prefers (more material,
// the long diagonal), less the ply (the sooner the better).
func (e *Engine) probeEGDB(p *dames.Pos, ply int) (int, bool) {
	if e.EGDB == nil || ply == 0 || popcount(p.Pieces[0]|p.Pieces[1]) > e.EGDB.Pieces() {
		return 0, false
	}
	v, ok := e.EGDB.Probe(p)
	if !ok {
		return 0, false
	}
	e.egdbHits++
	switch v {
	case egdb.Win:
		return egdbWin + min(max(e.evaluate(p)/8, -1000), 1000) - ply, true
	case egdb.Loss:
		return -egdbWin - min(max(-e.evaluate(p)/8, -1000), 1000) + ply, true
	}
	return 0, true
}

// evaluate scores a quiet position with Eval, or Evaluate when it is nil.
func (e *Engine) evaluate(p *dames.Pos) int {
	if e.Eval != nil {
		return e.Eval(p)
	}
	return Evaluate(p)
}

// mateWindow narrows the window to the scores reachable from ply: nothing
// here beats a win at the next ply. done reports a window closed by it;
// the node's value is then the first result.
func mateWindow(alpha, beta, ply int) (int, int, bool) {
	if a := -winScore + ply; alpha < a {
		alpha = a
		if alpha >= beta {
			return alpha, beta, true
		}
	}
	if b := winScore - ply - 1; beta > b {
		beta = b
		if alpha >= beta {
			return beta, beta, true
		}
	}
	return alpha, beta, false
}

// probeResult is what the table says of a node.
type probeResult struct {
	entry *ttEntry
	move  dames.Move // the table's best move, when hasMove
	// hasMove reports an entry for the node; cut that its bound decides
	// the node's value, score.
	hasMove, cut bool
	score        int
}

// probe looks the node up in the table. Away from the root and outside the
// principal variation, an entry searched deep enough whose bound settles
// the window gives the node's value.
func (e *Engine) probe(h uint64, depth, ply, alpha, beta int) probeResult {
	te := e.tt.slot(h)
	pr := probeResult{entry: te}
	if te.key != h || te.flag == 0 {
		return pr
	}
	pr.move, pr.hasMove = te.move, true
	pvNode := beta-alpha > 1
	if ply == 0 || pvNode || int(te.depth) < depth || e.exact {
		return pr
	}
	v := fromTT(int(te.score), ply)
	switch {
	case te.flag == boundExact,
		te.flag == boundLower && v >= beta,
		te.flag == boundUpper && v <= alpha:
		pr.cut, pr.score = true, v
	}
	return pr
}

// node is a position being searched and its window.
type node struct {
	p           *dames.Pos
	h           uint64
	depth, ply  int
	alpha, beta int
	capture     bool
	newDepth    int // the children's depth before reductions
}

// children searches the moves of n.ply (already generated) best first and
// returns the best score and move. A forced move costs no depth.
func (e *Engine) children(n *node, pr probeResult) (int, dames.Move) {
	moves := e.moves[n.ply]
	n.capture = moves[0].Captured != 0
	n.newDepth = n.depth - 1
	if len(moves) == 1 && n.ply < 2*maxPly/3 {
		n.newDepth = n.depth
	}
	e.scoreMoves(n.p, n.ply, pr.move, pr.hasMove)
	best, bestMove := -infScore, moves[0]
	for i := range moves {
		m := e.pick(n.ply, i)
		v := e.child(n, i, m)
		if e.stopped {
			if n.ply == 0 && i > 0 && best > -infScore {
				return best, bestMove // the root keeps what it completed
			}
			return 0, bestMove
		}
		if v <= best {
			continue
		}
		best, bestMove = v, m
		if v <= n.alpha {
			continue
		}
		n.alpha = v
		e.updatePV(n.ply, m)
		if v >= n.beta {
			e.cutoff(n, m)
			break
		}
	}
	return best, bestMove
}

// pick moves the best scored of the moves from i on to i and returns it
// (a selection sort done as the moves are needed).
func (e *Engine) pick(ply, i int) dames.Move {
	moves, scores := e.moves[ply], e.scores[ply]
	k := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[k] {
			k = j
		}
	}
	moves[i], moves[k] = moves[k], moves[i]
	scores[i], scores[k] = scores[k], scores[i]
	return moves[i]
}

// child plays the i-th move m of n and searches it: the first with the
// full window, the others with a null window, reduced when late and quiet,
// searched again at full depth and window when they beat alpha.
func (e *Engine) child(n *node, i int, m dames.Move) int {
	p, ply := n.p, n.ply
	c := &e.pos[ply+1]
	*c = p.Play(m)
	ch := n.h ^ p.MoveHash(m)
	e.setHist(ply+1, ch)
	if m.Captured == 0 && p.Kings&(1<<m.From) != 0 {
		e.rev[ply+1] = e.rev[ply] + 1
	} else {
		e.rev[ply+1] = 0
	}
	alpha, beta, d := n.alpha, n.beta, n.newDepth
	if i == 0 {
		return -e.search(c, ch, d, ply+1, -beta, -alpha)
	}
	r := e.reduction(n, i, m)
	v := -e.search(c, ch, d-r, ply+1, -alpha-1, -alpha)
	if v > alpha && r > 0 {
		v = -e.search(c, ch, d, ply+1, -alpha-1, -alpha)
	}
	if v > alpha && v < beta {
		v = -e.search(c, ch, d, ply+1, -beta, -alpha)
	}
	return v
}

// reduction is the late move reduction of the i-th move m of n: one ply
// for the quiet moves from the fourth on that are not killers, two from
// the seventh on at depth 6 and more.
func (e *Engine) reduction(n *node, i int, m dames.Move) int {
	if n.capture || e.exact || n.depth < 3 || i < 3 || m == e.killers[n.ply][0] || m == e.killers[n.ply][1] {
		return 0
	}
	if n.depth >= 6 && i >= 6 {
		return 2
	}
	return 1
}

// updatePV makes m and the child's line the principal variation of ply.
func (e *Engine) updatePV(ply int, m dames.Move) {
	e.pv[ply][0] = m
	copy(e.pv[ply][1:], e.pv[ply+1][:e.pvLen[ply+1]])
	e.pvLen[ply] = e.pvLen[ply+1] + 1
}

// cutoff remembers a quiet move that refuted n: a killer of its ply and
// a history bonus growing with the depth.
func (e *Engine) cutoff(n *node, m dames.Move) {
	if n.capture {
		return
	}
	k := &e.killers[n.ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	hh := &e.history[n.p.Side&1][m.From][m.To]
	*hh = min(*hh+int32(n.depth*n.depth), 1<<24)
}

// store keeps the node's result in its table slot te, unless the slot
// holds a deeper search of the same position and the result is a bound.
// alpha0 and beta are the window the node was searched with.
func (e *Engine) store(te *ttEntry, h uint64, m dames.Move, best, alpha0, beta, depth, ply int) {
	flag := boundExact
	switch {
	case best <= alpha0:
		flag = boundUpper
	case best >= beta:
		flag = boundLower
	}
	if te.key != h || int(te.depth) <= depth || flag == boundExact {
		*te = ttEntry{key: h, move: m, score: int16(toTT(best, ply)), depth: int8(depth), flag: flag}
	}
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
