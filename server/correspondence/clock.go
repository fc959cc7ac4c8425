package correspondence

import (
	"fmt"
	"slices"
	"time"

	"plateau/store"
)

// Day is the unit of correspondence time controls.
const Day = 24 * time.Hour

// Days are the time controls a correspondence game may have, in days a
// move.
var Days = []int{1, 2, 3, 5, 7, 14}

// CheckDays says what is wrong with a time control of days a move.
func CheckDays(days int) error {
	if !slices.Contains(Days, days) {
		return fmt.Errorf("%d: want days a move among %v", days, Days)
	}
	return nil
}

// Clock is the time control of days a move; it does not check days.
func Clock(days int) store.Clock {
	return store.Clock{PerMove: time.Duration(days) * Day}
}
