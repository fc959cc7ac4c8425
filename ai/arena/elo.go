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
