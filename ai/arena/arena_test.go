package arena

import (
	"bytes"
	"context"
	"encoding/xml"
	"testing"

	"plateau/ai"
	"plateau/ai/internal/toy"
	"plateau/game"
)

func entrant(name string, f func(seed uint64) ai.Player) Entrant {
	return Entrant{Name: name, New: func(seed uint64) (ai.Player, error) { return f(seed), nil }}
}

var (
	random = entrant("random", func(seed uint64) ai.Player { return ai.NewRandom(seed) })
	search = entrant("search", func(uint64) ai.Player { return ai.NewSearch(ai.Limits{}, nil) })
)

func TestMatchTicTacToe(t *testing.T) {
	m := Match{Game: toy.TicTacToeGame, A: search, B: random, Games: 40, Seed: 1}
	r, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 40 || r.Wins+r.Draws+r.Losses != 40 {
		t.Fatalf("%d games, %d+%d+%d", r.Games, r.Wins, r.Draws, r.Losses)
	}
	if r.Losses != 0 {
		t.Errorf("perfect play lost %d games to random", r.Losses)
	}
	if r.Score < 0.8 || r.Elo <= 0 || r.EloLo > r.Elo || r.EloHi < r.Elo {
		t.Errorf("score %.3f Elo %.0f [%.0f, %.0f]", r.Score, r.Elo, r.EloLo, r.EloHi)
	}
	if r.AStats.Moves == 0 || r.BStats.Moves == 0 || r.AStats.AvgNodes <= r.BStats.AvgNodes {
		t.Errorf("stats A %+v B %+v", r.AStats, r.BStats)
	}
	for i, g := range r.Results {
		if g.Index != i {
			t.Fatalf("result %d has index %d", i, g.Index)
		}
		if want := i % 2; g.ASeats[0] != want {
			t.Errorf("game %d: A on seat %d, want %d", i, g.ASeats[0], want)
		}
	}
}

func TestMatchReproducible(t *testing.T) {
	run := func(workers int) Result {
		m := Match{Game: toy.DiceGame, A: random, B: entrant("greedy", func(seed uint64) ai.Player { return ai.NewGreedy(nil, seed) }),
			Games: 30, Seed: 9, Workers: workers, Opening: 2}
		r, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := run(1), run(3)
	for i := range a.Results {
		if a.Results[i].Score != b.Results[i].Score || a.Results[i].Plies != b.Results[i].Plies {
			t.Fatalf("game %d differs with 1 and 3 workers: %+v, %+v", i, a.Results[i], b.Results[i])
		}
	}
}

func TestMatchFourPlayers(t *testing.T) {
	cfg, err := game.NewConfig(toy.DiceGame, map[string]string{"players": "4", "rounds": "2"})
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Game: toy.DiceGame, Config: cfg, A: random, B: random, Games: 8, Seed: 3}
	r, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range r.Results {
		if len(g.ASeats) != 2 || g.ASeats[0] != g.Index%2 || g.ASeats[1] != g.Index%2+2 {
			t.Errorf("game %d: A seats %v", g.Index, g.ASeats)
		}
	}
}

// rivalDice is the dice game whose seats face a rival, given by rival.
type rivalDice struct {
	*toy.Dice
	rival func(p int) int
}

func (d rivalDice) Rival(p game.Player) (game.Player, bool) {
	q := d.rival(int(p))
	return game.Player(q), q >= 0
}

// TestASeats checks the seating: every other seat, swapped within a pair,
// unless every seat has a rival that has it as rival (Intercept solo),
// when A plays one seat of each pair of rivals.
func TestASeats(t *testing.T) {
	across := func(p int) int { return (p + 2) % 4 }
	for _, c := range []struct {
		name      string
		s         game.State
		even, odd string
	}{
		{"2 players", toy.NewDice(2, 1), "AB", "BA"},
		{"4 players", toy.NewDice(4, 1), "ABAB", "BABA"},
		{"3 players", toy.NewDice(3, 1), "ABA", "BAB"},
		{"alone", toy.NewDice(1, 1), "A", "A"},
		{"4 players, rivals across", rivalDice{toy.NewDice(4, 1), across}, "AABB", "BBAA"},
		{"2 players, rivals", rivalDice{toy.NewDice(2, 1), func(p int) int { return 1 - p }}, "AB", "BA"},
		{"rivals one way only", rivalDice{toy.NewDice(4, 1), func(p int) int { return (p + 1) % 4 }}, "ABAB", "BABA"},
		{"a seat without a rival", rivalDice{toy.NewDice(4, 1), func(p int) int { return map[int]int{0: 2, 2: 0, 1: -1, 3: 1}[p] }}, "ABAB", "BABA"},
		{"a seat its own rival", rivalDice{toy.NewDice(4, 1), func(p int) int { return p }}, "ABAB", "BABA"},
	} {
		for i, want := range []string{c.even, c.odd, c.even} {
			got := ""
			for _, a := range aSeats(c.s, i) {
				got += map[bool]string{true: "A", false: "B"}[a]
			}
			if got != want {
				t.Errorf("%s, game %d: seats %s, want %s", c.name, i, got, want)
			}
		}
	}
}

func TestWriteSVG(t *testing.T) {
	r := Result{Game: "g", A: "a & b", B: "c"}
	for i, s := range []float64{1, 0, 0.5, 1} {
		r.Results = append(r.Results, GameResult{Index: i, Score: s})
	}
	r.summarize(func(i int) int { return i })
	var buf bytes.Buffer
	if err := r.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(buf.Bytes(), new(struct{})); err != nil {
		t.Errorf("SVG is not well-formed XML: %v\n%s", err, buf.String())
	}
	if len(r.Series) != 4 || r.Series[3].Score != 0.625 {
		t.Errorf("series %+v", r.Series)
	}
}

func TestPliesSummary(t *testing.T) {
	tests := []struct {
		plies        []int
		median       float64
		lo, hi, most int
	}{
		{nil, 0, 0, 0, 0},
		{[]int{7}, 7, 7, 7, 7},
		{[]int{30, 10, 20}, 20, 10, 30, 30},
		{[]int{40, 10, 20, 30}, 25, 10, 40, 40},
		// 10 games: the interval is the 2nd to the 9th length.
		{[]int{100, 90, 80, 70, 60, 50, 40, 30, 20, 10}, 55, 20, 90, 100},
	}
	for _, tc := range tests {
		var rs []GameResult
		for _, p := range tc.plies {
			rs = append(rs, GameResult{Plies: p})
		}
		if m, lo, hi, x := pliesSummary(rs); m != tc.median || lo != tc.lo || hi != tc.hi || x != tc.most {
			t.Errorf("pliesSummary(%v) = %g [%d, %d], %d; want %g [%d, %d], %d", tc.plies, m, lo, hi, x, tc.median, tc.lo, tc.hi, tc.most)
		}
	}
}

// TestMedianInterval checks the order statistics bounding a median against
// the published table of distribution-free 95% intervals (1-based ranks:
// 10 values, the 2nd and 9th; 20, 6th and 15th; 30, 10th and 21st; 50,
// 18th and 33rd; 100, 40th and 61st), and that under 6 values it is the
// range.
func TestMedianInterval(t *testing.T) {
	for _, tc := range []struct{ n, rank int }{{1, 1}, {5, 1}, {6, 1}, {10, 2}, {20, 6}, {30, 10}, {50, 18}, {100, 40}} {
		if j := medianInterval(tc.n); j+1 != tc.rank {
			t.Errorf("medianInterval(%d) = rank %d, want %d", tc.n, j+1, tc.rank)
		}
	}
}

// scored plays random moves and reports a fixed score, to drive the resign
// rule.
type scored struct {
	ai.Player
	score float64
}

func (s scored) Choose(ctx context.Context, st game.State) (ai.Decision, error) {
	d, err := s.Player.Choose(ctx, st)
	d.Score = s.score
	return d, err
}

func scoring(name string, score float64) Entrant {
	return entrant(name, func(seed uint64) ai.Player { return scored{ai.NewRandom(seed), score} })
}

func TestResignJudge(t *testing.T) {
	r := Resign{Score: 0.9, Moves: 2}
	for _, tc := range []struct {
		name   string
		scores []float64 // alternating players 0, 1
		want   int       // after the last score
	}{
		{"agreed after two each", []float64{0.95, 0.05, 0.92, 0.08}, 0},
		{"agreed for player 1", []float64{0.01, 0.99, 0.08, 0.9}, 1},
		{"too soon", []float64{0.95, 0.05, 0.92}, -1},
		{"loser disagrees", []float64{0.95, 0.5, 0.95, 0.05}, -1},
		{"streak broken", []float64{0.95, 0.05, 0.6, 0.05, 0.95, 0.05}, -1},
		{"both think they win", []float64{0.95, 0.95, 0.95, 0.95}, -1},
	} {
		ahead, behind := make([]int, 2), make([]int, 2)
		got := -1
		for i, s := range tc.scores {
			got = r.judge(ahead, behind, i%2, s)
			if got >= 0 && i != len(tc.scores)-1 {
				t.Errorf("%s: adjudicated to %d after %d decisions", tc.name, got, i+1)
			}
		}
		if got != tc.want {
			t.Errorf("%s: adjudicated to %d, want %d", tc.name, got, tc.want)
		}
	}
	if (Resign{}).judge([]int{0, 0}, []int{0, 0}, 0, 1) != -1 {
		t.Error("the zero rule adjudicated")
	}
}

func TestMatchResign(t *testing.T) {
	for _, tc := range []struct {
		name      string
		a, b      Entrant
		wantAdjud bool
		wantScore float64
	}{
		{"both say A wins", scoring("sure", 0.97), scoring("lost", 0.02), true, 1},
		{"B does not agree", scoring("sure", 0.97), scoring("hopeful", 0.5), false, 0},
	} {
		m := Match{Game: toy.TicTacToeGame, A: tc.a, B: tc.b, Games: 10, Seed: 3, Resign: Resign{Score: 0.9, Moves: 1}}
		r, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Ends["adjudicated"]; (got == r.Games) != tc.wantAdjud || (got != 0) != tc.wantAdjud {
			t.Errorf("%s: %d of %d games adjudicated (ends %v)", tc.name, got, r.Games, r.Ends)
		}
		if tc.wantAdjud && (r.Score != tc.wantScore || r.PliesMax > 2) {
			t.Errorf("%s: score %.2f, longest game %d plies; want %.2f within 2 plies", tc.name, r.Score, r.PliesMax, tc.wantScore)
		}
	}
}

func TestDrawJudge(t *testing.T) {
	r := Draw{Ply: 4, Margin: 0.05, Moves: 2}
	for _, tc := range []struct {
		name   string
		start  int       // ply of the first score
		scores []float64 // alternating players 0, 1
		want   bool
	}{
		{"even after two each", 4, []float64{0.5, 0.52, 0.48, 0.5}, true},
		{"too early", 0, []float64{0.5, 0.5, 0.5, 0.5}, false},
		{"one side sees more", 4, []float64{0.5, 0.6, 0.5, 0.6}, false},
		{"streak broken", 4, []float64{0.5, 0.5, 0.7, 0.5, 0.5}, false},
	} {
		even := make([]int, 2)
		got := false
		for i, s := range tc.scores {
			got = r.judge(even, tc.start+i, i%2, s)
		}
		if got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	m := Match{Game: toy.TicTacToeGame, A: scoring("even", 0.5), B: scoring("even too", 0.51), Games: 4, Seed: 3, Draw: Draw{Ply: 2, Margin: 0.02, Moves: 1}}
	res, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Ends["adjudicated draw"] != 4 || res.Draws != 4 || res.PliesMax > 4 {
		t.Errorf("ends %v, %d draws, longest %d plies: want 4 adjudicated draws by ply 4", res.Ends, res.Draws, res.PliesMax)
	}
}

// TestMatchResumed plays a match in two runs, the second given the first's
// games, and checks it is the match played at once.
func TestMatchResumed(t *testing.T) {
	greedy := entrant("greedy", func(seed uint64) ai.Player { return ai.NewGreedy(nil, seed) })
	m := Match{Game: toy.DiceGame, A: random, B: greedy, Games: 24, Seed: 5, Workers: 2, Opening: 2}
	whole, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// Games 0-6 and 10 were played, as a stopped run with two workers
	// leaves them.
	first := append(append([]GameResult(nil), whole.Results[:7]...), whole.Results[10])
	resumed := m
	resumed.Played = first
	var finished []int
	resumed.Finished = func(g GameResult) { finished = append(finished, g.Index) }
	r, err := resumed.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(finished) != m.Games-len(first) {
		t.Errorf("the resumed run played %d games, want %d", len(finished), m.Games-len(first))
	}
	for _, i := range finished {
		if i < 7 || i == 10 {
			t.Errorf("the resumed run played game %d again", i)
		}
	}
	if r.Games != whole.Games || r.Wins != whole.Wins || r.Draws != whole.Draws || r.Losses != whole.Losses || r.PliesMedian != whole.PliesMedian {
		t.Errorf("resumed %+v, want %+v", r, whole)
	}
	// The games played before count in the players' stats by their records.
	if r.AStats.Moves != whole.AStats.Moves || r.BStats.Moves != whole.BStats.Moves || r.BStats.Nodes != whole.BStats.Nodes || r.BStats.MaxNodes != whole.BStats.MaxNodes {
		t.Errorf("resumed stats A %+v B %+v, at once A %+v B %+v", r.AStats, r.BStats, whole.AStats, whole.BStats)
	}
	if g := whole.Results[3]; g.AStats == nil || g.BStats == nil || g.AStats.Moves+g.BStats.Moves == 0 {
		t.Errorf("game 3 records stats A %+v B %+v", g.AStats, g.BStats)
	}
	for i := range whole.Results {
		if a, b := whole.Results[i], r.Results[i]; a.Index != b.Index || a.Score != b.Score || a.Plies != b.Plies {
			t.Errorf("game %d: resumed %+v, at once %+v", i, b, a)
		}
	}
	for _, bad := range [][]GameResult{{{Index: 24}}, {{Index: -1}}, {{Index: 3}, {Index: 3}}} {
		resumed.Played = bad
		if _, err := resumed.Run(context.Background()); err == nil {
			t.Errorf("games played %+v: no error", bad)
		}
	}
}

// TestMatchUnpaired checks that a deterministic player against itself plays
// the two games of a pair alike (the same opening and dice, the seats
// swapped), and that Unpaired gives every game its own.
func TestMatchUnpaired(t *testing.T) {
	run := func(unpaired bool) Result {
		greedy := entrant("greedy", func(seed uint64) ai.Player { return ai.NewGreedy(nil, 0) })
		m := Match{Game: toy.DiceGame, A: greedy, B: greedy, Games: 20, Seed: 5, Opening: 2, Unpaired: unpaired}
		r, err := m.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	paired, unpaired := run(false), run(true)
	differ := 0
	for i := 0; i < 20; i += 2 {
		a, b := paired.Results[i], paired.Results[i+1]
		if a.Plies != b.Plies || a.Score+b.Score != 1 {
			t.Errorf("paired games %d and %d differ: %+v, %+v", i, i+1, a, b)
		}
		if u, v := unpaired.Results[i], unpaired.Results[i+1]; u.Plies != v.Plies || u.Score+v.Score != 1 {
			differ++
		}
	}
	if differ == 0 {
		t.Error("unpaired: every pair of games played alike")
	}
	if g, u := paired.Results[0], unpaired.Results[0]; g.Plies != u.Plies || g.Score != u.Score {
		t.Errorf("game 0 differs: paired %+v, unpaired %+v", g, u)
	}
}
