package ai

import (
	"math"

	"plateau/game"
)

// ab returns the value of st for the root player, searched depth plies,
// and whether that value is proven: found from the ends of the game alone,
// no position cut by the horizon deciding it. As in any alpha-beta, a value
// at or below alpha is an upper bound and one at or above beta a lower
// bound; a proven bound holds for the game's exact value.
//
// With BestReply, replied says that an opponent of the root has searched
// its reply since the root's side last moved: the other opponents up to
// the root's next turn play their first move.
func (s *Search) ab(st game.State, depth, ply int, alpha, beta float64, replied bool) (float64, bool) {
	n := abNode{st: st, depth: depth, ply: ply, alpha: alpha, beta: beta, pd: &s.plies[ply]}
	n.pd.pv = n.pd.pv[:0]
	if v, proven, done := s.leaf(&n, replied); done {
		return v, proven
	}
	if v, proven, done := s.probe(&n); done {
		return v, proven
	}
	n.maximizing = s.maximizes(st, n.toMove)
	// With BestReply an opponent's moves are searched with the reply made
	// (the later opponents play their first move).
	n.childReplied = s.BestReply && !n.maximizing
	moves := s.orderMoves(&n)
	if s.b.stopped {
		return 0.5, false
	}
	if !s.children(&n, moves) || !s.leaveReply(&n, moves) {
		return 0.5, false
	}
	// Without a cutoff the value depends on every move, so it is proven
	// when they all are. A cutoff bounds it by the best move alone, and so
	// does a proven win of the player to move (a loss for the root at a
	// node of its opponents): no other move can do better.
	// Moves left out by the filter leave the value unproven unless the best
	// move decides it alone.
	proven := n.allProven && !n.pruned || n.bestProven && (n.cut || n.maximizing && isWin(n.best) || !n.maximizing && isLoss(n.best))
	s.store(&n, alpha, beta, proven)
	return n.best, proven
}

// abNode is a node of ab: its position and window, what the table said of
// it, and the best found so far.
type abNode struct {
	st                       game.State
	depth, ply               int
	alpha, beta              float64
	pd                       *plyData
	toMove                   game.Player
	maximizing, childReplied bool
	// The table: the node's key when useTT, its move when hasTTMove.
	key               uint64
	useTT, hasTTMove  bool
	ttMove            game.Move
	best              float64
	bestMove          game.Move
	allProven, pruned bool
	bestProven, cut   bool
}

// leaf ends the nodes that are not searched further: a stop, the end of
// the game, the horizon (captures and the like searched on by Quiesce), a
// roll (expanded by chance), and with BestReply an opponent that plays its
// first move.
func (s *Search) leaf(n *abNode, replied bool) (float64, bool, bool) {
	st, depth, ply := n.st, n.depth, n.ply
	if s.b.visit() {
		return 0.5, false, true
	}
	n.toMove = st.ToMove()
	switch {
	case n.toMove == game.Nobody:
		return s.endValue(st, ply), true, true
	case ply >= maxPly-1:
		return heuristic(s.eval(st, s.root)), false, true
	case n.toMove == game.Chance && depth <= 0:
		// At the horizon a roll is not expanded: the evaluation knows
		// whose roll it is.
		return heuristic(s.eval(st, s.root)), false, true
	case n.toMove == game.Chance:
		v, proven := s.chance(st, depth, ply, n.alpha, n.beta, replied)
		return v, proven, true
	case depth <= 0 && (s.Quiesce == nil || depth <= -max(s.MaxQuiesce, 1) || !s.Quiesce(st)):
		return heuristic(s.eval(st, s.root)), false, true
	case replied && !s.maximizes(st, n.toMove):
		v, proven := s.playFirst(st, depth, ply, n.alpha, n.beta)
		return v, proven, true
	}
	return 0, false, false
}

// probe looks the node up in the transposition table: its move for the
// ordering, and its value when a bound deep enough (or proven) settles the
// window.
func (s *Search) probe(n *abNode) (float64, bool, bool) {
	h, ok := n.st.(game.Hasher)
	if !ok || s.tt == nil || n.depth <= 0 {
		return 0, false, false
	}
	n.useTT = true
	n.key = ttKey(h.Hash(), n.toMove, s.root)
	if s.Repeats != nil {
		n.key ^= uint64(s.Repeats(n.st)) * 0xd6e8feb86659fd93
	}
	e, ok := s.tt.probe(n.key)
	if !ok {
		return 0, false, false
	}
	n.ttMove, n.hasTTMove = e.move, true
	if int(e.depth) >= n.depth || e.proven {
		v := fromTT(e.value, n.ply, e.proven)
		if e.flag == boundExact || (e.flag == boundLower && v >= n.beta) || (e.flag == boundUpper && v <= n.alpha) {
			return v, e.proven, true
		}
	}
	return 0, false, false
}

// orderMoves lists the node's moves and scores them for ordering: with
// Filter, only those the filter keeps, by their value at 0 ply; otherwise
// by scoreMoves. The table's move comes first.
func (s *Search) orderMoves(n *abNode) []game.Move {
	pd := n.pd
	moves := n.st.Moves(pd.moves[:0])
	pd.moves = moves
	if s.Filter.Keep <= 0 || n.depth < 2 || len(moves) <= s.Filter.Keep {
		s.scoreMoves(n.st, pd, n.ttMove, n.hasTTMove, n.ply)
		return moves
	}
	k := s.filter(n.st, pd, n.ply, n.maximizing)
	if s.b.stopped {
		return nil
	}
	n.pruned = k < len(moves)
	moves = moves[:k]
	pd.scores = pd.scores[:0]
	for i, m := range moves {
		sc := k - i // by value at 0 ply
		if n.hasTTMove && m == n.ttMove {
			sc = 1 << 60
		}
		pd.scores = append(pd.scores, sc)
	}
	return moves
}

// children searches the moves best scored first until one cuts the window
// off, remembering it in the killers and the history. It reports false
// when the search was stopped.
func (s *Search) children(n *abNode, moves []game.Move) bool {
	pd, ply := n.pd, n.ply
	n.best = math.Inf(1)
	if n.maximizing {
		n.best = math.Inf(-1)
	}
	n.allProven = true
	for i := range moves {
		// Lazy selection sort: the best-scored remaining move next.
		k := i
		for j := i + 1; j < len(moves); j++ {
			if pd.scores[j] > pd.scores[k] {
				k = j
			}
		}
		moves[i], moves[k] = moves[k], moves[i]
		pd.scores[i], pd.scores[k] = pd.scores[k], pd.scores[i]
		m := moves[i]

		c := branch(&s.plies[ply+1].state, n.st)
		if err := game.PlayListed(c, m); err != nil {
			continue
		}
		v, proven := s.ab(c, n.depth-1, ply+1, n.alpha, n.beta, n.childReplied)
		if s.b.stopped {
			return false
		}
		n.allProven = n.allProven && proven
		if n.maximizing && v > n.best || !n.maximizing && v < n.best {
			n.best, n.bestMove, n.bestProven = v, m, proven
			pd.pv = append(append(pd.pv[:0], m), s.plies[ply+1].pv...)
			if n.maximizing {
				n.alpha = max(n.alpha, v)
			} else {
				n.beta = min(n.beta, v)
			}
		}
		if n.alpha >= n.beta {
			n.cut = true
			s.cutoff(m, ply, n.depth)
			break
		}
	}
	return true
}

// cutoff remembers a move that cut a window off at ply: a killer of the
// ply and a history bonus growing with the depth.
func (s *Search) cutoff(m game.Move, ply, depth int) {
	if ply < maxPly && s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	h := &s.history[historyIndex(m)]
	*h = min(*h+int32(depth*depth), 1<<20)
}

// leaveReply is Best-Reply Search's other branch at an opponent's node
// not cut off: the reply may come from a later opponent instead, this one
// playing its first move and leaving the reply to them, using no depth.
// The value found that way is not proven. It reports false when the search
// was stopped.
func (s *Search) leaveReply(n *abNode, moves []game.Move) bool {
	if !n.childReplied || n.cut || len(moves) == 0 {
		return true
	}
	m := s.firstMove(n.st, moves)
	c := branch(&s.plies[n.ply+1].state, n.st)
	if err := game.PlayListed(c, m); err != nil || c.ToMove() < 0 || s.maximizes(c, c.ToMove()) {
		return true
	}
	v, _ := s.ab(c, n.depth, n.ply+1, n.alpha, n.beta, false)
	if s.b.stopped {
		return false
	}
	n.allProven = false
	if v < n.best {
		n.best, n.bestMove, n.bestProven = v, m, false
		n.pd.pv = append(append(n.pd.pv[:0], m), s.plies[n.ply+1].pv...)
	}
	return true
}

// store keeps the node's value in the table, a bound of the window
// alpha0, beta0 it was searched with.
func (s *Search) store(n *abNode, alpha0, beta0 float64, proven bool) {
	if !n.useTT || n.depth <= 0 {
		return
	}
	flag := boundExact
	switch {
	case n.best <= alpha0:
		flag = boundUpper
	case n.best >= beta0:
		flag = boundLower
	}
	s.tt.store(n.key, n.depth, toTT(n.best, n.ply, proven), flag, n.bestMove, proven)
}
