package mahbousse

import (
	"math"

	"plateau/ai"
	"plateau/game"
	"plateau/games/mahbousse"
)

// Features of a position for one player p, antisymmetric: the features of
// the opponent q are those of p negated, so V(p) + V(q) = 1. The first
// nSide are differences g(p) - g(q) of one side's quantities; the rest are
// joint terms.
const (
	fOff        = iota // checkers borne off
	fPrime             // longest run of closed points with a q checker behind it
	fPrime2            // its square: a long prime is worth more than its parts
	fShotsBack         // chance that q's next roll pins a lone p checker on p's points 13-24
	fShotsFront        // ... on p's points 1-12
	fStart             // p checkers still free on p's starting point
	fHome              // p checkers free in p's home
	fSpread            // points holding a free p checker
	fBlots             // lone p checkers that could be pinned
	fAway              // p checkers (free or pinned) outside p's home
	// fClosed+n-1 is 1 when p's point n is closed to q: what a closed
	// point is worth depends on where it is, in front of which of q's
	// checkers, so every point has its weight.
	fClosed
	// fPin+m-1 is 1 when p pins a q checker on q's point m: the deeper in
	// q's track, the longer the pin holds and the more it costs q.
	fPin  = fClosed + 24
	nSide = fPin + 24
)

// Joint features.
const (
	fContactPips = nSide + iota // pip lead while the armies are in contact
	fRaceLead                   // pip lead scaled by the race's length, without contact
	fTempo                      // +1 when p rolls next
	fRaceTempo                  // the same, in a race
	nFeatures
)

// Weights are the coefficients of a logistic evaluation over the features.
type Weights [nFeatures]float64

// Eval is the evaluation with the trained weights: the ai.Eval of
// Mahboussé's hard and max levels. Other states get ai.DefaultEval.
func Eval(s game.State, p game.Player) float64 {
	return trained.Eval(s, p)
}

// Eval estimates p's chance of winning s in [0, 1] with weights w.
func (w *Weights) Eval(s game.State, p game.Player) float64 {
	l, v, ok := layout(s, p)
	if !ok {
		return v
	}
	var f [nFeatures]float64
	features(&l, int(p), &f)
	return inMatch(s, &l, p, w.value(&f))
}

// layout returns the layout of a Mahboussé game in progress; otherwise ok
// is false and v is the value for p: the result of a finished game, or
// ai.DefaultEval of another game's state.
func layout(s game.State, p game.Player) (l mahbousse.Layout, v float64, ok bool) {
	st, isMB := s.(*mahbousse.State)
	if !isMB || (p != 0 && p != 1) {
		return l, ai.DefaultEval(s, p), false
	}
	if o := st.Outcome(); o.Over {
		return l, o.Value(p), false
	}
	return st.Layout(), 0, true
}

func (w *Weights) value(f *[nFeatures]float64) float64 {
	x := 0.0
	for i, v := range f {
		x += w[i] * v
	}
	return 1 / (1 + math.Exp(-x))
}

// features fills f for player p.
func features(l *mahbousse.Layout, p int, f *[nFeatures]float64) {
	*f = [nFeatures]float64{}
	var pips [2]float64
	for side := range 2 {
		q := 1 - side
		sgn := 1.0
		if side != p {
			sgn = -1
		}
		var g [nSide]float64
		// A side's lone checkers are exposed when the other rolls next:
		// the shots are counted then only.
		exposed := l.Turn == game.Player(q) || l.Turn == game.Nobody
		sideFeatures(l, side, q, exposed, &g, &pips[side])
		for i, v := range g {
			f[i] += sgn * v
		}
	}
	q := 1 - p
	lead := pips[q] - pips[p]
	tempo := 0.0
	switch l.Turn {
	case game.Player(p):
		tempo = 1
	case game.Player(q):
		tempo = -1
	}
	f[fTempo] = tempo
	if contact(l) {
		f[fContactPips] = lead / 100
	} else {
		f[fRaceLead] = lead / (0.1*(pips[0]+pips[1]) + 5)
		f[fRaceTempo] = tempo
	}
}

// closedTo reports whether p's point n is closed to p's opponent q: two
// free p checkers, or one pinning a q checker.
func closedTo(l *mahbousse.Layout, p, n int) bool {
	fr := l.Free[p][n]
	return fr >= 2 || fr == 1 && l.Pinned[1-p][25-n]
}

// sideFeatures computes side p's quantities, and its pip count; the shots
// at p's lone checkers only when they are exposed (0 otherwise).
func sideFeatures(l *mahbousse.Layout, p, q int, exposed bool, g *[nSide]float64, pips *float64) {
	g[fOff] = float64(l.Off[p]) / 15
	run, best := 0, 0
	qBehind := false // a q checker stands below the current point (q moves up in p's numbering)
	for n := 1; n <= 24; n++ {
		fr := int(l.Free[p][n])
		c := fr
		if l.Pinned[p][n] {
			c++
		}
		*pips += float64(c * n)
		if n > 6 {
			g[fAway] += float64(c)
		} else {
			g[fHome] += float64(fr)
		}
		if fr > 0 {
			g[fSpread]++
		}
		if l.Pinned[q][25-n] {
			g[fPin+25-n-1] = 1
		}
		if closedTo(l, p, n) {
			g[fClosed+n-1] = 1
			run++
			if qBehind && run > best {
				best = run
			}
		} else {
			run = 0
		}
		// q checkers on this point are behind the runs above it.
		if l.Free[q][25-n] > 0 || l.Pinned[q][25-n] {
			qBehind = true
		}
		if fr == 1 && !l.Pinned[q][25-n] {
			g[fBlots]++
		}
	}
	g[fStart] = float64(l.Free[p][24]) / 15
	g[fPrime] = float64(best) / 6
	g[fPrime2] = g[fPrime] * g[fPrime]
	g[fHome] /= 15
	g[fAway] /= 15
	g[fSpread] /= 15
	g[fBlots] /= 15
	if exposed {
		g[fShotsBack], g[fShotsFront] = shots(l, p, q)
	}
}

// shots returns the chances that q's next roll lands on a lone p checker
// (pinning it) on p's points 13-24 and on p's points 1-12. Intermediate
// points of a combined move must be open to q.
func shots(l *mahbousse.Layout, p, q int) (back, front float64) {
	var blots [24]int8
	nb := 0
	for n := 2; n <= 24; n++ {
		if l.Free[p][n] == 1 && !l.Pinned[q][25-n] {
			blots[nb] = int8(n)
			nb++
		}
	}
	if nb == 0 {
		return 0, 0
	}
	shooter := func(k int) bool { return k >= 1 && l.Free[q][25-k] > 0 }
	open := func(n int) bool { return !closedTo(l, p, n) }
	var wBack, wFront int
	for a := 1; a <= 6; a++ {
		for b := 1; b <= a; b++ {
			hitBack, hitFront := false, false
			for _, n8 := range blots[:nb] {
				n := int(n8)
				hit := false
				if a != b {
					hit = shooter(n-a) || shooter(n-b) ||
						shooter(n-a-b) && (open(n-a) || open(n-b))
				} else {
					// k steps of a from n-k·a touch down on every
					// point in between.
					for k := 1; k <= 4 && n-k*a >= 1; k++ {
						if k > 1 && !open(n-(k-1)*a) {
							break
						}
						if shooter(n - k*a) {
							hit = true
							break
						}
					}
				}
				if hit {
					if n >= 13 {
						hitBack = true
					} else {
						hitFront = true
					}
				}
			}
			w := 2
			if a == b {
				w = 1
			}
			if hitBack {
				wBack += w
			}
			if hitFront {
				wFront += w
			}
		}
	}
	return float64(wBack) / 36, float64(wFront) / 36
}

// contact reports whether a checker of one side still has to pass one of
// the other's: x moves down its numbering, o up it.
func contact(l *mahbousse.Layout) bool {
	hiX, loO := 0, 25
	for n := 1; n <= 24; n++ {
		if l.Free[0][n] > 0 || l.Pinned[0][n] {
			hiX = n
		}
		if o := 25 - n; o < loO && (l.Free[1][o] > 0 || l.Pinned[1][o]) {
			loO = n
		}
	}
	return loO < hiX
}
