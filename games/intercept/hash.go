package intercept

import (
	"math"

	"plateau/game"
)

// Zobrist keys, drawn once from a fixed splitmix64 sequence.
var (
	zPiece [nsq][16]uint64
	zBall  [nsq]uint64
	zSide  [4]uint64
)

func init() {
	keys := game.NewKeySource(0x1c7e5c3a2b)
	for s := range nsq {
		for k := range 16 {
			zPiece[s][k] = keys.Next()
		}
		zBall[s] = keys.Next()
	}
	for i := range zSide {
		zSide[i] = keys.Next()
	}
}

// Hash is a Zobrist hash of the pieces, covered stacks, ball and player to
// move (not of the turn count).
func (s *State) Hash() uint64 {
	h := zBall[s.ball]
	if s.end == endNone {
		h ^= zSide[s.toMove]
	}
	for t, p := range s.board {
		if p != 0 {
			h ^= zPiece[t][p&15]
		}
	}
	depth := [nsq]uint8{}
	for _, c := range s.cov[:s.ncov] {
		x := uint64(c.sq)<<16 | uint64(depth[c.sq])<<8 | uint64(c.p)
		depth[c.sq]++
		h ^= game.Mix64(x)
	}
	return h
}

// Evaluate estimates p's chances from the ball's distance to each side's
// nearest goal, the ball passages each side has ready from the ball, and
// the piece mobility of each side: a logistic of their weighted
// differences, in [0, 1].
func (s *State) Evaluate(p game.Player) float64 {
	if s.end != endNone {
		return s.Outcome().Value(p)
	}
	seat := int(p)
	if seat < 0 || seat >= s.r.players {
		return 0
	}
	var dist, lines, mob [4]float64
	for o := range s.r.players {
		dist[o] = 12
		for _, g := range s.r.goals[o] {
			dist[o] = math.Min(dist[o], float64(chebyshev(s.ball, g)))
		}
		reach := s.ballReach(o, -1, nil)
		lines[o] = float64(reach.count())
		mob[o] = float64(s.mobility(o))
	}
	// Best opponent against p's side.
	me, them := -1, -1
	for o := range s.r.players {
		if s.r.opponents(seat, o) {
			if them < 0 || dist[o] < dist[them] {
				them = o
			}
		} else if me < 0 || dist[o] < dist[me] {
			me = o
		}
	}
	x := 0.5*(dist[them]-dist[me])/12 +
		0.3*(lines[me]-lines[them])/4 +
		0.2*(mob[me]-mob[them])/(mob[me]+mob[them]+1)
	return 1 / (1 + math.Exp(-3*x))
}

// mobility counts the piece destinations of seat (without ball passages).
func (s *State) mobility(seat int) int {
	n := 0
	for from := range nsq {
		if s.movable(seat, from) {
			t := s.pieceTargets(seat, from)
			n += t.plain.count() + t.cover.count()
		}
	}
	return n
}

func chebyshev(a, b int) int {
	dx, dy := a%size-b%size, a/size-b/size
	return max(dx, -dx, dy, -dy)
}
