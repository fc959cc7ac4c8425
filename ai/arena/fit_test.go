package arena

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// games returns w wins, d draws and l losses as scores.
func games(w, d, l int) []float64 {
	s := make([]float64, 0, w+d+l)
	for range w {
		s = append(s, 1)
	}
	for range d {
		s = append(s, 0.5)
	}
	for range l {
		s = append(s, 0)
	}
	return s
}

// expected is i's expected score against j under the Elo model.
func expected(ri, rj float64) float64 { return 1 / (1 + math.Pow(10, (rj-ri)/400)) }

func TestFit(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		pairs []Pairing
		want  []float64
		tol   float64
	}{
		{"one pairing 60%", 2, []Pairing{{I: 1, J: 0, Scores: games(60, 0, 40)}}, []float64{0, 70.437}, 1e-3},
		{"draws are half points", 2, []Pairing{{I: 1, J: 0, Scores: games(40, 40, 20)}}, []float64{0, 70.437}, 1e-3},
		{"all draws", 2, []Pairing{{I: 1, J: 0, Scores: games(0, 30, 0)}}, []float64{0, 0}, 1e-6},
		{"reversed sides", 2, []Pairing{{I: 0, J: 1, Scores: games(40, 0, 60)}}, []float64{0, 70.437}, 1e-3},
		// Never lost: the cap, exactly.
		{"a perfect score is capped", 2, []Pairing{{I: 1, J: 0, Scores: games(20, 0, 0)}}, []float64{0, 1200}, 1e-6},
		{"a perfect score then 60%", 3, []Pairing{{I: 1, J: 0, Scores: games(20, 0, 0)}, {I: 2, J: 1, Scores: games(6, 0, 4)}}, []float64{0, 1200, 1270.437}, 1e-3},
		{"never won", 2, []Pairing{{I: 1, J: 0, Scores: games(0, 0, 7)}}, []float64{0, -1200}, 1e-6},
		// A chain of 50% pairings plus a direct 75% result between the ends
		// is a compromise: the ends apart by less than the direct result's
		// 190.8 and more than 0, the middle halfway.
		{"a chain is pooled", 3, []Pairing{{I: 1, J: 0, Scores: games(50, 0, 50)}, {I: 2, J: 1, Scores: games(50, 0, 50)}, {I: 2, J: 0, Scores: games(75, 0, 25)}}, nil, 0},
	}
	for _, tt := range tests {
		r, err := Fit(tt.n, tt.pairs, 0)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.want == nil {
			if !(r[2] > 0 && r[2] < 190.8 && math.Abs(r[1]-r[2]/2) < 1e-6) {
				t.Errorf("%s: %v, want 0 < r2 < 190.8 and r1 = r2/2", tt.name, r)
			}
			continue
		}
		for i := range tt.want {
			if math.Abs(r[i]-tt.want[i]) > tt.tol {
				t.Errorf("%s: ratings %v, want %v", tt.name, r, tt.want)
				break
			}
		}
	}
}

func TestFitAnchor(t *testing.T) {
	r, err := Fit(3, []Pairing{{I: 1, J: 0, Scores: games(60, 0, 40)}, {I: 2, J: 1, Scores: games(60, 0, 40)}}, 800)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r[0]-800) > 1e-9 || math.Abs(r[1]-870.437) > 1e-3 || math.Abs(r[2]-940.874) > 1e-3 {
		t.Errorf("ratings %v, want 800, 870.4, 940.9", r)
	}
}

// TestFitRecoversLadder draws games from a known ladder and checks that the
// fit finds it again, from adjacent pairings alone and from all pairs.
func TestFitRecoversLadder(t *testing.T) {
	truth := []float64{0, 150, 400, 550, 900, 1000}
	rng := rand.New(rand.NewPCG(42, 1))
	play := func(i, j, n int) Pairing {
		p := expected(truth[i], truth[j])
		s := make([]float64, n)
		for g := range s {
			// A draw one time in five, a decisive game otherwise, with the
			// expected score kept: P(win) = p - 0.1.
			u := rng.Float64()
			switch {
			case p <= 0.1 || p >= 0.9:
				if u < p {
					s[g] = 1
				}
			case u < 0.2:
				s[g] = 0.5
			case u < 0.2+p-0.1:
				s[g] = 1
			}
		}
		return Pairing{I: i, J: j, Scores: s}
	}
	for _, all := range []bool{false, true} {
		var pairs []Pairing
		for i := 1; i < len(truth); i++ {
			for j := 0; j < i; j++ {
				if all || j == i-1 {
					pairs = append(pairs, play(i, j, 4000))
				}
			}
		}
		res, err := FitIntervals(len(truth), pairs, 0, 200, 7)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range truth {
			got := res.Ratings[i]
			// 4000 games a pairing: a few Elo of sampling error a gap.
			if math.Abs(got.Elo-want) > 40 || (i > 0 && (got.Lo > want+5 || got.Hi < want-5)) {
				t.Errorf("all pairs %v: entrant %d = %.1f [%.1f, %.1f], want about %.0f", all, i, got.Elo, got.Lo, got.Hi, want)
			}
			if i > 0 {
				g := res.Gaps[i]
				if !(g.Lo <= g.Elo && g.Elo <= g.Hi) || math.Abs(g.Elo-(got.Elo-res.Ratings[i-1].Elo)) > 1e-9 {
					t.Errorf("all pairs %v: gap %d = %+v, want the difference of the ratings inside its interval", all, i, g)
				}
			}
		}
		if r0 := res.Ratings[0]; r0 != (Interval{}) {
			t.Errorf("anchor = %+v, want 0 [0, 0]", r0)
		}
	}
}

func TestFitIntervals(t *testing.T) {
	pairs := []Pairing{{I: 1, J: 0, Scores: games(20, 0, 0)}, {I: 2, J: 1, Scores: games(12, 4, 14)}}
	a, err := FitIntervals(3, pairs, 0, 500, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := FitIntervals(3, pairs, 0, 500, 3)
	for i := range a.Ratings {
		if a.Ratings[i] != b.Ratings[i] || a.Gaps[i] != b.Gaps[i] {
			t.Fatalf("same seed, different intervals: %+v and %+v", a, b)
		}
	}
	// The perfect pairing's gap is the cap in every resample.
	if g := a.Gaps[1]; math.Abs(g.Lo-1200) > 1e-6 || math.Abs(g.Hi-1200) > 1e-6 {
		t.Errorf("perfect pairing's gap = %+v, want 1200 [1200, 1200]", g)
	}
	// 30 games near 50%: the gap's interval straddles 0, about ±170 wide
	// (the normal approximation's ±1.96·sqrt(0.23/30) score ≈ ±0.17).
	if g := a.Gaps[2]; !(g.Lo < -100 && g.Lo > -300 && g.Hi > 50 && g.Hi < 250) {
		t.Errorf("30-game gap = %+v, want an interval about [-190, 140]", g)
	}
}

// TestFitIntervalsUnits: pairs of games whose dice decide them, each won
// once by either side, are even in every resample of whole pairs, while
// resampling the games alone finds an interval about ±170 Elo wide.
func TestFitIntervalsUnits(t *testing.T) {
	var p Pairing
	p.I, p.J = 1, 0
	for u := range 30 {
		p.Scores = append(p.Scores, 1, 0)
		p.Units = append(p.Units, u, u)
	}
	r, err := FitIntervals(2, []Pairing{p}, 0, 500, 3)
	if err != nil {
		t.Fatal(err)
	}
	if g := r.Gaps[1]; math.Abs(g.Lo) > 1e-9 || math.Abs(g.Hi) > 1e-9 {
		t.Errorf("gap over whole pairs = %+v, want 0 [0, 0]", g)
	}
	p.Units = nil
	r, err = FitIntervals(2, []Pairing{p}, 0, 500, 3)
	if err != nil {
		t.Fatal(err)
	}
	if g := r.Gaps[1]; !(g.Lo < -80 && g.Hi > 80) {
		t.Errorf("gap over single games = %+v, want about ±130", g)
	}
	p.Units = []int{0}
	if _, err := FitIntervals(2, []Pairing{p}, 0, 10, 3); err == nil || !strings.Contains(err.Error(), "1 units for 60 games") {
		t.Errorf("1 unit for 60 games: err = %v", err)
	}
}

func TestFitErrors(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		pairs []Pairing
	}{
		{"no entrants", 0, nil},
		{"disconnected", 3, []Pairing{{I: 1, J: 0, Scores: games(1, 0, 0)}}},
		{"pairing without games", 2, []Pairing{{I: 1, J: 0, Scores: nil}}},
		{"out of range", 2, []Pairing{{I: 2, J: 0, Scores: games(1, 0, 0)}}},
		{"with itself", 2, []Pairing{{I: 1, J: 1, Scores: games(1, 0, 0)}, {I: 1, J: 0, Scores: games(1, 0, 0)}}},
	}
	for _, tt := range tests {
		if _, err := Fit(tt.n, tt.pairs, 0); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
