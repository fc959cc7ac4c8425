package arena

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Pairing is the games played between entrants I and J of a ladder, each
// game's score from I's side (1 a win, 0.5 a draw, 0 a loss; a share of
// the payoffs with more seats).
type Pairing struct {
	I, J   int
	Scores []float64
	// Units, when set, gives each game's unit: games of one unit are not
	// independent (the two games of a pair share their opening and dice),
	// and the bootstrap draws whole units. Nil: every game is its own.
	Units []int
}

// groups returns the indexes of p's games unit by unit, in the order the
// units first appear.
func (p Pairing) groups() [][]int {
	if p.Units == nil {
		g := make([][]int, len(p.Scores))
		for i := range g {
			g[i] = []int{i}
		}
		return g
	}
	at := map[int]int{}
	var g [][]int
	for i, u := range p.Units {
		k, ok := at[u]
		if !ok {
			k = len(g)
			at[u] = k
			g = append(g, nil)
		}
		g[k] = append(g[k], i)
	}
	return g
}

// minScore is the score of an Elo difference of -maxElo: 1/(1+10^3). A
// pairing's mean score is clipped to [minScore, 1-minScore] before the fit,
// so that a level that never loses (or never wins) has a finite rating:
// on its own, such a pairing fits to exactly the ±1200 cap of Elo.
var minScore = 1 / (1 + math.Pow(10, maxElo/400))

// Fit returns the maximum-likelihood Elo ratings of n entrants under the
// Bradley-Terry (logistic Elo) model, a draw counting as half a win and
// half a loss: entrant i scores 1/(1+10^((r_j-r_i)/400)) against j on
// average. The ratings are anchored at anchor for entrant 0. Every entrant
// must be connected to entrant 0 by pairings with games. Each pairing's
// mean score is first clipped into [1/1001, 1000/1001] (see minScore), so
// that perfect scores give finite ratings: a lower bound, capped, for a
// level that never lost.
func Fit(n int, pairs []Pairing, anchor float64) ([]float64, error) {
	if n < 1 {
		return nil, errors.New("fit: no entrants")
	}
	// Union-find over the pairings with games, to check connectivity.
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	for _, p := range pairs {
		if p.I < 0 || p.I >= n || p.J < 0 || p.J >= n || p.I == p.J {
			return nil, fmt.Errorf("fit: pairing %d-%d: entrants are 0 to %d and distinct", p.I, p.J, n-1)
		}
		if len(p.Scores) > 0 {
			parent[find(p.I)] = find(p.J)
		}
	}
	for i := 1; i < n; i++ {
		if find(i) != find(0) {
			return nil, fmt.Errorf("fit: entrant %d has no games linking it to entrant 0", i)
		}
	}
	return fit(n, summarize(pairs), anchor), nil
}

// pairSum is a pairing reduced to what the likelihood needs.
type pairSum struct {
	i, j int
	n    float64 // games
	s    float64 // i's mean score, clipped
}

func summarize(pairs []Pairing) []pairSum {
	out := make([]pairSum, 0, len(pairs))
	for _, p := range pairs {
		if len(p.Scores) == 0 {
			continue
		}
		var sum float64
		for _, s := range p.Scores {
			sum += s
		}
		n := float64(len(p.Scores))
		out = append(out, pairSum{p.I, p.J, n, min(max(sum/n, minScore), 1-minScore)})
	}
	return out
}

// fit maximizes the log-likelihood by Newton's method on the n-1 free
// ratings (entrant 0 fixed), in natural units (r·ln10/400). The
// log-likelihood is concave, and strictly so once the graph is connected;
// the steps are halved until the likelihood rises.
func fit(n int, ps []pairSum, anchor float64) []float64 {
	x := make([]float64, n) // natural units, x[0] = 0
	ll := func(x []float64) float64 {
		var v float64
		for _, p := range ps {
			d := x[p.i] - x[p.j]
			// log σ(d) and log σ(-d), computed stably.
			v += p.n * (p.s*logSigmoid(d) + (1-p.s)*logSigmoid(-d))
		}
		return v
	}
	m := n - 1
	grad := make([]float64, m)
	hess := make([]float64, m*m)
	step := make([]float64, m)
	try := make([]float64, n)
	cur := ll(x)
	for range 200 {
		clear(grad)
		clear(hess)
		for _, p := range ps {
			q := 1 / (1 + math.Exp(x[p.j]-x[p.i])) // expected score of i
			g := p.n * (p.s - q)
			w := p.n * q * (1 - q)
			if p.i > 0 {
				grad[p.i-1] += g
				hess[(p.i-1)*m+p.i-1] += w
			}
			if p.j > 0 {
				grad[p.j-1] -= g
				hess[(p.j-1)*m+p.j-1] += w
			}
			if p.i > 0 && p.j > 0 {
				hess[(p.i-1)*m+p.j-1] -= w
				hess[(p.j-1)*m+p.i-1] -= w
			}
		}
		if m == 0 || !solve(hess, grad, step, m) {
			break
		}
		var norm float64
		for _, s := range step {
			norm = max(norm, math.Abs(s))
		}
		if norm < 1e-10 {
			break
		}
		for t := 1.0; t > 1e-6; t /= 2 {
			try[0] = 0
			for k := range m {
				try[k+1] = x[k+1] + t*step[k]
			}
			if v := ll(try); v >= cur {
				copy(x, try)
				cur = v
				break
			}
		}
	}
	r := make([]float64, n)
	for i := range x {
		r[i] = anchor + x[i]*400/math.Ln10
	}
	return r
}

// logSigmoid is log(1/(1+e^-d)).
func logSigmoid(d float64) float64 {
	if d >= 0 {
		return -math.Log1p(math.Exp(-d))
	}
	return d - math.Log1p(math.Exp(d))
}

// solve solves a·x = b for a symmetric positive definite m×m matrix a by
// Gaussian elimination with partial pivoting, leaving a and b changed. It
// reports false for a singular matrix.
func solve(a, b, x []float64, m int) bool {
	for c := range m {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r*m+c]) > math.Abs(a[p*m+c]) {
				p = r
			}
		}
		if math.Abs(a[p*m+c]) < 1e-12 {
			return false
		}
		if p != c {
			for k := range m {
				a[c*m+k], a[p*m+k] = a[p*m+k], a[c*m+k]
			}
			b[c], b[p] = b[p], b[c]
		}
		for r := c + 1; r < m; r++ {
			f := a[r*m+c] / a[c*m+c]
			for k := c; k < m; k++ {
				a[r*m+k] -= f * a[c*m+k]
			}
			b[r] -= f * b[c]
		}
	}
	for r := m - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < m; k++ {
			s -= a[r*m+k] * x[k]
		}
		x[r] = s / a[r*m+r]
	}
	return true
}

// Interval is a rating with its 95% interval.
type Interval struct {
	Elo float64 `json:"elo"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
}

// Ratings are the fitted ratings of a ladder's entrants with their 95%
// intervals, and the same for the gap between each entrant and the one
// before it (Gaps[0] is zero).
type Ratings struct {
	Ratings []Interval
	Gaps    []Interval
}

// FitIntervals fits the ratings and bootstraps their 95% intervals: boot
// times, every pairing's units (its games, or the units its Units give)
// are drawn again with replacement (as many as it has) from a PCG seeded
// with seed, the ratings refitted, and the 2.5% and 97.5% percentiles
// kept, for each rating and for each gap between consecutive entrants.
// The anchor's interval is the anchor: the others are relative to it. A
// pairing won in every game is won in every resample, so its gap's interval
// is the capped value alone.
func FitIntervals(n int, pairs []Pairing, anchor float64, boot int, seed uint64) (Ratings, error) {
	r, err := Fit(n, pairs, anchor)
	if err != nil {
		return Ratings{}, err
	}
	out := Ratings{Ratings: make([]Interval, n), Gaps: make([]Interval, n)}
	for i := range n {
		out.Ratings[i] = Interval{r[i], r[i], r[i]}
		if i > 0 {
			g := r[i] - r[i-1]
			out.Gaps[i] = Interval{g, g, g}
		}
	}
	if boot <= 0 {
		return out, nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x1adde7))
	samples := make([][]float64, n) // per entrant
	gaps := make([][]float64, n)
	re := make([]Pairing, len(pairs))
	units := make([][][]int, len(pairs))
	for k, p := range pairs {
		if p.Units != nil && len(p.Units) != len(p.Scores) {
			return Ratings{}, fmt.Errorf("fit: pairing %d-%d: %d units for %d games", p.I, p.J, len(p.Units), len(p.Scores))
		}
		units[k] = p.groups()
	}
	for range boot {
		for k, p := range pairs {
			s := make([]float64, 0, len(p.Scores))
			for range units[k] {
				for _, g := range units[k][rng.IntN(len(units[k]))] {
					s = append(s, p.Scores[g])
				}
			}
			re[k] = Pairing{I: p.I, J: p.J, Scores: s}
		}
		b := fit(n, summarize(re), anchor)
		for i := range n {
			samples[i] = append(samples[i], b[i])
			if i > 0 {
				gaps[i] = append(gaps[i], b[i]-b[i-1])
			}
		}
	}
	for i := range n {
		out.Ratings[i].Lo, out.Ratings[i].Hi = percentiles(samples[i])
		if i > 0 {
			out.Gaps[i].Lo, out.Gaps[i].Hi = percentiles(gaps[i])
		}
	}
	return out, nil
}

// percentiles returns the 2.5% and 97.5% percentiles of v (sorted in
// place), by the nearest rank.
func percentiles(v []float64) (lo, hi float64) {
	slices.Sort(v)
	at := func(q float64) float64 {
		k := int(math.Ceil(q*float64(len(v)))) - 1
		return v[min(max(k, 0), len(v)-1)]
	}
	return at(0.025), at(0.975)
}
