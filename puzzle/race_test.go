//go:build race

package puzzle_test

// raceEnabled samples the seed set's verification under the race
// detector, which makes the searches about ten times slower.
const raceEnabled = true
