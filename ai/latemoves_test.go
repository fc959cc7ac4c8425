package ai

import (
	"context"
	"math"
	"testing"

	"plateau/ai/internal/toy"
	"plateau/game"
)

// testReductions reduces every move after the first at nodes with two
// plies or more left, the most a search can reduce.
var testReductions = LateMoveReduction{After: 1, MinDepth: 2, Reduce: 1}

// lateStates returns positions of the toy games, with and without rolls,
// for searches to a fixed depth.
func lateStates(t *testing.T) []game.State {
	out := diceStates(t)
	for _, cells := range []string{".........", "X...O....", "XO..X....", "X.O.O.X.."} {
		out = append(out, toy.ParseTicTacToe(cells))
	}
	return out
}

// TestLateMovesNullWindows checks that the null windows alone (no move
// late enough to be reduced) find the value plain alpha-beta finds, at
// every depth, and that they change which nodes are searched.
func TestLateMovesNullWindows(t *testing.T) {
	differ := 0
	for _, st := range lateStates(t) {
		for depth := 1; depth <= 5; depth++ {
			plain := NewSearch(Limits{Depth: depth}, noisyEval)
			plain.TTBits = -1
			pd, err := plain.Choose(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			pvs := NewSearch(Limits{Depth: depth}, noisyEval)
			pvs.TTBits = -1
			pvs.LateMoves = LateMoveReduction{After: 1 << 20, MinDepth: 1, Reduce: 1}
			d, err := pvs.Choose(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(d.Score-pd.Score) > 1e-12 || d.Proven != pd.Proven {
				t.Errorf("%s, depth %d: null windows give %.12f (proven %v), plain search %.12f (%v)", st.Position(), depth, d.Score, d.Proven, pd.Score, pd.Proven)
			}
			if d.Nodes != pd.Nodes {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("the null windows never changed the nodes searched: the test does not test them")
	}
}

// TestLateMovesReduce checks that the reductions save nodes at a fixed
// depth, and that what they return is a legal move and a value. (Whether a
// reduced search still solves a game is TestSearchNim's, TestSearchTicTacToe's
// and TestSearchDiceExact's "alphabeta-late".)
func TestLateMovesReduce(t *testing.T) {
	saved := 0
	for _, st := range lateStates(t) {
		for depth := 3; depth <= 5; depth++ {
			plain := NewSearch(Limits{Depth: depth}, noisyEval)
			pd, err := plain.Choose(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			late := NewSearch(Limits{Depth: depth}, noisyEval)
			late.LateMoves = testReductions
			d, err := late.Choose(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			if d.Nodes < pd.Nodes {
				saved++
			}
			if err := game.PlayListed(st.Clone(), d.Move); err != nil || d.Score < 0 || d.Score > 1 || d.Depth != depth && !d.Proven {
				t.Errorf("%s, depth %d: move %d (%v), score %v, depth %d", st.Position(), depth, d.Move, err, d.Score, d.Depth)
			}
		}
	}
	if saved < 5 {
		t.Errorf("the reductions saved nodes in %d searches: the test does not test them", saved)
	}
}
