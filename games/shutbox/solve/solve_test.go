package solve

import (
	"math"
	"testing"
)

func near(x, y float64) bool { return math.Abs(x-y) < 1e-6 }

// TestSolitaireByHand checks values derived by hand on tiny boxes.
//
// {1}, one_die=seed: one die shuts with a 1 (1/6); two dice never make 1.
// E = min(5/6·1, 1) = 5/6, P = 1/6. one_die=never: E = 1, P = 0.
//
// {2}, seed: one die: E = 5/6·2 = 5/3, P = 1/6; two dice (a double 1):
// E = 35/36·2, P = 1/36. So E = 5/3, P = 1/6. never: E = 35/18, P = 1/36.
//
// {1,2}, seed: one die: 1 → {2}, 2 → {1}, 3 → shut, 4-6 blocked at 3:
// E = (5/3 + 5/6 + 0 + 9)/6 = 23/12, P = (1/6 + 1/6 + 1)/6 = 2/9.
// Two dice: 1-1 → {1}, 2-1 → shut, else blocked: E = (5/6 + 99)/36, worse;
// P = (1/6 + 2)/36, worse. never: 1-1 → {1} (E 1, P 0), 2-1 → shut:
// E = (1 + 99)/36 = 25/9, P = 2/36 = 1/18.
func TestSolitaireByHand(t *testing.T) {
	for _, tc := range []struct {
		oneDie bool
		open   uint16
		e, p   float64
	}{
		{true, 0, 0, 1},
		{true, 0b1, 5.0 / 6, 1.0 / 6},
		{false, 0b1, 1, 0},
		{true, 0b10, 5.0 / 3, 1.0 / 6},
		{false, 0b10, 35.0 / 18, 1.0 / 36},
		{true, 0b11, 23.0 / 12, 2.0 / 9},
		{false, 0b11, 25.0 / 9, 1.0 / 18},
	} {
		for _, tiles := range []int{9, 12} {
			s, err := NewSolitaire(Variant{tiles, tc.oneDie})
			if err != nil {
				t.Fatal(err)
			}
			if e, p := s.ExpectedScore(tc.open), s.PShut(tc.open); !near(e, tc.e) || !near(p, tc.p) {
				t.Errorf("tiles=%d one_die=%v %b: E %v P %v, want %v %v", tiles, tc.oneDie, tc.open, e, p, tc.e, tc.p)
			}
		}
	}
}

// TestTwoPlayerByHand checks the two-player values of tiny boxes.
//
// {1} vs {1}, seed: with one die, a 1 (1/6) shuts, and the opponent alone
// can at best tie by shutting (1/6 · 1/2): 11/12; otherwise I end on 1 and
// the opponent wins by shutting (1/6) or ties (5/6 · 1/2): 5/12. One die:
// 1/6 · 11/12 + 5/6 · 5/12 = 1/2; two dice: 5/12. Value 1/2.
//
// {2} vs {1}, seed: I must shut (a 2: 1/6 with one die) or lose, then the
// opponent ties with 1/6 · 1/2: one die 1/6 · 11/12 = 11/72.
//
// {1} vs {1}, never: nobody can cover 1 with two dice: I am blocked on 1,
// so is the opponent: a tie, 1/2.
//
// {1,2} vs {9}, never: 2-1 (2/36) shuts, and the opponent alone ties by
// rolling 9 (4/36, worth 1/2 to each): 17/18. 1-1 (1/36) leaves {1}, which
// two dice never cover: I win unless the opponent shuts with a 9: 8/9.
// Otherwise I am blocked on 3 and win unless the opponent shuts: 8/9.
// Value 2/36 · 17/18 + 34/36 · 8/9.
func TestTwoPlayerByHand(t *testing.T) {
	for _, tc := range []struct {
		oneDie bool
		a, b   uint16
		want   float64
	}{
		{true, 0b1, 0b1, 0.5},
		{true, 0b10, 0b1, 11.0 / 72},
		{false, 0b1, 0b1, 0.5},
		{false, 0b11, 0b100000000, 2.0/36*17/18 + 34.0/36*8/9},
	} {
		tp, err := TwoPlayerFor(Variant{9, tc.oneDie})
		if err != nil {
			t.Fatal(err)
		}
		if got := tp.Value(tc.a, tc.b); !near(got, tc.want) {
			t.Errorf("one_die=%v %b vs %b: %v, want %v", tc.oneDie, tc.a, tc.b, got, tc.want)
		}
	}
}

// TestTwoPlayerStart: the start is close to even and every value is a
// probability.
func TestTwoPlayerStart(t *testing.T) {
	tp, err := TwoPlayerFor(Variant{9, true})
	if err != nil {
		t.Fatal(err)
	}
	if v := tp.FirstPlayerValue(); v < 0.45 || v > 0.55 {
		t.Errorf("first player value %v", v)
	}
	for i, x := range tp.f {
		if x < 0 || x > 1+1e-6 {
			t.Fatalf("value %v at %d", x, i)
		}
	}
}

// TestPublished checks the solitaire probabilities of a perfect game
// published by Bill Butler ("Durango Bill"), Shut the Box analysis,
// http://www.durangobill.com/ShutTheBoxExtra/STBstats.txt: 7.1432 % always
// rolling two dice, 9.7614 % with one die when the open tiles sum to 6 or
// less (compulsory there, optional here, but always the better choice).
func TestPublished(t *testing.T) {
	for _, tc := range []struct {
		v    Variant
		want float64
	}{
		{Variant{9, false}, 0.071432},
		{Variant{9, true}, 0.097614},
	} {
		s, _ := SolitaireFor(tc.v)
		if _, p := s.Start(); math.Abs(p-tc.want) > 0.5e-6 {
			t.Errorf("%v: p_shut %.7f, published %.6f", tc.v, p, tc.want)
		}
	}
}
