//go:build !race

package intercept

const raceEnabled = false
