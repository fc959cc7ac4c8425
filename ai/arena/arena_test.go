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

func TestWriteSVG(t *testing.T) {
	r := Result{Game: "g", A: "a & b", B: "c"}
	for i, s := range []float64{1, 0, 0.5, 1} {
		r.Results = append(r.Results, GameResult{Index: i, Score: s})
	}
	r.summarize()
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
		plies  []int
		median float64
		most   int
	}{
		{nil, 0, 0},
		{[]int{7}, 7, 7},
		{[]int{30, 10, 20}, 20, 30},
		{[]int{40, 10, 20, 30}, 25, 40},
	}
	for _, tc := range tests {
		var rs []GameResult
		for _, p := range tc.plies {
			rs = append(rs, GameResult{Plies: p})
		}
		if m, x := pliesSummary(rs); m != tc.median || x != tc.most {
			t.Errorf("pliesSummary(%v) = %g, %d; want %g, %d", tc.plies, m, x, tc.median, tc.most)
		}
	}
}
