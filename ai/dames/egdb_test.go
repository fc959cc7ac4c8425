package dames

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"plateau/ai"
	"plateau/ai/dames/egdb"
	"plateau/game"
	"plateau/games/dames"
)

// randomEnding returns a position of material m with side to move, its
// pieces on random squares (men off their crowning row).
func randomEnding(r *rand.Rand, m egdb.Material, side string) string {
	used := map[int]bool{}
	pick := func(lo, hi int) int {
		for {
			if sq := lo + r.IntN(hi-lo+1); !used[sq] {
				used[sq] = true
				return sq
			}
		}
	}
	list := func(men, kings, lo, hi int) string {
		var s []string
		for range kings {
			s = append(s, fmt.Sprintf("K%d", pick(1, 50)))
		}
		for range men {
			s = append(s, fmt.Sprint(pick(lo, hi)))
		}
		return strings.Join(s, ",")
	}
	return side + ":W" + list(m.WM, m.WK, 6, 50) + ":B" + list(m.BM, m.BK, 1, 45)
}

// TestEGDBAgreesWithSearch compares the database of 3 pieces with a search
// to the end of the game: wherever a 7-ply search (no database, no
// reductions nor table cutoffs) proves a win or a loss, the database says
// the same.
func TestEGDBAgreesWithSearch(t *testing.T) {
	db, err := egdb.Build(3, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	proven := agreeWithSearch(t, db, egdb.Materials(3), 150, 7, rand.New(rand.NewPCG(70, 3)))
	if proven[egdb.Win] < 10 || proven[egdb.Loss] < 10 {
		t.Errorf("only %v proven by search: the test compares too little", proven)
	}
}

// TestEngineProbesEGDB: with the database, the engine sees at once that
// three kings holding the long diagonal against a lone king off it win, and that the
// lone king on it draws.
func TestEngineProbesEGDB(t *testing.T) {
	db, err := egdb.BuiltIn()
	if err != nil {
		t.Fatal(err)
	}
	g := dames.Game{}
	for _, c := range []struct {
		fen      string
		min, max float64
	}{
		{"W:WK20,K28,K46:BK30", 0.99, 1},
		{"W:WK1,K2,K3:BK28", 0.4, 0.6},
	} {
		s, err := g.ParsePosition(game.DefaultConfig(g), c.fen)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEngine(ai.Limits{Depth: 4})
		e.TTBits, e.EGDB = 16, db
		d, err := e.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if d.Score < c.min || d.Score > c.max || e.egdbHits == 0 {
			t.Errorf("%s: value %.3f after %d probes, want %.2f to %.2f", c.fen, d.Score, e.egdbHits, c.min, c.max)
		}
	}
}
