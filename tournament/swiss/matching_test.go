package swiss

import (
	"math/rand/v2"
	"testing"
)

// brute returns the size of a maximum matching by exhaustive search.
func brute(n int, adj [][]bool, used []bool) int {
	v := 0
	for v < n && used[v] {
		v++
	}
	if v == n {
		return 0
	}
	used[v] = true
	best := brute(n, adj, used) // v unmatched
	for u := v + 1; u < n; u++ {
		if !used[u] && adj[v][u] {
			used[u] = true
			best = max(best, 1+brute(n, adj, used))
			used[u] = false
		}
	}
	used[v] = false
	return best
}

// TestMatcher compares the blossom algorithm with exhaustive search on
// random graphs (seeded).
func TestMatcher(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 1))
	var m matcher
	for trial := range 500 {
		n := 1 + rng.IntN(12)
		density := rng.Float64()
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
		}
		m.reset(n)
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					adj[i][j], adj[j][i] = true, true
					m.edge(i, j)
				}
			}
		}
		got := m.solve()
		if want := brute(n, adj, make([]bool, n)); got != want {
			t.Fatalf("trial %d (n %d): matching of %d, want %d", trial, n, got, want)
		}
		for v := range n {
			if u := m.match[v]; u >= 0 && (m.match[u] != v || !adj[v][u]) {
				t.Fatalf("trial %d: %d matched to %d, not an edge or not mutual", trial, v, u)
			}
		}
	}
}
