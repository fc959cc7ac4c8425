//go:build race

package mahbousse

// raceEnabled trims the longest tests under the race detector, which makes
// them ten to twenty-five times slower: fewer positions and games, the same
// checks. CI runs them once at full settings without it.
const raceEnabled = true
