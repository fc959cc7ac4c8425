package e2e

import (
	"context"
	"testing"

	"plateau/games"
)

// readyTimes opens a fresh game page of every game in a new browser context
// and logs how long after navigation its board became playable (the
// 'plateau-ready' performance mark). It reports figures and asserts nothing
// about them: the machines are shared and timing assertions would be noise.
// Run: go test ./e2e -run 'TestBrowser/ready' -v
func readyTimes(t *testing.T, bctx context.Context, base string) {
	for _, id := range games.Registry().IDs() {
		a := newTab(t, bctx, id+" creator")
		path, _ := createGame(t, a, base, id)
		b := newTab(t, bctx, id+" first visit")
		b.open(base+path, boardReady)
		ms := eval[float64](b, `performance.getEntriesByName('plateau-ready')[0].startTime`)
		if ms <= 0 {
			t.Errorf("%s: no plateau-ready mark", id)
		}
		dcl := eval[float64](b, `performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`)
		t.Logf("%s: board playable %.0f ms after navigation, DOMContentLoaded at %.0f ms (cold browser context)", id, ms, dcl)
		b.open(base+path, boardReady)
		t.Logf("%s: board playable %.0f ms after a second navigation (warm cache)", id,
			eval[float64](b, `performance.getEntriesByName('plateau-ready')[0].startTime`))
	}
}
