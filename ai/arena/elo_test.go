package arena

import (
	"math"
	"testing"
)

// TestScoreInterval checks a match's score, its interval over the units and
// the Elo figures, computed by hand (sample variance of the units' means).
func TestScoreInterval(t *testing.T) {
	// results makes the games of units whose scores are given, a unit's
	// games next to each other.
	results := func(units ...[]float64) ([]GameResult, func(int) int) {
		var rs []GameResult
		var of []int
		for u, scores := range units {
			for _, s := range scores {
				rs = append(rs, GameResult{Index: len(rs), Score: s})
				of = append(of, u)
			}
		}
		return rs, func(i int) int { return of[i] }
	}
	repeat := func(n int, scores ...float64) [][]float64 {
		u := make([][]float64, n)
		for i := range u {
			u[i] = scores
		}
		return u
	}
	concat := func(parts ...[][]float64) [][]float64 {
		var all [][]float64
		for _, p := range parts {
			all = append(all, p...)
		}
		return all
	}
	tests := []struct {
		name          string
		units         [][]float64
		score         float64
		lo, hi        float64
		elo, eLo, eHi float64
	}{
		// 60 wins in 100 games, each its own unit: variance 24/99, se
		// 0.049237, interval 0.6 ± 0.096502.
		{"60/0/40 unpaired", concat(repeat(60, 1), repeat(40, 0)), 0.6, 0.503498, 0.696502, 70.437, 2.431, 144.307},
		// Draws shrink the interval: variance 12.25/99.
		{"30/50/20 unpaired", concat(repeat(30, 1), repeat(50, 0.5), repeat(20, 0)), 0.55, 0.481056, 0.618944, 34.860, -13.170, 84.265},
		{"10/0/10 unpaired", concat(repeat(10, 1), repeat(10, 0)), 0.5, 0.275177, 0.724823, 0, -168.248, 168.248},
		// The same 60/0/40 in pairs that agree more than chance: the
		// pairs' means 1, 1/2 and 0 spread wider than single games.
		{"60/0/40 in pairs", concat(repeat(20, 1, 1), repeat(20, 1, 0), repeat(10, 0, 0)), 0.6, 0.495236, 0.704764, 70.437, -3.311, 151.150},
		// Pairs split by the dice: each pair is even, and so is the match.
		{"pairs split", repeat(10, 1, 0), 0.5, 0.5, 0.5, 0, 0, 0},
		{"perfect", repeat(200, 1), 1, 1, 1, 1200, 1200, 1200},
		{"one pair", repeat(1, 1, 0.5), 0.75, 0, 1, 190.849, -1200, 1200},
		{"no games", nil, 0.5, 0, 1, 0, -1200, 1200},
	}
	for _, tt := range tests {
		rs, unit := results(tt.units...)
		r := Result{Results: rs}
		r.summarize(unit)
		if math.Abs(r.Score-tt.score) > 1e-9 || math.Abs(r.ScoreLo-tt.lo) > 1e-6 || math.Abs(r.ScoreHi-tt.hi) > 1e-6 ||
			math.Abs(r.Elo-tt.elo) > 1e-3 || math.Abs(r.EloLo-tt.eLo) > 1e-3 || math.Abs(r.EloHi-tt.eHi) > 1e-3 {
			t.Errorf("%s: score %.6f [%.6f, %.6f], Elo %.3f [%.3f, %.3f]; want %.6f [%.6f, %.6f], %.3f [%.3f, %.3f]", tt.name,
				r.Score, r.ScoreLo, r.ScoreHi, r.Elo, r.EloLo, r.EloHi, tt.score, tt.lo, tt.hi, tt.elo, tt.eLo, tt.eHi)
		}
		if n := len(r.Series); n != len(rs) || n > 0 && (r.Series[n-1].Lo != r.ScoreLo || r.Series[n-1].Hi != r.ScoreHi) {
			t.Errorf("%s: series of %d points ending %+v, want %d ending at the match's interval", tt.name, n, r.Series, len(rs))
		}
	}
}
