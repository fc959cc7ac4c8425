package intercept

import (
	"math"
	"math/bits"

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

// xOf and yOf are the file and rank of each square.
var xOf, yOf [nsq]int8

func init() {
	for t := range nsq {
		xOf[t], yOf[t] = int8(t%size), int8(t/size)
	}
}

func cheb(a, b int) int {
	dx, dy := int(xOf[a]-xOf[b]), int(yOf[a]-yOf[b])
	return max(dx, -dx, dy, -dy)
}

// pieceSets collects the squares of seat's team pieces that can move and
// could show each face: passage-capable and repos-capable (doubles are
// both).
func pieceSets(s *ic.State, b *board, seat int) (pas, rep lanes) {
	for _, q := range b.occ[:b.nocc] {
		t := int(q)
		if o := int(b.owner[t]); t == b.ball || s.Opponents(seat, o) {
			continue
		}
		if b.dbl[t] || b.face[t] == ic.FacePassage {
			pas.add(t)
		}
		if b.dbl[t] || b.face[t] == ic.FaceRepos {
			rep.add(t)
		}
	}
	return pas, rep
}

// distMap holds, for every square, the Chebyshev distance to the closest
// of a set of squares (a king's moves), capped at distCap.
type distMap [nsq]int8

// lanes is a set of squares with the board's rows in 16-bit lanes, four
// rows to a word: a king's move grows a set in a few word operations
// rather than one a row.
type lanes [(size + 3) / 4]uint64

// laneRows masks the bits of each word that are squares of the board.
var laneRows = func() (m lanes) {
	for y := range size {
		m[y/4] |= rowMask << (16 * (y % 4))
	}
	return m
}()

// rowMask holds the squares of a board row.
const rowMask = 1<<size - 1

// laneBit is the word and bit of each square in lanes.
var laneBit = func() (lb [nsq]struct{ w, bit uint8 }) {
	for t := range lb {
		y, x := t/size, t%size
		lb[t].w, lb[t].bit = uint8(y/4), uint8(16*(y%4)+x)
	}
	return lb
}()

// add puts square t in the set.
func (l *lanes) add(t int) {
	lb := laneBit[t]
	l[lb.w] |= 1 << lb.bit
}

// laneSquare is the square of each bit of lanes (0 for the padding, which
// no set holds).
var laneSquare = func() (sq [len(lanes{}) * 64]uint8) {
	for i := range sq {
		if y, x := i/16, i%16; y < size && x < size {
			sq[i] = uint8(y*size + x)
		}
	}
	return sq
}()

// fill computes the map of a set of squares breadth first: the squares
// within distance k+1 of the set are those within k grown by one king
// move, and each square gets the round that reaches it.
func (d *distMap) fill(reached lanes) {
	*d = blankDistMap
	frontier := reached
	for k := int8(0); k < distCap; k++ {
		for w, r := range frontier {
			for ; r != 0; r &= r - 1 {
				d[laneSquare[w*64+bits.TrailingZeros64(r)]] = k
			}
		}
		// Sideways within a row (the lanes' padding bits catch what
		// spills over and are masked off), then up and down a row,
		// across words at their first and last lanes.
		var side lanes
		for w, r := range reached {
			side[w] = (r | r<<1 | r>>1) & laneRows[w]
		}
		more := uint64(0)
		for w := range reached {
			n := side[w] | side[w]<<16 | side[w]>>16
			if w > 0 {
				n |= side[w-1] >> 48
			}
			if w < len(side)-1 {
				n |= side[w+1] << 48
			}
			n &= laneRows[w]
			frontier[w] = n &^ reached[w]
			reached[w] = n
			more |= frontier[w]
		}
		if more == 0 {
			return
		}
	}
}

// blankDistMap is a distMap far from every piece.
var blankDistMap = func() (d distMap) {
	for t := range d {
		d[t] = distCap
	}
	return d
}()

func (d *distMap) dist(t int) int { return int(d[t]) }

// teamMaps are the distance maps of a seat's team pieces that could show
// a passage face and a repos face, and the sets of squares they were
// filled from.
type teamMaps struct {
	pas, rep lanes
	pl, rl   distMap
	filled   bool
}

// queued is an entry of chain's bucket queue: a square and the next entry
// of its bucket.
type queued struct {
	sq   uint8
	next int16
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

// maps returns the distance maps of seat's team in the position on b,
// filled again only if its pieces moved.
func (e *Evaluator) maps(s *ic.State, b *board, seat int) *teamMaps {
	m := &e.seats[seat]
	pas, rep := pieceSets(s, b, seat)
	if !m.filled || pas != m.pas {
		m.pas = pas
		m.pl.fill(pas)
	}
	if !m.filled || rep != m.rep {
		m.rep = rep
		m.rl.fill(rep)
	}
	m.filled = true
	return m
}

// chain returns seat's cheapest ball chain: the cost of the pieces that
// must still be brought to make a path of hops from the ball to one of its
// goals. A hop goes over a passage piece of the seat's team onto a repos
// piece (or onto the goal Arrivée, empty or holding the team's repos); every
// square the path needs that does not hold the right piece costs missBase
// plus the distance of the nearest team piece that could fill it, more if
// it must first be emptied. The search is a Dijkstra over the squares the
// ball can ever reach (two squares per hop keeps its parity).
func chain(s *ic.State, b *board, seat int, tm *teamMaps, q *[512]queued) int {
	pl, rl := &tm.pl, &tm.rl

	var dist [nsq]int16
	for t := range dist {
		dist[t] = maxChain + 1
	}
	start := b.ball
	d0 := 0
	if o := int(b.owner[start]); o >= 0 && s.Opponents(seat, o) {
		d0 = intercept
	}
	goals := s.Goals(seat)
	// Dijkstra with a bucket queue: costs are small integers, and paths
	// dearer than maxChain need not be followed.
	var head [maxChain + 1]int16
	for i := range head {
		head[i] = -1
	}
	nq := int16(0)
	// A landing is reached from up to eight squares, and as many hops
	// jump a square: the costs of each are found once, kept plus 1 (0:
	// not yet).
	var land, pass [nsq]int8
	push := func(t, d int) {
		if d > maxChain || int(dist[t]) <= d || nq == int16(len(q)) {
			return
		}
		dist[t] = int16(d)
		q[nq] = queued{uint8(t), head[d]}
		head[d] = nq
		nq++
	}
	push(start, d0)
	for cd := d0; cd <= maxChain; cd++ {
		for head[cd] >= 0 {
			e := q[head[cd]]
			head[cd] = e.next
			c := int(e.sq)
			if int(dist[c]) != cd {
				continue // a stale entry
			}
			for _, g := range goals {
				if c == g {
					return cd
				}
			}
			for _, h := range hops[c].to[:hops[c].n] {
				l := int(h.land)
				if int(dist[l]) <= cd {
					continue
				}
				lc := int(land[l]) - 1
				if lc < 0 {
					lc = landCost(s, b, seat, l, rl, goals)
					land[l] = int8(lc + 1)
				}
				m := int(h.over)
				pc := int(pass[m]) - 1
				if pc < 0 {
					pc = passCost(s, b, seat, m, pl)
					pass[m] = int8(pc + 1)
				}
				push(l, cd+pc+lc)
			}
		}
	}
	return maxChain + 1
}

// hops lists, for every square, the ball's hops from it that stay on the
// board: the square jumped and the landing two squares away.
var hops = func() (h [nsq]struct {
	n  int
	to [8]struct{ over, land uint8 }
}) {
	for c := range nsq {
		cx, cy := c%size, c/size
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				lx, ly := cx+2*dx, cy+2*dy
				if dx == 0 && dy == 0 || lx < 0 || ly < 0 || lx >= size || ly >= size {
					continue
				}
				h[c].to[h[c].n].over, h[c].to[h[c].n].land = uint8(c+dy*size+dx), uint8(ly*size+lx)
				h[c].n++
			}
		}
	}
	return h
}()

// passCost is the cost of having a passage piece of seat's team on m; an
// opponent's piece on squares 1-5 of seat's goal can be covered.
func passCost(s *ic.State, b *board, seat, m int, pl *distMap) int {
	return needCost(s, b, seat, m, ic.FacePassage, pl, s.IsFive(seat, m))
}

// landCost is the cost of having a landing for seat's ball on l: a repos of
// seat's team, or a goal Arrivée that is empty or whose opponent's piece a
// repos can cover.
func landCost(s *ic.State, b *board, seat, l int, rl *distMap, goals []int) int {
	for _, g := range goals {
		if l == g {
			o := int(b.owner[l])
			if o < 0 {
				return 0
			}
			return needCost(s, b, seat, l, ic.FaceRepos, rl, s.CoveredOf(o) < 2)
		}
	}
	return needCost(s, b, seat, l, ic.FaceRepos, rl, false)
}

// needCost is the cost of having a piece of seat's team showing face on t:
// none when one stands there, wrongFace when a double must turn over,
// otherwise missBase plus the distance of the nearest team piece that could
// show that face, more when t must first be emptied of an own piece or
// holds an opponent's piece that cannot be covered.
func needCost(s *ic.State, b *board, seat, t, face int, d *distMap, coverable bool) int {
	o := int(b.owner[t])
	switch {
	case o < 0:
		return missBase + d.dist(t)
	case s.Opponents(seat, o):
		if coverable {
			return missBase + d.dist(t)
		}
		return b.blocked + missBase + d.dist(t)
	case int(b.face[t]) == face:
		return 0
	case b.dbl[t]:
		return wrongFace
	}
	return wrongFace + missBase + d.dist(t)
}

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
