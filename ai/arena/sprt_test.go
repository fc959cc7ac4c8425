package arena

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"plateau/ai"
	"plateau/ai/internal/toy"
)

// The log-likelihood ratio is that of the distributions of largest
// likelihood with the means H0 and H1 expect, found otherwise: with wins and
// losses only, that distribution is the Bernoulli of that mean, which gives
// the classical SPRT's ratio in closed form; with draws too, a search over
// the draw rate of the trinomial with that mean, whose log-likelihood is
// concave in it. The two prior half units (a loss, a win) count in both.
func TestSPRTLLR(t *testing.T) {
	tests := []SPRT{{Elo0: 0, Elo1: 50}, {Elo0: -20, Elo1: 20}, {Elo0: 100, Elo1: 200}}
	for _, wl := range [][2]float64{{7, 3}, {10, 0}, {0, 4}, {55, 45}} {
		for _, tc := range tests {
			m0, m1 := expectedScore(tc.Elo0), expectedScore(tc.Elo1)
			w, l := wl[0]+sprtPrior, wl[1]+sprtPrior
			want := w*math.Log(m1/m0) + l*math.Log((1-m1)/(1-m0))
			if got := tc.llr(map[float64]float64{1: wl[0], 0: wl[1]}); math.Abs(got-want) > 1e-9 {
				t.Errorf("+%v -%v, %+v: LLR %v, want %v", wl[0], wl[1], tc, got, want)
			}
		}
	}
	// best is the largest log-likelihood of w wins, d draws and l losses
	// among trinomials of mean m.
	best := func(w, d, l, m float64) float64 {
		ll := func(q float64) float64 { // q: the draw rate
			pw, pl := m-q/2, 1-m-q/2
			return w*math.Log(pw) + d*math.Log(q) + l*math.Log(pl)
		}
		lo, hi := 0.0, 2*min(m, 1-m)
		for range 200 {
			a, b := lo+(hi-lo)/3, hi-(hi-lo)/3
			if ll(a) < ll(b) {
				lo = a
			} else {
				hi = b
			}
		}
		return ll((lo + hi) / 2)
	}
	for _, wdl := range [][3]float64{{5, 4, 3}, {20, 30, 10}, {2, 12, 2}} {
		for _, tc := range tests {
			w, d, l := wdl[0], wdl[1], wdl[2]
			want := best(w+sprtPrior, d, l+sprtPrior, expectedScore(tc.Elo1)) - best(w+sprtPrior, d, l+sprtPrior, expectedScore(tc.Elo0))
			if got := tc.llr(map[float64]float64{1: w, 0.5: d, 0: l}); math.Abs(got-want) > 1e-6 {
				t.Errorf("+%v =%v -%v, %+v: LLR %v, want %v", w, d, l, tc, got, want)
			}
		}
	}
}

func TestSPRTCheck(t *testing.T) {
	for _, tc := range []SPRT{{Elo0: 10, Elo1: 10}, {Elo0: 50, Elo1: 0}, {Elo1: 1300}, {Elo1: 50, Alpha: 0.5}, {Elo1: 50, Beta: 0.7}} {
		if err := tc.Check(); err == nil {
			t.Errorf("%+v: no error", tc)
		}
	}
	if err := (SPRT{Elo1: 50}).Check(); err != nil {
		t.Error(err)
	}
}

// A match with a test stops when the test decides: perfect play against
// random moves is accepted as stronger long before the games run out, a
// player against itself as not, and both to the same game whatever the
// number of workers, or when resumed from its own games.
func TestMatchSPRT(t *testing.T) {
	greedy := entrant("greedy", func(seed uint64) ai.Player { return ai.NewGreedy(nil, seed) })
	for _, tc := range []struct {
		name    string
		m       Match
		verdict string
	}{
		{"stronger", Match{Game: toy.TicTacToeGame, A: search, B: random, SPRT: &SPRT{Elo0: 0, Elo1: 100}}, "H1"},
		{"alike", Match{Game: toy.DiceGame, A: greedy, B: greedy, Opening: 2, SPRT: &SPRT{Elo0: 0, Elo1: 150}}, "H0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := func(workers int, played []GameResult) (Result, int) {
				m := tc.m
				m.Games, m.Seed, m.Workers, m.Played = 400, 5, workers, played
				n := 0
				m.Finished = func(GameResult) { n++ }
				r, err := m.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				return r, n
			}
			a, _ := run(1, nil)
			if a.SPRT == nil || a.SPRT.Verdict != tc.verdict {
				t.Fatalf("test %+v, want verdict %s", a.SPRT, tc.verdict)
			}
			if a.Games >= 400 || a.Games < 2*minSPRTUnits || a.Games != 2*a.SPRT.Units || len(a.Results) != a.Games {
				t.Errorf("stopped after %d games (%d results), %d units of 2", a.Games, len(a.Results), a.SPRT.Units)
			}
			if l := a.SPRT.LLR; (tc.verdict == "H1") != (l >= a.SPRT.Upper) || (tc.verdict == "H0") != (l <= a.SPRT.Lower) {
				t.Errorf("LLR %v and bounds [%v, %v] for verdict %s", l, a.SPRT.Lower, a.SPRT.Upper, tc.verdict)
			}
			b, _ := run(3, nil)
			if b.Games != a.Games || b.SPRT.LLR != a.SPRT.LLR || b.Score != a.Score {
				t.Errorf("3 workers: %d games, LLR %v, score %v; 1 worker: %d, %v, %v", b.Games, b.SPRT.LLR, b.Score, a.Games, a.SPRT.LLR, a.Score)
			}
			c, n := run(2, a.Results)
			if n != 0 || c.Games != a.Games || c.SPRT.Verdict != tc.verdict {
				t.Errorf("resumed from its games: %d more played, %d games, verdict %q", n, c.Games, c.SPRT.Verdict)
			}
		})
	}
}

// The test keeps its error rates: simulated matches whose games are won
// with the probability that H0 (or H1) says, each game its own unit,
// accept the other hypothesis about as rarely as Alpha (Beta) allows.
func TestSPRTErrorRates(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 60}
	rng := rand.New(rand.NewPCG(7, 7))
	const trials = 1000
	for _, h := range []struct {
		name, wrong string
		elo         float64
	}{{"H0 true", "H1", test.Elo0}, {"H1 true", "H0", test.Elo1}} {
		p := expectedScore(h.elo)
		wrong, units := 0, 0
		for range trials {
			st := newSPRTState(test, 1<<30, func(i int) int { return i }, func(g GameResult) float64 { return g.Score })
			for i := 0; !st.add(GameResult{Index: i, Score: float64(b2i(rng.Float64() < p))}); i++ {
			}
			if st.verdict == h.wrong {
				wrong++
			}
			units += st.next
		}
		if rate := float64(wrong) / trials; rate > 0.07 {
			t.Errorf("%s: the test accepted %s in %.1f%% of %d matches, want about 5%% at most", h.name, h.wrong, 100*rate, trials)
		} else {
			t.Logf("%s: %s accepted in %.1f%% of matches, %d games on average", h.name, h.wrong, 100*rate, units/trials)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
