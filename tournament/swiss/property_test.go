package swiss

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestPairProperties plays 7 rounds of 40 and 41 players (a few withdrawing
// on the way) with random results from fixed seeds and checks every round:
// each active player is paired once or gets the bye, no pairing repeats,
// nobody has two byes, colour differences stay within 2 and nobody has one
// colour three times running.
func TestPairProperties(t *testing.T) {
	for _, tc := range []struct {
		n        int
		seed     uint64
		withdraw int // players withdrawing after round 3
	}{{40, 1, 0}, {40, 2, 0}, {41, 3, 0}, {41, 4, 3}, {40, 5, 2}} {
		rng := rand.New(rand.NewPCG(tc.seed, 71))
		ps := players(tc.n)
		var rounds []Round
		for r := range 7 {
			if r == 3 {
				for range tc.withdraw {
					ps[rng.IntN(tc.n)].Withdrawn = true
				}
			}
			start := time.Now()
			rd, err := Pair(ps, rounds, DefaultRules)
			if err != nil {
				t.Fatalf("n %d seed %d round %d: %v", tc.n, tc.seed, r+1, err)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("n %d seed %d round %d: pairing took %v", tc.n, tc.seed, r+1, d)
			}
			for i := range rd.Games {
				rd.Games[i].Result = Result(1 + rng.IntN(3))
			}
			rounds = append(rounds, rd)
			check(t, ps, rounds)
		}
	}
}

// check verifies the invariants of the rounds so far.
func check(t *testing.T, ps []Player, rounds []Round) {
	t.Helper()
	r := len(rounds)
	rd := rounds[r-1]
	seen := make([]int, len(ps))
	for _, g := range rd.Games {
		seen[g.White]++
		seen[g.Black]++
	}
	if rd.Bye >= 0 {
		seen[rd.Bye]++
	}
	for i, p := range ps {
		if want := map[bool]int{false: 1, true: 0}[p.Withdrawn]; seen[i] != want {
			t.Fatalf("round %d: player %d in %d games or byes, want %d", r, i+1, seen[i], want)
		}
	}
	met := map[[2]int]int{}
	byes := make([]int, len(ps))
	colours := make([][]Colour, len(ps))
	for k, rd := range rounds {
		for _, g := range rd.Games {
			a, b := min(g.White, g.Black), max(g.White, g.Black)
			if prev, ok := met[[2]int{a, b}]; ok {
				t.Fatalf("round %d: %d-%d met again (round %d)", k+1, a+1, b+1, prev)
			}
			met[[2]int{a, b}] = k + 1
			colours[g.White] = append(colours[g.White], White)
			colours[g.Black] = append(colours[g.Black], Black)
		}
		if rd.Bye >= 0 {
			if byes[rd.Bye]++; byes[rd.Bye] > 1 {
				t.Fatalf("round %d: player %d's second bye", k+1, rd.Bye+1)
			}
		}
	}
	for i, cs := range colours {
		d := 0
		for j, c := range cs {
			if c == White {
				d++
			} else {
				d--
			}
			if j >= 2 && cs[j-1] == c && cs[j-2] == c {
				t.Fatalf("round %d: player %d has %v three times running: %v", r, i+1, c, cs)
			}
		}
		if d > 2 || d < -2 {
			t.Fatalf("round %d: player %d's colour difference %d: %v", r, i+1, d, cs)
		}
	}
}

func BenchmarkPair40(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 71))
	ps := players(40)
	var rounds []Round
	for range 6 {
		rd, err := Pair(ps, rounds, DefaultRules)
		if err != nil {
			b.Fatal(err)
		}
		for i := range rd.Games {
			rd.Games[i].Result = Result(1 + rng.IntN(3))
		}
		rounds = append(rounds, rd)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Pair(ps, rounds, DefaultRules); err != nil {
			b.Fatal(err)
		}
	}
}
