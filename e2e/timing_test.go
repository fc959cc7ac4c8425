package e2e

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"

	"plateau/games"
)

// readyTimes opens a fresh game page of every game in new browser contexts
// and logs how long after navigation its board became playable (the
// 'plateau-ready' performance mark): the least, median and most of
// PLATEAU_READY_VISITS visits (default 1) each in a new context (empty
// cache), then of as many reloads (warm cache). It reports figures and
// asserts nothing about them: the machines are shared and timing
// assertions would be noise (the least of several visits is the figure
// that load disturbs least).
// Run: cd e2e && PLATEAU_READY_VISITS=3 go test -run 'TestBrowser/ready' -v
func readyTimes(t *testing.T, bctx context.Context, base string) {
	coldVisits, _ := strconv.Atoi(os.Getenv("PLATEAU_READY_VISITS"))
	coldVisits = max(coldVisits, 1)
	var allCold, allWarm []float64
	for _, id := range games.Registry().IDs() {
		a := newTab(t, bctx, id+" creator")
		path, _ := createGame(t, a, base, id)
		var cold, warm []float64
		var dcl float64
		var b *tab
		for i := range coldVisits {
			b = newTab(t, bctx, fmt.Sprintf("%s visit %d", id, i+1))
			b.open(base+path, boardReady)
			cold = append(cold, readyMark(t, b, id))
			dcl += eval[float64](b, `performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`) / float64(coldVisits)
		}
		for range coldVisits {
			b.open(base+path, boardReady)
			warm = append(warm, readyMark(t, b, id))
		}
		t.Logf("%s: board playable after %s ms cold (new context; DOMContentLoaded at %.0f ms on average), %s ms warm (least/median/most)",
			id, spread(cold), dcl, spread(warm))
		allCold, allWarm = append(allCold, cold...), append(allWarm, warm...)
	}
	t.Logf("all games: board playable after %s ms cold, %s ms warm (least/median/most)", spread(allCold), spread(allWarm))
}

func readyMark(t *testing.T, b *tab, id string) float64 {
	ms := eval[float64](b, `performance.getEntriesByName('plateau-ready')[0]?.startTime || 0`)
	if ms <= 0 {
		t.Errorf("%s: no plateau-ready mark", id)
	}
	return ms
}

// spread formats the least, median and most of xs.
func spread(xs []float64) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	return fmt.Sprintf("%.0f/%.0f/%.0f", s[0], s[len(s)/2], s[len(s)-1])
}
