// Package rating computes Glicko-2 ratings, as described in Mark E.
// Glickman's "Example of the Glicko-2 system" (2013).
//
// Plateau rates every game as its own rating period, as lichess does: when
// a rated game ends, each player's rating is updated from the two players'
// ratings before the game, with that one game as the period's results. So
// a rating's deviation never grows with inactivity (there is no empty
// period); it only shrinks as games are played, and the volatility moves
// with surprising results.
//
// A rating is provisional while its deviation is above ProvisionalRD (110,
// lichess's threshold): it is shown with a question mark and kept out of
// the leaderboards.
//
// The package is pure: no I/O, no clock, no global state.
package rating

import (
	"fmt"
	"math"
)

// Defaults of a new player and of the system.
const (
	// InitialRating, InitialRD and InitialVol are a new player's rating,
	// deviation and volatility (Glickman's suggestions).
	InitialRating = 1500.0
	InitialRD     = 350.0
	InitialVol    = 0.06
	// Tau constrains the change of volatility over time (Glickman: 0.3
	// to 1.2); lichess uses 0.75, Plateau 0.5 as the paper's example.
	Tau = 0.5
	// ProvisionalRD: a rating whose deviation is above it is provisional.
	ProvisionalRD = 110.0
	// MinRD and MaxRD bound a deviation after an update, so that a
	// rating never becomes frozen (MinRD) nor worse known than a new
	// player's (MaxRD).
	MinRD = 45.0
	MaxRD = InitialRD
)

// scale converts between the Glicko and the Glicko-2 scales (step 2).
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility's iteration.
const epsilon = 0.000001

// Rating is a player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`  // rating deviation
	Vol    float64 `json:"vol"` // volatility
}

// New returns a new player's rating.
func New() Rating { return Rating{Rating: InitialRating, RD: InitialRD, Vol: InitialVol} }

// Provisional reports whether r is not yet well known (RD above ProvisionalRD).
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Result is one game of a rating period: the opponent's rating before it
// and the player's score (1 win, 0.5 draw, 0 loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// Update returns r after a rating period with the results, computed with
// the system constant tau (steps 2 to 8 of Glickman's example). With no
// result the rating and volatility stay and the deviation grows (step 6
// alone). It fails on a score outside [0, 1] or a rating that is not a
// finite number with a positive deviation and volatility.
func Update(r Rating, results []Result, tau float64) (Rating, error) {
	if err := r.check(); err != nil {
		return Rating{}, fmt.Errorf("player: %w", err)
	}
	if !(tau > 0) {
		return Rating{}, fmt.Errorf("tau %v is not positive", tau)
	}
	for i, res := range results {
		if err := res.Opponent.check(); err != nil {
			return Rating{}, fmt.Errorf("opponent %d: %w", i, err)
		}
		if !(res.Score >= 0 && res.Score <= 1) {
			return Rating{}, fmt.Errorf("opponent %d: score %v is not in [0, 1]", i, res.Score)
		}
	}
	// Step 2: the Glicko-2 scale.
	mu := (r.Rating - InitialRating) / scale
	phi := r.RD / scale
	sigma := r.Vol
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{Rating: r.Rating, RD: phiStar * scale, Vol: sigma}, nil
	}
	// Steps 3 and 4: the estimated variance v and improvement delta.
	var invV, sum float64
	for _, res := range results {
		muJ := (res.Opponent.Rating - InitialRating) / scale
		gJ := g(res.Opponent.RD / scale)
		e := expect(mu, muJ, gJ)
		invV += gJ * gJ * e * (1 - e)
		sum += gJ * (res.Score - e)
	}
	v := 1 / invV
	delta := v * sum
	// Step 5: the new volatility (Illinois algorithm).
	sigma2 := volatility(phi, sigma, v, delta, tau)
	// Step 6: the pre-period deviation.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	// Step 7: the new deviation and rating.
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	// Step 8: back to the Glicko scale.
	return Rating{Rating: scale*mu2 + InitialRating, RD: scale * phi2, Vol: sigma2}, nil
}

// Clamp returns r with its deviation within [MinRD, MaxRD].
func (r Rating) Clamp() Rating {
	r.RD = math.Max(MinRD, math.Min(MaxRD, r.RD))
	return r
}

func (r Rating) check() error {
	if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) || !(r.RD > 0) || math.IsInf(r.RD, 0) || !(r.Vol > 0) || math.IsInf(r.Vol, 0) {
		return fmt.Errorf("rating %v, deviation %v, volatility %v: want a finite rating and a positive deviation and volatility", r.Rating, r.RD, r.Vol)
	}
	return nil
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// volatility is step 5 of the paper: the root of f by the Illinois
// algorithm (a regula falsi that halves the retained end's value).
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Game returns the ratings of two players after one game between them,
// both computed from the ratings before it, with the first player's
// score (1, 0.5 or 0): the per-game rating period described in the
// package comment, deviations clamped to [MinRD, MaxRD].
func Game(a, b Rating, scoreA float64) (Rating, Rating, error) {
	a2, err := Update(a, []Result{{Opponent: b, Score: scoreA}}, Tau)
	if err != nil {
		return Rating{}, Rating{}, fmt.Errorf("first player: %w", err)
	}
	b2, err := Update(b, []Result{{Opponent: a, Score: 1 - scoreA}}, Tau)
	if err != nil {
		return Rating{}, Rating{}, fmt.Errorf("second player: %w", err)
	}
	return a2.Clamp(), b2.Clamp(), nil
}
