package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample checks the worked example of Mark E. Glickman,
// "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf, 2013):
// a player rated 1500, RD 200, volatility 0.06, tau 0.5, plays three
// opponents in one period; the paper gives r' = 1464.06, RD' = 151.52 and
// sigma' = 0.05999. The paper rounds its intermediate values (mu, v,
// delta to four places), so the exact computation lands within 0.01 of its
// rating and deviation (1464.0507, 151.5165) and within 0.00001 of its
// volatility (0.059996).
func TestGlickmanExample(t *testing.T) {
	p := Rating{Rating: 1500, RD: 200, Vol: 0.06}
	res := []Result{
		{Opponent: Rating{Rating: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300, Vol: 0.06}, Score: 0},
	}
	got, err := Update(p, res, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"RD", got.RD, 151.52, 0.01},
		{"volatility", got.Vol, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.6f, want %.5f ± %v", c.name, c.got, c.want, c.tol)
		}
	}
}

func TestUpdate(t *testing.T) {
	base := Rating{Rating: 1500, RD: 200, Vol: 0.06}
	for _, c := range []struct {
		name    string
		results []Result
		check   func(t *testing.T, r Rating)
	}{
		{"no game: only the deviation grows (step 6)", nil, func(t *testing.T, r Rating) {
			want := math.Sqrt(200*200/(scale*scale)+0.06*0.06) * scale
			if r.Rating != 1500 || r.Vol != 0.06 || math.Abs(r.RD-want) > 1e-9 {
				t.Errorf("got %+v, want rating 1500, RD %.4f, vol 0.06", r, want)
			}
		}},
		{"a win against an equal rises", []Result{{Opponent: base, Score: 1}}, func(t *testing.T, r Rating) {
			if r.Rating <= 1500 || r.RD >= 200 {
				t.Errorf("got %+v, want a higher rating and a lower RD", r)
			}
		}},
		{"a loss against an equal falls by as much as a win rises", []Result{{Opponent: base, Score: 0}}, func(t *testing.T, r Rating) {
			w, _ := Update(base, []Result{{Opponent: base, Score: 1}}, 0.5)
			if math.Abs((1500-r.Rating)-(w.Rating-1500)) > 1e-9 {
				t.Errorf("loss %.4f, win %.4f: not symmetric", r.Rating, w.Rating)
			}
		}},
		{"a draw against an equal keeps the rating", []Result{{Opponent: base, Score: 0.5}}, func(t *testing.T, r Rating) {
			if math.Abs(r.Rating-1500) > 1e-9 {
				t.Errorf("got %.6f, want 1500", r.Rating)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := Update(base, c.results, 0.5)
			if err != nil {
				t.Fatal(err)
			}
			c.check(t, r)
		})
	}
}

func TestUpdateErrors(t *testing.T) {
	ok := New()
	for _, c := range []struct {
		name string
		r    Rating
		res  []Result
		tau  float64
	}{
		{"zero deviation", Rating{Rating: 1500, RD: 0, Vol: 0.06}, nil, 0.5},
		{"NaN rating", Rating{Rating: math.NaN(), RD: 100, Vol: 0.06}, nil, 0.5},
		{"zero volatility", Rating{Rating: 1500, RD: 100, Vol: 0}, nil, 0.5},
		{"score above 1", ok, []Result{{Opponent: ok, Score: 1.5}}, 0.5},
		{"negative score", ok, []Result{{Opponent: ok, Score: -1}}, 0.5},
		{"bad opponent", ok, []Result{{Opponent: Rating{}, Score: 1}}, 0.5},
		{"zero tau", ok, nil, 0},
	} {
		if _, err := Update(c.r, c.res, c.tau); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

func TestGame(t *testing.T) {
	a, b := Rating{Rating: 1600, RD: 80, Vol: 0.06}, Rating{Rating: 1450, RD: 250, Vol: 0.06}
	a2, b2, err := Game(a, b, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantA, _ := Update(a, []Result{{Opponent: b, Score: 0}}, Tau)
	wantB, _ := Update(b, []Result{{Opponent: a, Score: 1}}, Tau)
	if a2 != wantA.Clamp() || b2 != wantB.Clamp() {
		t.Errorf("Game = %+v, %+v; want %+v, %+v", a2, b2, wantA.Clamp(), wantB.Clamp())
	}
	if !(a2.Rating < 1600 && b2.Rating > 1450) {
		t.Errorf("the weaker player won: want a lower first and a higher second rating, got %+v, %+v", a2, b2)
	}
	// Deviations are clamped.
	low := Rating{Rating: 1500, RD: MinRD, Vol: 0.0001}
	l2, _, err := Game(low, low, 1)
	if err != nil {
		t.Fatal(err)
	}
	if l2.RD != MinRD {
		t.Errorf("RD %.3f after a game from MinRD with a tiny volatility, want clamped to %v", l2.RD, MinRD)
	}
}

func TestProvisional(t *testing.T) {
	for _, c := range []struct {
		rd   float64
		want bool
	}{{350, true}, {110.01, true}, {110, false}, {60, false}} {
		if got := (Rating{Rating: 1500, RD: c.rd, Vol: 0.06}).Provisional(); got != c.want {
			t.Errorf("RD %v: provisional %v, want %v", c.rd, got, c.want)
		}
	}
}
