package seek

import "math"

// Bounds of a game's clock, whether a seek's or that of a game created
// directly (POST /api/games).
const (
	MinClockMinutes = 1.0 / 60 // a second: bullet and the tests' short clocks
	MaxClockMinutes = 24 * 60  // a day
	MaxIncrement    = 600      // seconds
)

// Whole reports whether x is a whole number (within float error), as a
// clock's minutes times 60 and increment times 1000 must be.
func Whole(x float64) bool {
	return math.Abs(x-math.Round(x)) < 1e-6 && (x == 0) == (math.Round(x) == 0)
}
