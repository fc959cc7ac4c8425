package solve

import (
	"math/bits"
	"os"
	"testing"
)

// duel computes exactly the value for player A, who plays the exact
// two-player policy, against player B, who plays the minimal-expected-score
// policy (or the exact one too, with bExact: a check of both computations):
// with A moving first, and with B moving first. Once a player is out
// of play, A alone plays its target policy (optimal, so worth w[x]) and B
// alone keeps minimising its expected score (its final-score distribution).
func duel(tp *TwoPlayer, sol *Solitaire, bExact bool) (aFirst, bFirst float64) {
	g, v, size, n := tp.g, tp.Variant, tp.g.size, tp.Tiles
	w := g.max + 1
	dist := sol.scoreDist()
	// beat[b*w+x]: A's value when A ended on x and B plays on from b.
	beat := make([]float64, size*w)
	for b := range size {
		row := dist[b*w : (b+1)*w]
		above := 0.0
		for x := w - 1; x >= 0; x-- {
			beat[b*w+x] = above + row[x]/2
			above += row[x]
			if bExact {
				beat[b*w+x] = 1 - tp.w[x].val[b]
			}
		}
	}
	ga := make([]float32, size*size) // A to move: ga[a*size+b]
	gb := make([]float32, size*size) // B to move: gb[a*size+b]
	byPop := make([][]uint16, n+1)
	for m := 1; m < size; m++ {
		k := bits.OnesCount16(uint16(m))
		byPop[k] = append(byPop[k], uint16(m))
	}
	for k := 2; k <= 2*n; k++ {
		for pa := max(1, k-n); pa <= min(n, k-1); pa++ {
			for _, a := range byPop[pa] {
				for _, b := range byPop[k-pa] {
					sc := vsActive{t: tp, b: b}
					_, nd := turnValue(g, v, sc, a)
					var x float64
					rollProb(nd, func(r int, p float64) {
						_, i := bestCover(g, sc, a, r)
						switch {
						case i < 0:
							x += p * beat[int(b)*w+int(g.sum[a])]
						case g.after(a, r)[i] == 0:
							x += p * beat[int(b)*w]
						default:
							x += p * float64(gb[int(g.after(a, r)[i])*size+int(b)])
						}
					})
					ga[int(a)*size+int(b)] = float32(x)

					var bsc scorer = sol.score
					if bExact {
						bsc = vsActive{t: tp, b: a}
					}
					_, nd = turnValue(g, v, bsc, b)
					x = 0
					rollProb(nd, func(r int, p float64) {
						_, i := bestCover(g, bsc, b, r)
						switch {
						case i < 0:
							x += p * tp.w[g.sum[b]].val[a]
						case g.after(b, r)[i] == 0:
							x += p * tp.w[0].val[a]
						default:
							x += p * float64(ga[int(a)*size+int(g.after(b, r)[i])])
						}
					})
					gb[int(a)*size+int(b)] = float32(x)
				}
			}
		}
	}
	full := size - 1
	return float64(ga[full*size+full]), float64(gb[full*size+full])
}

// TestDuel: the exact two-player policy against the minimal-expected-score
// policy, computed exactly; a few seconds for 9 tiles, minutes for 12, so
// it runs with SHUTBOX_SIM set (to anything: SHUTBOX_DUEL12=1 adds 12 tiles).
func TestDuel(t *testing.T) {
	if os.Getenv("SHUTBOX_SIM") == "" {
		t.Skip("set SHUTBOX_SIM=1 to compute the exact duels")
	}
	vs := []Variant{{9, true}, {9, false}}
	if os.Getenv("SHUTBOX_DUEL12") != "" {
		vs = append(vs, Variant{12, true}, Variant{12, false})
	}
	for _, v := range vs {
		tp, _ := TwoPlayerFor(v)
		sol, _ := SolitaireFor(v)
		if first, _ := duel(tp, sol, true); !near(first, tp.FirstPlayerValue()) {
			t.Errorf("%v: exact against exact %v, first player value %v", v, first, tp.FirstPlayerValue())
		}
		first, second := duel(tp, sol, false)
		t.Logf("%v: exact policy vs min-expected-score policy: %.6f moving first, %.6f moving second, mean %.6f",
			v, first, second, (first+second)/2)
		if (first+second)/2 <= 0.5 {
			t.Errorf("%v: the exact policy does not beat the min-expected-score policy: %v", v, (first+second)/2)
		}
	}
}
