package dames

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"plateau/ai"
	"plateau/ai/dames/egdb"
	"plateau/game"
	"plateau/games/dames"
)

// egdbFileVar names a database file of five pieces for TestEGDB5: one
// written by "plateau egdb dames --pieces 4 --kings 5 --out FILE" (4 min
// of CPU) or by --pieces 5. The files are too large to keep in the
// repository and too long to build in a test.
const egdbFileVar = "PLATEAU_TEST_EGDB"

// TestEGDB5 probes a database of five pieces: four kings against one win
// wherever they do not give a king away at once, and three against one on
// the long diagonal still draw; then it compares the database with a
// search to the end of the game (5 plies, no database, no reductions nor
// table cutoffs) on random positions of its 5-piece materials: wherever
// the search proves a win or a loss, the database says the same.
func TestEGDB5(t *testing.T) {
	path := os.Getenv(egdbFileVar)
	if path == "" {
		t.Skipf("set %s to a file of plateau egdb dames --pieces 4 --kings 5 (or --pieces 5) to test 5-piece endings", egdbFileVar)
	}
	db, err := egdb.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if db.Pieces() < 5 {
		t.Fatalf("%s: %d pieces at most, want 5", path, db.Pieces())
	}
	for _, c := range []struct {
		fen  string
		want egdb.Value
	}{
		{"W:WK1,K2,K3,K4:BK28", egdb.Win},  // four kings against one on the long diagonal
		{"B:WK1,K2,K3,K4:BK28", egdb.Loss}, // the same, the lone king to move
		{"W:WK47,K48,K49,K50:BK5", egdb.Win},
		{"W:WK1,K2,K3:BK28", egdb.Draw}, // three kings are not enough
	} {
		p, err := dames.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := db.Probe(&p); !ok || got != c.want {
			t.Errorf("%s: %v (found %v), want %v", c.fen, got, ok, c.want)
		}
	}
	var five []egdb.Material
	for _, m := range db.Materials() {
		if m.Pieces() == 5 {
			five = append(five, m)
		}
	}
	proven := agreeWithSearch(t, db, five, 200, 5, rand.New(rand.NewPCG(70, 5)))
	if proven[egdb.Win] < 5 || proven[egdb.Loss] < 5 {
		t.Errorf("only %v proven by search: the test compares too little", proven)
	}
}

// agreeWithSearch searches n random positions of the materials to depth
// plies without a database and checks every proven result against db; it
// returns how many wins and losses the search proved.
func agreeWithSearch(t *testing.T, db *egdb.DB, ms []egdb.Material, n, plies int, r *rand.Rand) map[egdb.Value]int {
	t.Helper()
	g := dames.Game{}
	proven := map[egdb.Value]int{}
	for i := range n {
		fen := randomEnding(r, ms[r.IntN(len(ms))], []string{"W", "B"}[i%2])
		s, err := g.ParsePosition(game.DefaultConfig(g), fen)
		if err != nil {
			t.Fatal(err)
		}
		if s.ToMove() == game.Nobody {
			continue
		}
		e := NewEngine(ai.Limits{Depth: plies})
		e.TTBits, e.exact = 16, true
		d, err := e.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if !d.Proven {
			continue
		}
		want := egdb.Loss
		if d.Score > 0.5 {
			want = egdb.Win
		}
		p := s.(*dames.State).Pos()
		if got, _ := db.Probe(&p); got != want {
			t.Errorf("%s: the database says %v, a search proves a %v", fen, got, want)
		}
		proven[want]++
	}
	t.Logf("proven by search: %v", proven)
	return proven
}
