//go:build !race

package mahbousse_test

const raceEnabled = false
