package mahbousse

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"

	"plateau/ai"
	"plateau/game"
	"plateau/games/mahbousse"
)

// marsSample is a position of a game won by winner, and whether the game
// ended in a mars.
type marsSample struct {
	f    marsFeatures
	mars bool
}

// marsGames plays n self-play games of one ply on hard's networks, dice
// and ties drawn from seed, and returns, for each position at which the
// eventual loser had borne off nothing, its features seen from the
// eventual winner and whether the game was a mars; game g goes to held
// when g%5 == 0.
func marsGames(n int, seed uint64) (train, held []marsSample, wins, mars int) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for g := w; g < n; g += 2 {
				s, _ := mahbousse.Game{}.New(game.Config{})
				rng := rand.New(rand.NewPCG(seed, uint64(g)))
				var players [2]*ai.Greedy
				for p := range players {
					players[p] = ai.NewGreedy(NetEval, seed^uint64(2*g+p))
				}
				var layouts []mahbousse.Layout
				for !s.Outcome().Over {
					if s.ToMove() == game.Chance {
						cms := s.ChanceMoves(nil)
						m, err := game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
						if err == nil {
							err = s.Play(m)
						}
						if err != nil {
							panic(err)
						}
						continue
					}
					layouts = append(layouts, s.(*mahbousse.State).Layout())
					d, err := players[s.ToMove()].Choose(context.Background(), s)
					if err != nil {
						panic(err)
					}
					s.Play(d.Move)
				}
				ws := s.Outcome().Winners()
				if len(ws) != 1 {
					continue
				}
				p := int(ws[0])
				final := s.(*mahbousse.State).Layout()
				isMars := final.Off[1-p] == 0
				mu.Lock()
				wins++
				if isMars {
					mars++
				}
				for i := range layouts {
					l := &layouts[i]
					if l.Off[1-p] > 0 {
						continue
					}
					smp := marsSample{marsFeaturesOf(l, p), isMars}
					if g%5 == 0 {
						held = append(held, smp)
					} else {
						train = append(train, smp)
					}
				}
				mu.Unlock()
			}
		}(w)
	}
	wg.Wait()
	return train, held, wins, mars
}

// TestFitMars fits marsWeights by logistic regression (Newton's method)
// on the positions of PLATEAU_FIT_MARS self-play games and prints them,
// with the held-out log-loss against a constant chance.
func TestFitMars(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PLATEAU_FIT_MARS"))
	if n <= 0 {
		t.Skip("PLATEAU_FIT_MARS=N (games) fits the mars model")
	}
	train, held, wins, mars := marsGames(n, 2611)
	t.Logf("%d games won, %d marses (%.3f); %d positions to fit, %d held out", wins, mars, float64(mars)/float64(wins), len(train), len(held))
	var w marsFeatures
	for it := 0; it < 20; it++ {
		var g marsFeatures
		var h [nMars][nMars]float64
		for _, s := range train {
			p := sigmoid(dot(&w, &s.f))
			y := 0.0
			if s.mars {
				y = 1
			}
			for i := range g {
				g[i] += (y - p) * s.f[i]
				for j := range h[i] {
					h[i][j] += p * (1 - p) * s.f[i] * s.f[j]
				}
			}
		}
		step := solve(h, g)
		for i := range w {
			w[i] += step[i]
		}
	}
	base := 0.0
	for _, s := range train {
		if s.mars {
			base++
		}
	}
	base /= float64(len(train))
	loss := func(pred func(marsFeatures) float64) float64 {
		l := 0.0
		for _, s := range held {
			p := min(max(pred(s.f), 1e-9), 1-1e-9)
			if s.mars {
				l -= math.Log(p)
			} else {
				l -= math.Log(1 - p)
			}
		}
		return l / float64(len(held))
	}
	t.Logf("held-out log-loss: constant %.3f: %.4f; fitted: %.4f", base, loss(func(marsFeatures) float64 { return base }), loss(func(f marsFeatures) float64 { return sigmoid(dot(&w, &f)) }))
	t.Logf("marsWeights = %#v", w)
}

// solve solves h x = g by Gaussian elimination with partial pivoting.
func solve(h [nMars][nMars]float64, g marsFeatures) marsFeatures {
	for c := 0; c < nMars; c++ {
		p := c
		for r := c + 1; r < nMars; r++ {
			if math.Abs(h[r][c]) > math.Abs(h[p][c]) {
				p = r
			}
		}
		h[c], h[p] = h[p], h[c]
		g[c], g[p] = g[p], g[c]
		for r := c + 1; r < nMars; r++ {
			f := h[r][c] / h[c][c]
			for k := c; k < nMars; k++ {
				h[r][k] -= f * h[c][k]
			}
			g[r] -= f * g[c]
		}
	}
	var x marsFeatures
	for r := nMars - 1; r >= 0; r-- {
		v := g[r]
		for k := r + 1; k < nMars; k++ {
			v -= h[r][k] * x[k]
		}
		x[r] = v / h[r][r]
	}
	return x
}

// The fitted model moves the chance of a mars the way the game does: more
// for a loser far from home or pinned, less while the winner has far to
// go, more as it bears off. A player steers by these slopes; a fit whose
// inputs pulled against each other made bringing a checker home raise the
// loser's chance of a mars.
func TestMarsSlopes(t *testing.T) {
	w := marsWeights
	if w[mCross] <= 0 || w[mPinned] <= 0 || w[mPips] >= 0 || w[mOff] <= 0 {
		t.Errorf("marsWeights %v: want the loser's pips home and pinned checkers, and the winner's borne-off checkers, to raise the chance, and the winner's pips to lower it", w)
	}
	// The start: a first game's chance, about the share of marses.
	s := mahbousse.NewState(mahbousse.Rules{})
	if err := s.Play(s.Moves(nil)[1]); err != nil { // 1-2: x starts
		t.Fatal(err)
	}
	l := s.Layout()
	if c := marsChance(&l, 0); c < 0.3 || c > 0.8 {
		t.Errorf("at the start, a mars in %.2f of the games x wins, want about %.2f", c, mahbousse.MarsShare)
	}
	// Bringing a checker home lowers the loser's chance.
	before := marsChance(&l, 0)
	l.Free[1][24]--
	l.Free[1][6]++
	if after := marsChance(&l, 0); after >= before {
		t.Errorf("o's checker brought home from its 24-point: chance %.3f, before %.3f", after, before)
	}
}
