package benedictine

import (
	"math"
	"math/bits"

	"plateau/game"
)

// Evaluate estimates the position for player p in [0, 1] without search:
// how many jumps the ball still needs to cross each target row, how far
// each side could carry it now over its own bottles, how many of its
// bottles stand ready in front of the ball, and the bottles' mobility. A
// finished game is worth its outcome.
func (s *State) Evaluate(p game.Player) float64 {
	if s.over {
		return s.Outcome().Value(p)
	}
	if p != green && p != amber {
		return 0
	}
	var f [2]struct{ dist, gain, ready, mobility float64 }
	all := s.bottles[0] | s.bottles[1]
	ball := int(s.ball)
	for q := range f {
		f[q].dist = float64(jumpsToTry(ball, q))
		best := jumpsToTry(ball, q)
		for r := ballReach(ball, s.bottles[q], q, nil); r != 0; r &= r - 1 {
			best = min(best, jumpsToTry(bits.TrailingZeros64(r), q))
		}
		f[q].gain = float64(jumpsToTry(ball, q) - best)
		f[q].ready = float64(bits.OnesCount64(ahead[q][ball] & s.bottles[q]))
		for b := s.bottles[q]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			f[q].mobility += float64(bits.OnesCount64(bottleReach(sq, all&^(1<<sq))))
		}
	}
	me, them := int(p), 1-int(p)
	x := 1.0*(f[them].dist-f[me].dist) +
		0.6*(f[me].gain-f[them].gain) +
		0.3*(f[me].ready-f[them].ready) +
		0.03*(f[me].mobility-f[them].mobility)
	if int(s.turn) == me {
		x += 0.5 * f[me].gain
		if f[me].gain == f[me].dist { // a try is already in reach
			x += 3
		}
	} else if f[them].gain == f[them].dist {
		x -= 3
	}
	return 1 / (1 + math.Exp(-x))
}

// jumpsToTry is the number of forward jumps the ball on code needs to
// cross player p's target row (0 on a try square).
func jumpsToTry(code, p int) int {
	if code >= numSquares {
		return 0
	}
	r := code / size // 1, 3 or 5
	if p == green {
		return (size - r) / 2
	}
	return (r + 1) / 2
}
