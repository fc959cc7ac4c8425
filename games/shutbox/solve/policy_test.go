package solve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"plateau/game"
	"plateau/games/shutbox"
)

func parse(t testing.TB, players, tiles int, oneDie bool, pos string) *shutbox.State {
	t.Helper()
	s, err := shutbox.Parse(shutbox.Rules{Players: players, Tiles: tiles, OneDie: oneDie}, pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPolicyMoves(t *testing.T) {
	for _, tc := range []struct {
		players int
		oneDie  bool
		pos     string
		obj     Objective
		want    string
	}{
		// {1,2}: one die is better for both objectives (hand values above).
		{1, true, "12 1 choose", MinScore, "roll1"},
		{1, true, "12 1 choose", Auto, "roll1"},
		// Alone with 4 to cover from 1,3,4: 4 leaves {1,3} (E 23/9) and
		// 3+1 leaves {4} (E 10/3).
		{1, true, "134 1 cover:2-2", MinScore, "4"},
		// Against an opponent blocked on 1, 3 leaves {1,2} (win 21/72),
		// 2+1 leaves {3} (win 1/6).
		{2, true, "1x/123 2 cover:3", MaxWin, "3"},
		{2, true, "12345678/1234679 1 cover:6-3", Auto, "8+1"},
		{3, true, "12345678/1234679/- 1 cover:6-3", Auto, "8+1"},
	} {
		s := parse(t, tc.players, 9, tc.oneDie, tc.pos)
		m, err := Policy{Objective: tc.obj}.Move(s)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		if got := s.FormatMove(m); got != tc.want {
			t.Errorf("%s %v: %s, want %s", tc.pos, tc.obj, got, tc.want)
		}
		if err := s.Clone().Play(m); err != nil {
			t.Errorf("%s: policy move %s does not play: %v", tc.pos, s.FormatMove(m), err)
		}
	}
	if _, err := BestMove(parse(t, 2, 9, true, "123456789/123456789 1 roll2")); err == nil {
		t.Errorf("BestMove at a chance node: no error")
	}
	if _, err := BestMove(parse(t, 2, 9, true, "1x/2x - over")); err == nil {
		t.Errorf("BestMove at the end: no error")
	}
}

func TestAnalyze(t *testing.T) {
	s := parse(t, 2, 9, true, "12345678/1234679 1 cover:6-3")
	cs, err := Analyze(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 7 || cs[0].Win == nil {
		t.Fatalf("choices %+v", cs)
	}
	for i := 1; i < len(cs); i++ {
		if *cs[i].Win > *cs[i-1].Win {
			t.Errorf("choices not sorted by win: %+v", cs)
		}
	}
	sol, _ := SolitaireFor(Variant{9, true})
	for _, c := range cs {
		m, _ := s.ParseMove(c.Move)
		cov, _ := shutbox.CoverOf(m)
		if c.ExpectedScore != sol.ExpectedScore(0b11111111&^cov) {
			t.Errorf("%s: expected score %v", c.Move, c.ExpectedScore)
		}
	}
	// The solitaire start value is the best die choice's value.
	one := parse(t, 1, 9, true, "12 1 choose")
	cs, _ = Analyze(one)
	if cs[0].Move != "roll1" || !near(cs[0].ExpectedScore, 23.0/12) || !near(cs[0].PShut, 2.0/9) || cs[0].Win != nil {
		t.Errorf("{1,2}: %+v", cs)
	}
}

// playOut plays s to the end, the seats using policies[seat], rolls from rng.
func playOut(t testing.TB, s *shutbox.State, policies []Policy, rng *rand.Rand) {
	for s.Phase() != shutbox.Over {
		var m game.Move
		var err error
		if s.Phase() == shutbox.Roll {
			cms := s.ChanceMoves(nil)
			m, err = game.Pick(cms, rng.IntN(game.TotalWeight(cms)))
		} else {
			m, err = policies[s.Turn()].Move(s)
		}
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestMonteCarlo plays SHUTBOX_MONTECARLO solitaire games (e.g. 1000000)
// of the minimal-expected-score policy per variant and checks that the mean
// score lies within 3 standard errors of ExpectedScore, and likewise the
// shut frequency of the MaxShut policy against PShut. Off by default.
func TestMonteCarlo(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SHUTBOX_MONTECARLO"))
	if n <= 0 {
		t.Skip("set SHUTBOX_MONTECARLO=1000000 to play that many seeded games per variant")
	}
	for _, v := range []Variant{{9, true}, {9, false}, {12, true}, {12, false}} {
		sol, _ := SolitaireFor(v)
		e, p := sol.Start()
		rules := shutbox.Rules{Players: 1, Tiles: v.Tiles, OneDie: v.OneDie}
		rng := rand.New(rand.NewPCG(uint64(v.Tiles), 7))
		var sum, sum2, shut float64
		for range n {
			s := shutbox.NewState(rules)
			playOut(t, s, []Policy{{MinScore}}, rng)
			x := float64(s.Score(0))
			sum += x
			sum2 += x * x
			s = shutbox.NewState(rules)
			playOut(t, s, []Policy{{MaxShut}}, rng)
			if s.Score(0) == 0 {
				shut++
			}
		}
		mean := sum / float64(n)
		se := math.Sqrt((sum2/float64(n) - mean*mean) / float64(n))
		ps := shut / float64(n)
		pse := math.Sqrt(p * (1 - p) / float64(n))
		t.Logf("%v: %d games: mean score %.4f ± %.4f (exact %.4f, %.2f SE); shut %.5f ± %.5f (exact %.5f, %.2f SE)",
			v, n, mean, se, e, (mean-e)/se, ps, pse, p, (ps-p)/pse)
		if math.Abs(mean-e) > 3*se {
			t.Errorf("%v: mean score %v is %.1f standard errors from %v", v, mean, (mean-e)/se, e)
		}
		if math.Abs(ps-p) > 3*pse {
			t.Errorf("%v: shut frequency %v is %.1f standard errors from %v", v, ps, (ps-p)/pse, p)
		}
	}
}

// TestSimulation measures, over SHUTBOX_SIM games per setting, the share of
// wins (ties shared) of one player of the exact or race policy (Auto)
// against opponents playing the minimal-expected-score policy, the special
// seat rotating. Each game is replayed with the same dice seed and every
// seat minimising its expected score, and the paired difference of the
// special seat's result is the policy's edge. SHUTBOX_SIM_TILES=9 or 12
// restricts the box sizes. Off by default.
func TestSimulation(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SHUTBOX_SIM"))
	if n <= 0 {
		t.Skip("set SHUTBOX_SIM=20000 to measure the multi-player policies")
	}
	tiles := []int{9, 12}
	if x, err := strconv.Atoi(os.Getenv("SHUTBOX_SIM_TILES")); err == nil {
		tiles = []int{x}
	}
	for _, players := range []int{2, 3, 4} {
		for _, tl := range tiles {
			rules := shutbox.Rules{Players: players, Tiles: tl, OneDie: true}
			var won, diff, diff2 float64
			for i := range n {
				seat := i % players
				pol := make([]Policy, players)
				for q := range pol {
					pol[q] = Policy{MinScore}
				}
				s := shutbox.NewState(rules)
				playOut(t, s, pol, rand.New(rand.NewPCG(uint64(i), uint64(players*100+tl))))
				base := s.Outcome().Value(game.Player(seat))
				pol[seat] = Policy{Auto}
				s = shutbox.NewState(rules)
				playOut(t, s, pol, rand.New(rand.NewPCG(uint64(i), uint64(players*100+tl))))
				x := s.Outcome().Value(game.Player(seat))
				won += x
				diff += x - base
				diff2 += (x - base) * (x - base)
			}
			share, d := won/float64(n), diff/float64(n)
			t.Logf("%d players, %d tiles: Auto vs MinScore opponents: share %.4f ± %.4f (fair %.4f); paired edge %+.4f ± %.4f",
				players, tl, share, math.Sqrt(share*(1-share)/float64(n)), 1/float64(players),
				d, math.Sqrt((diff2/float64(n)-d*d)/float64(n)))
		}
	}
}

func BenchmarkSolitaire9(b *testing.B)  { benchSolitaire(b, Variant{9, true}) }
func BenchmarkSolitaire12(b *testing.B) { benchSolitaire(b, Variant{12, true}) }

func benchSolitaire(b *testing.B, v Variant) {
	graphFor(v.Tiles)
	for b.Loop() {
		if _, err := NewSolitaire(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTwoPlayer9(b *testing.B)  { benchTwo(b, Variant{9, true}) }
func BenchmarkTwoPlayer12(b *testing.B) { benchTwo(b, Variant{12, true}) }

func benchTwo(b *testing.B, v Variant) {
	graphFor(v.Tiles)
	for b.Loop() {
		if _, err := NewTwoPlayer(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBestMove2(b *testing.B) {
	s := parse(b, 2, 9, true, "12345678/1234679 1 cover:6-3")
	BestMove(s)
	b.ReportAllocs()
	for b.Loop() {
		BestMove(s)
	}
}

func ExampleBestMove() {
	s, _ := shutbox.Parse(shutbox.Rules{Players: 2, Tiles: 9, OneDie: true}, "12345678/1234679 1 cover:6-3")
	m, _ := BestMove(s)
	fmt.Println(s.FormatMove(m))
	// Output: 8+1
}
