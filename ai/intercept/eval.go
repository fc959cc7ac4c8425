package intercept

import (
	"math"

	"plateau/ai"
	"plateau/game"
	ic "plateau/games/intercept"
)

const (
	size = ic.Size
	nsq  = ic.Squares
)

// Weights of the evaluation, in chain-cost units (see Eval).
const (
	missBase    = 2  // a piece missing from a chain, before its distance
	wrongFace   = 1  // an own piece showing the wrong face there (a double turns over)
	blocked4    = 4  // an opponent's piece in the way that cannot be covered, with 4 players
	blocked2    = 12 // the same with 2 players (see blockedOf)
	intercept   = 2  // the ball is on an opponent's piece: taking it needs a piece moved into the line
	tempo       = 2  // the side to move fills a gap first
	maxChain    = 60 // chain costs are capped here
	advDivisor  = 8  // piece advancement: ranks gained per chain-cost unit
	logisticK   = 0.05
	distCap     = 10 // a square farther than this from any piece of the face costs as if it were this far
	noPieceDist = 12
)

// With 2 players a blocking piece grows cheaper over these turns played,
// from blocked2 to blocked4 (see blockedOf).
const (
	blockFrom = 200
	blockTo   = 300
)

// board is a snapshot of the position in flat arrays.
type board struct {
	owner [nsq]int8 // seat of the top piece, -1 when empty
	face  [nsq]int8 // ic.FacePassage or ic.FaceRepos
	dbl   [nsq]bool
	ball  int
	// blocked is the cost of an opponent's piece in the way that cannot
	// be covered (see blockedOf).
	blocked int
	occ     [nsq]uint8 // the squares with a piece, occ[:nocc]
	nocc    int
}

// Eval is the Intercept evaluation. For each seat it computes a cost, in
// units of roughly one piece move:
//
//   - the cheapest ball chain from the ball to one of the seat's goals
//     (see chain): the pieces still missing from a path of hops, each
//     weighted by how far the nearest piece that could fill it stands;
//     +2 when the ball rests on an opponent's piece (an interception);
//     -2 for the seat to move, which fills a gap first; capped at 60;
//   - minus 1/8 of the advancement of its pieces (each movable piece scores
//     12 minus its distance to the goal), which draws the pieces forward
//     while no chain is in sight.
//
// The chain part is shaped (see Value). The best seat of each side counts;
// the value for p is the logistic 1/(1+e^(-0.1 (cost of the other side -
// cost of p's side + a bias toward p's own chain, see aggression))).
// Finished games score their outcome; states of other games fall back on
// ai.DefaultEval. EvalV1 is the first version, linear in the chain cost.
func Eval(s game.State, p game.Player) float64 { return evalWith(s, p, Value) }

// evalWith is an evaluation of any game state on value.
func evalWith(s game.State, p game.Player, value func(*ic.State, game.Player) float64) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(p)
	}
	st, ok := s.(*ic.State)
	if !ok {
		return ai.DefaultEval(s, p)
	}
	return value(st, p)
}

// Value evaluates a game in progress for seat p, in [0, 1].
//
// A seat's chain cost c (tempo taken off) counts as 40c/(c+10) (see
// shape): a step toward the goal is worth more the nearer the ball is to
// it: 4 at a cost of 0, 1 at 10, a quarter at 30. So the search prefers
// completing a near chain to stalling a far-off one, and a chain one move
// from scoring dominates everything else (figures in docs/ai/notebook.md).
//
// Each side counts its own cost more than the other side's (see
// aggressionOf), so that it plays for its goal rather than against the
// other's.
func Value(s *ic.State, p game.Player) float64 {
	var e Evaluator
	return e.Value(s, p)
}

// blockedOf is the cost, in s's game, of an opponent's piece standing where
// a chain needs one of the seat's and that cannot be covered. The piece
// will not leave while it blocks: the chain must go round it or wait.
// With 2 players it costs 12: at 4 the search spent its moves on chains
// that such a piece closes, and lost 16/8/76 to the same search costing it
// 12 (10k nodes a move; 8 to 32 were tried: docs/ai/notebook.md, *Two players, third
// part: the cost of a blocking piece*). But two sides that both price
// blocks that high block each other for good: one game in six between two
// hard players reached the 500-turn limit. So from turn blockFrom on the
// cost falls, to blocked4 at blockTo, and a long blockade turns into a
// game in which chains go round the blocks (docs/ai/notebook.md, *fourth part*).
// The 4-player levels, measured with 4, keep it.
func blockedOf(s *ic.State) int {
	if s.Players() > 2 {
		return blocked4
	}
	switch t := s.Turns(); {
	case t <= blockFrom:
		return blocked2
	case t >= blockTo:
		return blocked4
	default:
		return blocked2 - (blocked2-blocked4)*(t-blockFrom)/(blockTo-blockFrom)
	}
}

// aggressionOf is the aggression of an evaluation whose aggression with 2
// players is two: with 4 players it is always aggression.
//
// Value's two is aggression2. Without it (ValueV4, whose two is 1) two
// equal searches defended so well that the median game between two hard
// players lasted 220-280 plies, where the published game promises about
// half an hour; with it about 112 (docs/ai/notebook.md, *Two players, sixth part*).
// The defensive evaluation, which the level max keeps, beats it at the same
// search.
func aggressionOf(s *ic.State, two float64) float64 {
	if s.Players() > 2 {
		return aggression
	}
	return two
}

// aggression weighs the side's own cost above the other side's: each unit
// of its own cost below aggrRef, the most a cost can be, counts aggression
// times, so that the side to search plays to shorten its own chain rather
// than to lengthen the opponent's. The bias is never negative, and a
// draw's 0.5 (less Contempt) stays below an even position.
const aggression = 1.5

// aggression2 is aggression with 2 players (see aggressionOf).
const aggression2 = 3.0

// ValueV1 is the first evaluation, kept to measure Value against: chain
// costs count linearly, both sides alike.
func ValueV1(s *ic.State, p game.Player) float64 {
	var e Evaluator
	return e.value(s, p, func(c int) float64 { return float64(c) }, logisticK, 1, blocked4)
}

// EvalV1 is Eval on ValueV1.
func EvalV1(s game.State, p game.Player) float64 { return evalWith(s, p, ValueV1) }

// ValueV3 is Value as it was before a blocking piece cost more with 2
// players (blockedOf), and before they had an aggression, kept to measure
// it.
func ValueV3(s *ic.State, p game.Player) float64 {
	var e Evaluator
	return e.ValueV3(s, p)
}

// EvalV3 is Eval on ValueV3.
func EvalV3(s game.State, p game.Player) float64 { return evalWith(s, p, ValueV3) }

// ValueV4 is Value as it was before 2-player games had an aggression (see
// aggressionOf): it defends better and makes long games. The level max
// plays on it with 2 players, and hard-v4 keeps it to measure Value.
func ValueV4(s *ic.State, p game.Player) float64 {
	var e Evaluator
	return e.ValueV4(s, p)
}

// EvalV4 is Eval on ValueV4.
func EvalV4(s game.State, p game.Player) float64 { return evalWith(s, p, ValueV4) }

// aggrRef is shape's value at the cap, the most a seat's cost can be.
var aggrRef = shape(maxChain + 1)

// shape weighs a chain cost: concave, 0 at 0, slope 4 there, 1 at 10.
func shape(c int) float64 { return 40 * float64(c) / float64(c+10) }

// logisticK2 scales Value's logistic (shape's range is [0, 34]).
const logisticK2 = 0.1

func (e *Evaluator) value(s *ic.State, p game.Player, f func(int) float64, k, aggr float64, block int) float64 {
	seat := int(p)
	n := s.Players()
	if seat < 0 || seat >= n {
		return 0
	}
	var b board
	b.load(s, block)
	toMove := int(s.ToMove())
	var cost [4]float64
	for o := range n {
		c := chain(s, &b, o, e.maps(s, &b, o), &e.queue)
		if o == toMove {
			c = max(c-tempo, 0)
		}
		cost[o] = f(c) - float64(advancement(s, &b, o))/advDivisor
	}
	// The best seat of each side counts.
	me, them := math.Inf(1), math.Inf(1)
	for o := range n {
		if s.Opponents(seat, o) {
			them = min(them, cost[o])
		} else {
			me = min(me, cost[o])
		}
	}
	return 1 / (1 + math.Exp(-k*(them-me+(aggr-1)*(aggrRef-me))))
}

func (b *board) load(s *ic.State, block int) {
	b.blocked = block
	b.nocc = 0
	for t := range nsq {
		o, f, d := s.PieceAt(t)
		b.owner[t], b.face[t], b.dbl[t] = int8(o), int8(f), d
		if o >= 0 {
			b.occ[b.nocc] = uint8(t)
			b.nocc++
		}
	}
	b.ball = s.Ball()
}

// Evaluator evaluates as Eval does, with the same values, in less time
// during a search: it keeps each seat's distance maps from the position
// it evaluated last, and a seat whose pieces stand where they stood then
// (between two sibling leaves of a search, every seat but the one that
// moved) uses them again. The zero Evaluator is ready; do not share one
// between goroutines.
type Evaluator struct {
	seats [4]teamMaps
	queue [512]queued // chain's, here so as not to be cleared at every call
}

// NewEvaluator returns an Evaluator for one search.
func NewEvaluator() *Evaluator { return new(Evaluator) }

// Eval is Eval's value, computed by e.
func (e *Evaluator) Eval(s game.State, p game.Player) float64 { return evalWith(s, p, e.Value) }

// Value is Value's value, computed by e.
func (e *Evaluator) Value(s *ic.State, p game.Player) float64 {
	return e.value(s, p, shape, logisticK2, aggressionOf(s, aggression2), blockedOf(s))
}

// ValueV3 is ValueV3's value, computed by e.
func (e *Evaluator) ValueV3(s *ic.State, p game.Player) float64 {
	return e.value(s, p, shape, logisticK2, aggressionOf(s, 1), blocked4)
}

// ValueV4 is ValueV4's value, computed by e.
func (e *Evaluator) ValueV4(s *ic.State, p game.Player) float64 {
	return e.value(s, p, shape, logisticK2, aggressionOf(s, 1), blockedOf(s))
}

// EvalV4 is EvalV4's value, computed by e.
func (e *Evaluator) EvalV4(s game.State, p game.Player) float64 { return evalWith(s, p, e.ValueV4) }

// EvalV3 is EvalV3's value, computed by e.
func (e *Evaluator) EvalV3(s game.State, p game.Player) float64 { return evalWith(s, p, e.ValueV3) }

// advancement sums, over seat's movable pieces, how close each is to
// seat's nearest goal: 12 minus its Chebyshev distance.
func advancement(s *ic.State, b *board, seat int) int {
	goals := s.Goals(seat)
	a := 0
	for _, q := range b.occ[:b.nocc] {
		t := int(q)
		if int(b.owner[t]) != seat || t == b.ball {
			continue
		}
		d := noPieceDist
		for _, g := range goals {
			d = min(d, cheb(t, g))
		}
		a += size - 1 - d
	}
	return a
}
