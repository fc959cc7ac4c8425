package arena

import (
	"fmt"
	"maps"
	"math"
	"slices"
)

// SPRT is a sequential probability ratio test of A against B, the test
// engine developers run on every change (Stockfish's fishtest, cutechess):
// H0, A is Elo0 above B, against H1, A is Elo1 above B. After each unit of
// the match (a pair of games sharing their opening and dice, or a game when
// unpaired), taken in the order of the games' indexes, the log-likelihood
// ratio of H1 to H0 is compared with log(Beta/(1-Alpha)) and
// log((1-Beta)/Alpha): below the first H0 is accepted, above the second
// H1, and the match stops (never before 10 units). So a lopsided pair of players is told apart in a
// few dozen games and a close one takes as many as it needs, with the
// error rates Alpha (accepting H1 when A is Elo0 above B) and Beta
// (accepting H0 when A is Elo1 above). Because the units are taken in index
// order, where the match stops depends on the games alone, not on which
// finished first: a match replays to the same verdict with any number of
// workers.
type SPRT struct {
	Elo0, Elo1 float64
	// Alpha and Beta are the error rates (0: 0.05).
	Alpha, Beta float64
}

// SPRTResult is where the test stands.
type SPRTResult struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	// LLR is the log-likelihood ratio of H1 to H0 after Units units;
	// Lower and Upper are the bounds that decide.
	LLR   float64 `json:"llr"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	Units int     `json:"units"`
	// Verdict is "H1" (A is stronger by Elo1 rather than Elo0), "H0", or
	// "" when the games ran out first.
	Verdict string `json:"verdict"`
}

func (t SPRT) rates() (alpha, beta float64) {
	alpha, beta = t.Alpha, t.Beta
	if alpha <= 0 {
		alpha = 0.05
	}
	if beta <= 0 {
		beta = 0.05
	}
	return alpha, beta
}

// Check reports whether the test's settings make sense.
func (t SPRT) Check() error {
	alpha, beta := t.rates()
	switch {
	case !(t.Elo1 > t.Elo0):
		return fmt.Errorf("SPRT: elo1 %v must be above elo0 %v", t.Elo1, t.Elo0)
	case t.Elo0 <= -maxElo || t.Elo1 >= maxElo:
		return fmt.Errorf("SPRT: elo0 %v and elo1 %v must lie within ±%d", t.Elo0, t.Elo1, maxElo)
	case alpha >= 0.5 || beta >= 0.5:
		return fmt.Errorf("SPRT: error rates %v and %v must be below 0.5", alpha, beta)
	}
	return nil
}

// expectedScore is the mean score of a player rated elo above its
// opponent under the logistic model.
func expectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// llr returns the log-likelihood ratio of H1 to H0 for a sample of unit
// scores, given as the weight of each value. It is the generalized SPRT of
// engine testing (fishtest's): under each hypothesis the units' scores
// follow the distribution of largest likelihood among those on the sample's
// values whose mean is the score the hypothesis expects, m0 or m1, and the
// ratio is that of the two likelihoods. Such a distribution gives value x
// the weight f(x)/(1+λ(x-m)), f the sample's, λ the one that makes the mean
// m (empirical likelihood); any spread of scores, wins and losses, pairs,
// luck-adjusted values, is taken as it comes. Half a unit scoring 0 and half
// a unit scoring 1 are added to the sample, a prior without which a sample
// of one value (every unit won) would make every other mean impossible; it
// weighs nothing after a few dozen units.
func (t SPRT) llr(sample map[float64]float64) float64 {
	// The values in order, so that the sums, and the verdict at a bound,
	// do not depend on the map's order.
	xs := slices.Sorted(maps.Keys(sample))
	ws := make([]float64, len(xs), len(xs)+2)
	for i, x := range xs {
		ws[i] = sample[x]
	}
	xs, ws = append(xs, 0, 1), append(ws, sprtPrior, sprtPrior)
	m0, m1 := expectedScore(t.Elo0), expectedScore(t.Elo1)
	l0, l1 := mleLambda(xs, ws, m0), mleLambda(xs, ws, m1)
	sum := 0.0
	for i, x := range xs {
		sum += ws[i] * (math.Log1p(l0*(x-m0)) - math.Log1p(l1*(x-m1)))
	}
	return sum
}

// sprtPrior is the weight of each of llr's two prior units.
const sprtPrior = 0.5

// mleLambda returns the λ for which the weights w(x)/(1+λ(x-m)) have mean
// m: the root of Σ w (x-m)/(1+λ(x-m)), which falls with λ, between the
// values that make a weight infinite. The values must lie on both sides of
// m.
func mleLambda(xs, ws []float64, m float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, x := range xs {
		if d := x - m; d > 0 {
			lo = max(lo, -1/d)
		} else if d < 0 {
			hi = min(hi, -1/d)
		}
	}
	for range 100 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		g := 0.0
		for i, x := range xs {
			g += ws[i] * (x - m) / (1 + mid*(x-m))
		}
		if g > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// minSPRTUnits is the fewest units on which the test decides: a handful of
// units measure their spread too poorly for the likelihoods to be trusted
// (with the normal approximation first tried, six pairs of a player against
// itself, 54%, rejected a 70% score with a ratio of e^-8).
const minSPRTUnits = 10

// sprtState runs the test over the units of a match as they complete.
type sprtState struct {
	test         SPRT
	lower, upper float64
	unitOf       func(index int) int
	value        func(GameResult) float64
	games        int // the match's games
	pending      map[int][]GameResult
	next         int                 // the next unit to count, and so the units counted
	sample       map[float64]float64 // the units' scores, and how many have each
	verdict      string
	last         int // the index of the last game counted
}

func newSPRTState(t SPRT, games int, unitOf func(int) int, value func(GameResult) float64) *sprtState {
	alpha, beta := t.rates()
	return &sprtState{test: t, lower: math.Log(beta / (1 - alpha)), upper: math.Log((1 - beta) / alpha),
		unitOf: unitOf, value: value, games: games, pending: map[int][]GameResult{}, sample: map[float64]float64{}, last: -1}
}

// add counts game g and reports whether the test has decided. Units are
// counted in order, each once all its games have finished.
func (s *sprtState) add(g GameResult) bool {
	if s.verdict != "" {
		return true
	}
	u := s.unitOf(g.Index)
	s.pending[u] = append(s.pending[u], g)
	for {
		gs, want := s.pending[s.next], s.unitSize(s.next)
		if want == 0 || len(gs) < want {
			return false
		}
		delete(s.pending, s.next)
		sum := 0.0
		for _, g := range gs {
			sum += s.value(g)
			s.last = max(s.last, g.Index)
		}
		s.sample[sum/float64(len(gs))]++
		s.next++
		if s.next < minSPRTUnits {
			continue
		}
		switch l := s.test.llr(s.sample); {
		case l >= s.upper:
			s.verdict = "H1"
			return true
		case l <= s.lower:
			s.verdict = "H0"
			return true
		}
	}
}

// unitSize is the number of games of unit u in the match.
func (s *sprtState) unitSize(u int) int {
	n := 0
	for i := u; i < s.games && i <= 2*u+1; i++ {
		if s.unitOf(i) == u {
			n++
		}
	}
	return n
}

func (s *sprtState) result() *SPRTResult {
	alpha, beta := s.test.rates()
	return &SPRTResult{Elo0: s.test.Elo0, Elo1: s.test.Elo1, Alpha: alpha, Beta: beta,
		LLR: s.test.llr(s.sample), Lower: s.lower, Upper: s.upper, Units: s.next, Verdict: s.verdict}
}
