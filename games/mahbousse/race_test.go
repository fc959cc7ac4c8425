//go:build race

package mahbousse_test

// raceEnabled trims the conformance run under the race detector, which
// makes it about ten times slower.
const raceEnabled = true
