//go:build race

package main

// raceEnabled: the race detector slows a process several times, so a test
// that bounds a wall-clock reaction allows for it.
const raceEnabled = true
