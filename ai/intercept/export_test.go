package intercept

// RaceEnabled tells the external tests (package intercept_test) whether
// the race detector is on, for them to trim their longest runs.
const RaceEnabled = raceEnabled
