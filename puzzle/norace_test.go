//go:build !race

package puzzle_test

const raceEnabled = false
