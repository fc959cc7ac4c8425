package arena

import "math"

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// maxElo bounds reported Elo differences (a score of 0 or 1 has none).
const maxElo = 1200

// Score is the mean score of w wins, d draws and l losses.
func Score(w, d, l int) float64 {
	n := w + d + l
	if n == 0 {
		return 0.5
	}
	return (float64(w) + float64(d)/2) / float64(n)
}

// ScoreInterval is the 95% confidence interval of the mean score, from the
// sample variance of the per-game scores (normal approximation).
func ScoreInterval(w, d, l int) (lo, hi float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 1
	}
	s := Score(w, d, l)
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	se := math.Sqrt(v / n)
	return max(s-z95*se, 0), min(s+z95*se, 1)
}

// EloDiff converts a mean score to an Elo difference:
// -400·log10(1/s - 1), bounded to ±1200.
func EloDiff(s float64) float64 {
	if s <= 0 {
		return -maxElo
	}
	if s >= 1 {
		return maxElo
	}
	e := -400 * math.Log10(1/s-1)
	return min(max(e, -maxElo), maxElo)
}

// Elo returns the Elo difference of w wins, d draws and l losses with its
// 95% confidence interval.
func Elo(w, d, l int) (elo, lo, hi float64) {
	slo, shi := ScoreInterval(w, d, l)
	return EloDiff(Score(w, d, l)), EloDiff(slo), EloDiff(shi)
}
