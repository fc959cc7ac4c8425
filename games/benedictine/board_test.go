package benedictine

import (
	"math/rand/v2"
	"testing"
)

// TestReachSets checks the flood fill of jumpReach and ballReach (no
// paths asked) against chain's square-by-square search (paths asked), on
// random boards of every density.
func TestReachSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 1))
	for i := range 20000 {
		density := rng.IntN(100)
		var occ uint64
		for sq := range numSquares {
			if rng.IntN(100) < density {
				occ |= 1 << sq
			}
		}
		for from := range numSquares {
			var parent [64]int8
			rest := occ &^ (1 << from)
			if got, want := jumpReach(from, rest, nil), jumpReach(from, rest, &parent); got != want {
				t.Fatalf("board %d, occupied %#x: jumpReach(%d) = %#x, chain says %#x", i, rest, from, got, want)
			}
			for p := range 2 {
				if got, want := ballReach(from, occ, p, nil), ballReach(from, occ, p, &parent); got != want {
					t.Fatalf("board %d, own %#x: ballReach(%d) for player %d = %#x, chain says %#x", i, occ, from, p, got, want)
				}
			}
		}
	}
}

// BenchmarkEvaluate times the evaluation of a middle game, most of a
// search's time.
func BenchmarkEvaluate(b *testing.B) {
	s, err := parsePosition(Game{}.ExamplePosition())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s.Evaluate(green)
	}
}
