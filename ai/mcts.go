package ai

import (
	"context"
	"math"
	"math/rand/v2"

	"plateau/game"
)

// MCTS is Monte-Carlo tree search with UCT selection, chance nodes and
// max^n backups: every node keeps one value sum per player, and at each
// decision the player to move picks by its own value. Rolls are sampled by
// their weights. Playouts are random, cut after PlayoutDepth plies by the
// evaluation. The chosen move is the root's most visited.
type MCTS struct {
	Limits Limits
	// Eval scores playouts cut by PlayoutDepth (DefaultEval when nil).
	Eval Eval
	// C is the exploration constant (default 0.7; values are in [0, 1]).
	C float64
	// PlayoutDepth bounds a playout's plies, rolls included (default 200;
	// negative: evaluate at the leaf without playout).
	PlayoutDepth int
	// MaxTree bounds the nodes kept in the tree (default 1<<20); beyond it
	// leaves are no longer expanded.
	MaxTree int

	rng   *rand.Rand
	state game.State // the iteration's state, reused (see branch)
	tree  []mnode
	moves []game.Move
	cms   []game.ChanceMove
	path  []int32
}

// mnode is a node of the search tree. Children are contiguous.
type mnode struct {
	move   game.Move
	first  int32 // first child, -1 when not expanded
	n      int32 // number of children
	weight int32 // weight of a chance outcome
	toMove game.Player
	visits int32
	sum    [4]float64
}

// NewMCTS returns an MCTS player seeded by seed.
func NewMCTS(l Limits, eval Eval, seed uint64) *MCTS {
	return &MCTS{Limits: l, Eval: eval, rng: newRand(seed)}
}

// defaultIterations bounds a search that has no other limit.
const defaultIterations = 10000

// Choose runs simulations from s and returns the most visited move.
func (m *MCTS) Choose(ctx context.Context, s game.State) (Decision, error) {
	if _, err := checkDecision(s, m.moves); err != nil {
		return Decision{}, err
	}
	if m.rng == nil {
		m.rng = newRand(0)
	}
	set := m.settings()
	l := m.Limits
	if l.Nodes == 0 && l.Time == 0 {
		if _, ok := ctx.Deadline(); !ok {
			l.Nodes = defaultIterations * 50
		}
	}
	b := newBudget(ctx, l)
	players := s.Players()
	m.tree = append(m.tree[:0], mnode{first: -1, toMove: s.ToMove()})
	var vals [4]float64
	for {
		st := branch(&m.state, s)
		m.descend(st, &b, set)
		m.playout(st, &b, set.playout)
		if o := st.Outcome(); o.Over {
			for p := range players {
				vals[p] = o.Value(game.Player(p))
			}
		} else {
			for p := range players {
				vals[p] = set.eval(st, game.Player(p))
			}
		}
		// Backup.
		for _, i := range m.path {
			nd := &m.tree[i]
			nd.visits++
			for p := range players {
				nd.sum[p] += vals[p]
			}
		}
		if b.stopped || b.visit() {
			break
		}
	}
	return m.decision(s, b.nodes), nil
}

// mctsSettings are an MCTS's settings with their defaults filled in.
type mctsSettings struct {
	eval    Eval
	c       float64
	playout int
	maxTree int
}

func (m *MCTS) settings() mctsSettings {
	set := mctsSettings{eval: m.Eval, c: m.C, playout: m.PlayoutDepth, maxTree: m.MaxTree}
	if set.eval == nil {
		set.eval = DefaultEval
	}
	if set.c == 0 {
		set.c = 0.7
	}
	if set.playout == 0 {
		set.playout = 200
	}
	if set.maxTree <= 0 {
		set.maxTree = 1 << 20
	}
	return set
}

// descend selects a path from the root down to a new leaf, expanding the
// nodes it passes, and plays it on st; m.path holds it.
func (m *MCTS) descend(st game.State, b *budget, set mctsSettings) {
	m.path = append(m.path[:0], 0)
	node := int32(0)
	for {
		nd := &m.tree[node]
		if nd.toMove == game.Nobody {
			return
		}
		if nd.first < 0 {
			if nd.visits == 0 && node != 0 || len(m.tree) >= set.maxTree {
				return // a new leaf: play out from here
			}
			m.expand(node, st)
			nd = &m.tree[node]
		}
		var child int32
		if nd.toMove == game.Chance {
			child = m.sampleChild(nd)
		} else {
			child = m.selectUCT(nd, set.c)
		}
		if st.Play(m.tree[child].move) != nil {
			return
		}
		b.visit()
		node = child
		m.path = append(m.path, node)
		if m.tree[node].toMove == game.Player(-3) {
			m.tree[node].toMove = st.ToMove()
		}
	}
}

// playout plays random moves and rolls by their weights on st, at most
// depth plies (none when depth is negative).
func (m *MCTS) playout(st game.State, b *budget, depth int) {
	for ply := 0; depth >= 0 && ply < depth; ply++ {
		p := st.ToMove()
		if p == game.Nobody {
			return
		}
		var mv game.Move
		if p == game.Chance {
			m.cms = st.ChanceMoves(m.cms[:0])
			mv = sampleChance(m.cms, m.rng)
		} else {
			m.moves = st.Moves(m.moves[:0])
			if len(m.moves) == 0 {
				return
			}
			mv = m.moves[m.rng.IntN(len(m.moves))]
		}
		if st.Play(mv) != nil {
			return
		}
		b.visit()
	}
}

// expand adds the children of node, whose state is st.
func (m *MCTS) expand(node int32, st game.State) {
	first := int32(len(m.tree))
	if st.ToMove() == game.Chance {
		m.cms = st.ChanceMoves(m.cms[:0])
		for _, cm := range m.cms {
			m.tree = append(m.tree, mnode{move: cm.Move, first: -1, weight: int32(cm.Weight), toMove: -3})
		}
	} else {
		m.moves = st.Moves(m.moves[:0])
		// Shuffle so that unvisited children are tried in random order.
		m.rng.Shuffle(len(m.moves), func(i, j int) { m.moves[i], m.moves[j] = m.moves[j], m.moves[i] })
		for _, mv := range m.moves {
			m.tree = append(m.tree, mnode{move: mv, first: -1, toMove: -3})
		}
	}
	nd := &m.tree[node]
	nd.first, nd.n = first, int32(len(m.tree))-first
}

// selectUCT picks the child maximising the mover's UCB1 value; unvisited
// children first.
func (m *MCTS) selectUCT(nd *mnode, c float64) int32 {
	p := nd.toMove
	logN := math.Log(float64(nd.visits + 1))
	best, bestV := nd.first, math.Inf(-1)
	for i := nd.first; i < nd.first+nd.n; i++ {
		ch := &m.tree[i]
		if ch.visits == 0 {
			return i
		}
		v := ch.sum[p]/float64(ch.visits) + c*math.Sqrt(logN/float64(ch.visits))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// sampleChild picks a chance outcome by weight.
func (m *MCTS) sampleChild(nd *mnode) int32 {
	total := 0
	for i := nd.first; i < nd.first+nd.n; i++ {
		total += int(m.tree[i].weight)
	}
	r := m.rng.IntN(total)
	for i := nd.first; i < nd.first+nd.n; i++ {
		w := int(m.tree[i].weight)
		if r < w {
			return i
		}
		r -= w
	}
	return nd.first + nd.n - 1
}

// decision reads the most visited root move and its principal variation.
func (m *MCTS) decision(s game.State, nodes int64) Decision {
	me := s.ToMove()
	root := &m.tree[0]
	if root.first < 0 {
		moves := s.Moves(nil)
		return Decision{Move: moves[0], Score: 0.5, PV: moves[:1], Nodes: nodes}
	}
	bestChild := m.mostVisited(root)
	ch := &m.tree[bestChild]
	d := Decision{Move: ch.move, Score: 0.5, Nodes: nodes}
	if ch.visits > 0 {
		d.Score = ch.sum[me] / float64(ch.visits)
	}
	// Principal variation: most visited children down to a roll.
	for node := bestChild; ; {
		nd := &m.tree[node]
		d.PV = append(d.PV, nd.move)
		if nd.first < 0 || nd.toMove == game.Chance || nd.toMove == game.Nobody || nd.visits < 2 {
			break
		}
		node = m.mostVisited(nd)
	}
	d.Depth = len(d.PV)
	return d
}

func (m *MCTS) mostVisited(nd *mnode) int32 {
	best := nd.first
	for i := nd.first; i < nd.first+nd.n; i++ {
		if m.tree[i].visits > m.tree[best].visits {
			best = i
		}
	}
	return best
}

// Close releases the search tree.
func (m *MCTS) Close() { m.tree, m.moves, m.cms, m.path = nil, nil, nil, nil }
