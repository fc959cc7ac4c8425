package arena

import (
	"math"
	"testing"
)

func TestElo(t *testing.T) {
	tests := []struct {
		w, d, l     int
		score       float64
		elo, lo, hi float64
	}{
		// 60 wins in 100 games: s = 0.6, sd 0.4899, se 0.04899,
		// interval 0.6 ± 0.09602 = [0.50398, 0.69602], -400·log10(1/s-1) of each.
		{60, 0, 40, 0.6, 70.437, 2.767, 143.909},
		// Draws shrink the interval: s = 0.55, per-game variance
		// (30·0.2025 + 50·0.0025 + 20·0.3025)/100 = 0.1225, se 0.035.
		{30, 50, 20, 0.55, 34.860, -12.930, 84.011},
		// s = 0.5, se = sqrt(0.25/20) = 0.1118: [0.2809, 0.7191].
		{10, 0, 10, 0.5, 0, -163.321, 163.321},
		{200, 0, 0, 1, 1200, 1200, 1200},
		{0, 0, 0, 0.5, 0, -1200, 1200},
	}
	for _, tt := range tests {
		s := Score(tt.w, tt.d, tt.l)
		elo, lo, hi := Elo(tt.w, tt.d, tt.l)
		if math.Abs(s-tt.score) > 1e-9 || math.Abs(elo-tt.elo) > 1e-3 || math.Abs(lo-tt.lo) > 1e-3 || math.Abs(hi-tt.hi) > 1e-3 {
			t.Errorf("Elo(%d, %d, %d) = score %.4f, %.3f [%.3f, %.3f], want %.4f, %.3f [%.3f, %.3f]",
				tt.w, tt.d, tt.l, s, elo, lo, hi, tt.score, tt.elo, tt.lo, tt.hi)
		}
	}
}
