package ai

import (
	"cmp"
	"context"
	"math"
	"slices"

	"plateau/game"
)

// Search is iterative-deepening alpha-beta over decision nodes and Star1
// *-minimax over chance nodes, with a transposition table, move ordering and
// an optional quiescence extension. It computes values for the player to
// move at the root; with more than two players every other seat is assumed
// to play against it (paranoid search; see Allies and BestReply).
//
// Depth counts the plies of decisions; rolls do not use depth, but a roll
// met at the horizon is evaluated, not expanded: in a dice game depth 2 is
// a move, every roll of the opponent and every reply.
type Search struct {
	Limits Limits
	// Eval scores positions at the horizon (DefaultEval when nil).
	Eval Eval
	// Quiesce, when set, reports positions that are not quiet (a capture
	// is pending): at the horizon the search goes on through them, at most
	// MaxQuiesce plies further.
	Quiesce    func(s game.State) bool
	MaxQuiesce int
	// Order, when set, scores moves for ordering (higher first); the hash
	// move and killer moves still come first.
	Order func(s game.State, m game.Move) int
	// TTBits is the log2 of the transposition table's entries (default
	// 18); negative disables the table. States that do not implement
	// game.Hasher are searched without it.
	TTBits int
	// Allies, when set, says whether seat p plays on the side of the root
	// player (a partner in a team game): such seats maximize the root's
	// value as the root does, the others minimize it. When nil, only the
	// root maximizes (paranoid with three or four players).
	Allies func(s game.State, root, p game.Player) bool
	// Contempt is taken off a drawn end's value for the root (0.5): with
	// some, the search prefers a position its evaluation finds slightly
	// worse than even to a draw by repetition, so that two equal players
	// play on for a result.
	Contempt float64
	// RootFilters and Filter prune moves forward, as GNU Backgammon's move
	// filters do, so that a deeper search fits in the same budget: only
	// the moves a shallower look finds good are searched deeper, the
	// others are left out (their value is not proven then). RootFilters[i]
	// chooses, after iteration i+1 of iterative deepening, the root moves
	// the next iterations search, by their values in that iteration (the
	// last filter applies to the later iterations too); an iteration that
	// filters searches with its window lowered by the margin, so that the
	// values within it are exact. Filter applies at every other decision
	// node with at least two plies left: each move is played and its
	// position evaluated (0 ply), and only the moves it keeps are searched.
	// Zero filters keep every move.
	RootFilters []MoveFilter
	Filter      MoveFilter
	// Repeats, when set, counts the earlier occurrences of a state's
	// position in its game (Intercept's State.Repeats), for games drawn by
	// repetition whose states keep their history. The table then keys a
	// position with its count: a value found for a position's first
	// occurrence is not reused for its second, from which the game's
	// repetition rule may be a move away. Without it the table, kept from
	// move to move, hid threefold repetitions from the search.
	Repeats func(s game.State) int
	// BestReply, with three or more players, searches as Best-Reply
	// Search+ does (Schadd and Winands 2011; Esser et al. 2013): of the
	// opponents who move between two turns of the root's side, one
	// searches all its moves and the others play their first move by
	// Order, and the search takes whichever opponent's reply is best for
	// them. A paranoid search to the same depth sees the root move once for
	// every four plies with four players; this one sees it every other ply,
	// so plans of two moves of its own come within reach of small budgets.
	// Depth counts the root side's moves and the opponents' searched
	// replies; an opponent that plays its first move uses none. The values
	// it finds through such moves are not proven. With two players, or
	// sides that alternate (teams of opposite seats), it searches as
	// without.
	BestReply bool

	tt      *table
	plies   []plyData
	killers [maxPly][2]game.Move
	history [4096]int32
	root    game.Player
	b       budget
	eval    Eval
}

// MoveFilter chooses the moves worth searching deeper from their values at
// a shallower depth: the Keep best, then at most Extra more among those
// within Margin of the best. A filter with Keep 0 keeps every move.
type MoveFilter struct {
	Keep   int
	Extra  int
	Margin float64
}

// kept returns how many of n moves, sorted best first for the player to
// move (maximizing or not), f keeps, val(i) being the value of the i-th.
func (f MoveFilter) kept(n int, val func(int) float64, maximizing bool) int {
	if f.Keep <= 0 || n <= f.Keep {
		return n
	}
	k := f.Keep
	for k < n && k < f.Keep+f.Extra {
		d := val(0) - val(k)
		if !maximizing {
			d = -d
		}
		if d > f.Margin {
			break
		}
		k++
	}
	return k
}

// rootFilter is the filter that chooses the root moves after iteration
// depth.
func (s *Search) rootFilter(depth int) MoveFilter {
	if len(s.RootFilters) == 0 {
		return MoveFilter{}
	}
	return s.RootFilters[min(depth, len(s.RootFilters))-1]
}

// maxPly bounds the search's depth in plies, rolls and quiescence included.
const maxPly = 128

// defaultMaxDepth bounds iterative deepening when no limit is given.
const defaultMaxDepth = 64

// plyData is the per-ply scratch space, reused from search to search.
type plyData struct {
	state  game.State // the child being searched, reused (see branch)
	moves  []game.Move
	scores []int
	ranked []rankedMove
	cms    []game.ChanceMove
	pv     []game.Move
}

// rankedMove is a move with its value at 0 ply, for Filter.
type rankedMove struct {
	m game.Move
	v float64
}

// NewSearch returns an alpha-beta / *-minimax player.
func NewSearch(l Limits, eval Eval) *Search {
	return &Search{Limits: l, Eval: eval}
}

// Choose searches s and returns the best move found.
func (s *Search) Choose(ctx context.Context, st game.State) (Decision, error) {
	s.init(ctx)
	rootMoves, err := checkDecision(st, nil)
	if err != nil {
		return Decision{}, err
	}
	s.root = st.ToMove()
	maxDepth := s.Limits.Depth
	if maxDepth <= 0 {
		maxDepth = defaultMaxDepth
	}
	maxDepth = min(maxDepth, maxPly/2)
	scores := make([]float64, len(rootMoves))
	d := Decision{Move: rootMoves[0], Score: 0.5, PV: []game.Move{rootMoves[0]}}
	if len(rootMoves) == 1 {
		// One legal move: play it, with a shallow look for its score.
		maxDepth = min(maxDepth, 1)
	}
	rootPruned := false // the root filters left moves out
	for depth := 1; depth <= maxDepth; depth++ {
		margin := 0.0
		if f := s.rootFilter(depth); f.Keep > 0 && depth < maxDepth {
			margin = f.Margin
		}
		best, v, proven, pv, done := s.rootSearch(st, rootMoves, scores, depth, margin)
		if done > 0 {
			// A partial iteration still searched the previous best move
			// first, so its best is at least as well informed.
			d.Move, d.Score, d.PV = best, v, pv
			d.Proven = proven && done == len(rootMoves) && (!rootPruned || isWin(v))
			if done == len(rootMoves) {
				d.Depth = depth
			}
		}
		if s.b.stopped || s.b.halfSpent() || d.Proven {
			break // out of budget, or the root's value is proven
		}
		// Next iteration: best move first, then by this iteration's scores.
		order := make([]int, len(rootMoves))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case rootMoves[a] == best:
				return -1
			case rootMoves[b] == best:
				return 1
			case scores[a] > scores[b]:
				return -1
			case scores[a] < scores[b]:
				return 1
			}
			return 0
		})
		rm, sc := make([]game.Move, len(order)), make([]float64, len(order))
		for i, j := range order {
			rm[i], sc[i] = rootMoves[j], scores[j]
		}
		rootMoves, scores = rm, sc
		if f := s.rootFilter(depth); f.Keep > 0 {
			// rootMoves is sorted by value, best first (the best move's
			// value is the highest: the others failed low against it).
			n := f.kept(len(scores), func(i int) float64 { return scores[i] }, true)
			if n < len(rootMoves) {
				rootMoves, scores, rootPruned = rootMoves[:n], scores[:n], true
			}
			if n == 1 {
				break // the filter leaves one move: it is the choice
			}
		}
	}
	if d.Proven {
		d.Score = min(max(d.Score, 0), 1)
	} else {
		d.Score = unheuristic(d.Score)
	}
	d.Nodes = s.b.nodes
	return d, nil
}

func (s *Search) init(ctx context.Context) {
	s.b = newBudget(ctx, s.Limits)
	s.eval = s.Eval
	if s.eval == nil {
		s.eval = DefaultEval
	}
	if s.tt == nil && s.TTBits >= 0 {
		bits := s.TTBits
		if bits == 0 {
			bits = 18
		}
		s.tt = newTable(bits)
	}
	if s.plies == nil {
		s.plies = make([]plyData, maxPly+1)
	}
	s.killers = [maxPly][2]game.Move{}
	s.history = [4096]int32{}
}

// rootSearch searches every root move to depth and returns the best, its
// value, whether that value is proven, its principal variation, and how many
// moves were fully searched.
//
// The root's value is proven when every move's value is (the moves that
// fail low against the best are proven upper bounds), or when the best
// move is a proven win: nothing is worth more than a win.
//
// With a finite margin the window's lower end is the best value so far less
// the margin, so that the moves within margin of the best get exact values
// (for the root filters), and the others upper bounds below it.
func (s *Search) rootSearch(st game.State, moves []game.Move, scores []float64, depth int, margin float64) (game.Move, float64, bool, []game.Move, int) {
	best, bestV := moves[0], math.Inf(-1)
	var pv []game.Move
	alpha := -1.0
	done := 0
	allProven, bestProven := true, false
	for i, m := range moves {
		c := branch(&s.plies[1].state, st)
		if err := game.PlayListed(c, m); err != nil {
			continue
		}
		v, proven := s.ab(c, depth-1, 1, alpha, 2, false)
		if s.b.stopped {
			break
		}
		done++
		scores[i] = v
		allProven = allProven && proven
		if v > bestV {
			best, bestV, bestProven = m, v, proven
			pv = append([]game.Move{m}, s.plies[1].pv...)
			alpha = max(alpha, v-margin)
		}
	}
	return best, bestV, allProven || (bestProven && isWin(bestV)), pv, done
}

// isWin reports whether a proven value is a win: terminal wins, found at
// most maxPly plies deep, and expectations of them lie above every
// heuristic value. Only proven values are asked.
func isWin(v float64) bool { return v > 1-winLossLine }

// isLoss reports whether a proven value is a loss.
func isLoss(v float64) bool { return v < winLossLine }

// winLossLine lies halfway between the worst terminal win (or loss) and the
// best heuristic value.
const winLossLine = 1.5 * maxPly * winEps

// maximizes reports whether seat p plays on the root's side.
func (s *Search) maximizes(st game.State, p game.Player) bool {
	return p == s.root || s.Allies != nil && s.Allies(st, s.root, p)
}

// playFirst searches an opponent's turn after another opponent has searched
// its reply (BestReply): it plays its first move (firstMove), using no
// depth, and its value is not proven.
func (s *Search) playFirst(st game.State, depth, ply int, alpha, beta float64) (float64, bool) {
	pd := &s.plies[ply]
	pd.moves = st.Moves(pd.moves[:0])
	if len(pd.moves) == 0 {
		return heuristic(s.eval(st, s.root)), false
	}
	m := s.firstMove(st, pd.moves)
	c := branch(&s.plies[ply+1].state, st)
	if err := game.PlayListed(c, m); err != nil {
		return heuristic(s.eval(st, s.root)), false
	}
	v, _ := s.ab(c, depth, ply+1, alpha, beta, true)
	pd.pv = append(append(pd.pv[:0], m), s.plies[ply+1].pv...)
	return v, false
}

// firstMove is the move an opponent plays without searching (BestReply):
// the best by Order, the lowest-numbered among equals, so that it depends on
// the position alone and not on the search's history.
func (s *Search) firstMove(st game.State, moves []game.Move) game.Move {
	best, bestScore := moves[0], 0
	for i, m := range moves {
		sc := 0
		if s.Order != nil {
			sc = s.Order(st, m)
		}
		if i == 0 || sc > bestScore || sc == bestScore && m < best {
			best, bestScore = m, sc
		}
	}
	return best
}

// filter plays every move of pd.moves, evaluates the position it reaches,
// sorts the moves by that value (best first for the player to move, ties in
// the generation order) and returns how many of them Filter keeps. Each
// position evaluated counts as a node; the caller checks s.b.stopped.
func (s *Search) filter(st game.State, pd *plyData, ply int, maximizing bool) int {
	pd.ranked = pd.ranked[:0]
	for _, m := range pd.moves {
		if s.b.visit() {
			return 0
		}
		c := branch(&s.plies[ply+1].state, st)
		if err := game.PlayListed(c, m); err != nil {
			continue
		}
		var v float64
		if c.ToMove() == game.Nobody {
			v = s.endValue(c, ply+1)
		} else {
			v = heuristic(s.eval(c, s.root))
		}
		pd.ranked = append(pd.ranked, rankedMove{m, v})
	}
	if maximizing {
		slices.SortStableFunc(pd.ranked, func(a, b rankedMove) int { return cmp.Compare(b.v, a.v) })
	} else {
		slices.SortStableFunc(pd.ranked, func(a, b rankedMove) int { return cmp.Compare(a.v, b.v) })
	}
	pd.moves = pd.moves[:len(pd.ranked)]
	for i, r := range pd.ranked {
		pd.moves[i] = r.m
	}
	return s.Filter.kept(len(pd.ranked), func(i int) float64 { return pd.ranked[i].v }, maximizing)
}

// endValue is the value for the root of a finished game at ply, a draw
// less the contempt.
func (s *Search) endValue(st game.State, ply int) float64 {
	v := terminalValue(st.Outcome(), s.root, ply)
	if v == 0.5 {
		v -= s.Contempt
	}
	return v
}

// chance returns the expected value of a roll, pruning with Star1: values
// lie in [0, 1], so once the outcomes searched so far bound the average
// outside the window, the rest need not be searched. The value is proven
// when every outcome searched is: an expectation above every heuristic
// value is not a proof when one of its outcomes was cut by the horizon.
func (s *Search) chance(st game.State, depth, ply int, alpha, beta float64, replied bool) (float64, bool) {
	pd := &s.plies[ply]
	pd.cms = st.ChanceMoves(pd.cms[:0])
	return s.expect(st, pd.cms, depth, ply, alpha, beta, replied)
}

// expect is chance's expectation over the outcomes cms. An outcome that
// rolls again (rollsAgain) is left out, the roll being worth the mean of
// the others: when one turns up, the others are checked and the roll
// searched again without the repeats, so that a roll without them costs
// nothing more.
func (s *Search) expect(st game.State, cms []game.ChanceMove, depth, ply int, alpha, beta float64, replied bool) (float64, bool) {
	pd := &s.plies[ply]
	total := float64(game.TotalWeight(cms))
	sum, rem := 0.0, 1.0
	proven := true
	for _, cm := range cms {
		p := float64(cm.Weight) / total
		rem = max(rem-p, 0)
		a := max((alpha-sum-rem)/p, 0)
		b := min((beta-sum)/p, 1)
		c := branch(&s.plies[ply+1].state, st)
		if err := c.Play(cm.Move); err != nil {
			continue
		}
		if rollsAgain(st, c) {
			kept := cms[:0]
			for _, cm := range cms {
				c := branch(&s.plies[ply+1].state, st)
				if c.Play(cm.Move) == nil && !rollsAgain(st, c) {
					kept = append(kept, cm)
				}
			}
			if len(kept) == 0 {
				return heuristic(s.eval(st, s.root)), false
			}
			return s.expect(st, kept, depth, ply, alpha, beta, replied)
		}
		v, vProven := s.ab(c, depth, ply+1, a, b, replied)
		if s.b.stopped {
			return 0.5, false
		}
		proven = proven && vProven
		sum += p * v
		if sum+rem <= alpha {
			return sum + rem, proven
		}
		if sum >= beta {
			return sum, proven
		}
	}
	pd.pv = pd.pv[:0]
	return sum, proven
}

// scoreMoves fills pd.scores for move ordering.
func (s *Search) scoreMoves(st game.State, pd *plyData, ttMove game.Move, hasTTMove bool, ply int) {
	pd.scores = slices.Grow(pd.scores[:0], len(pd.moves))[:len(pd.moves)]
	for i, m := range pd.moves {
		var sc int
		switch {
		case hasTTMove && m == ttMove:
			sc = 1 << 60
		case ply < maxPly && m == s.killers[ply][0]:
			sc = 1 << 50
		case ply < maxPly && m == s.killers[ply][1]:
			sc = 1<<50 - 1
		default:
			sc = int(s.history[historyIndex(m)])
			if s.Order != nil {
				sc += s.Order(st, m) << 24
			}
		}
		pd.scores[i] = sc
	}
}

func historyIndex(m game.Move) int {
	return int((uint64(m) * 0x9e3779b97f4a7c15) >> 52)
}

// Close releases the search's transposition table and scratch space.
func (s *Search) Close() { s.tt, s.plies = nil, nil }
