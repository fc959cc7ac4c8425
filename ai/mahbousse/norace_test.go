//go:build !race

package mahbousse

const raceEnabled = false
