package fairplay

import (
	"testing"

	"plateau/review"
)

// rule is a small rule for the tests: judged over 100 moves, at least 40.
var rule = Rule{Opening: 2, Window: 100, MinMoves: 40, MinAgreement: 0.8, MaxLoss: 0.01}

func TestJudge(t *testing.T) {
	for _, c := range []struct {
		name    string
		samples []Sample // newest first
		marked  bool
	}{
		{"at the threshold", []Sample{{Moves: 40, Agreed: 32, Loss: 0.4}}, true},
		{"agreement below", []Sample{{Moves: 40, Agreed: 31, Loss: 0}}, false},
		{"loss above", []Sample{{Moves: 40, Agreed: 40, Loss: 0.41}}, false},
		{"too few moves", []Sample{{Moves: 39, Agreed: 39}}, false},
		{"enough over games", []Sample{{Moves: 20, Agreed: 20}, {Moves: 20, Agreed: 20}}, true},
		// Whole games are taken, newest first, until the window is full:
		// an account that played honestly lately is judged on that.
		{"window of the newest games", []Sample{{Moves: 60, Agreed: 30, Loss: 3}, {Moves: 60, Agreed: 10, Loss: 3}, {Moves: 500, Agreed: 500}}, false},
		{"engine play lately", []Sample{{Moves: 60, Agreed: 60}, {Moves: 60, Agreed: 60}, {Moves: 500, Agreed: 100, Loss: 50}}, true},
		{"no game", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := Judge(rule, c.samples)
			if v.Marked != c.marked {
				t.Errorf("Judge(%+v) = %+v, want marked %v", c.samples, v, c.marked)
			}
		})
	}
	if v := Judge(rule, []Sample{{Moves: 60, Agreed: 30, Loss: 3}, {Moves: 60, Agreed: 10, Loss: 3}, {Moves: 500, Agreed: 500}}); v.Games != 2 || v.Moves != 120 || v.Agreed != 40 {
		t.Errorf("Judge took %d games, %d moves, %d agreed; want the 2 newest: 120, 40", v.Games, v.Moves, v.Agreed)
	}
}

// TestClearedThenPlayingOn: after a moderator's clearing only the games
// played since count (the server asks the store for them): an account
// cleared is not marked again by the games that marked it, nor before it
// has played MinMoves counted moves again, then is if it goes on.
func TestClearedThenPlayingOn(t *testing.T) {
	engine := Sample{Moves: 25, Agreed: 25}
	before := []Sample{engine, engine} // what marked it
	if !Judge(rule, before).Marked {
		t.Fatal("the games before the clearing do not mark the account")
	}
	for games, want := range map[int]bool{1: false, 2: true} {
		since := make([]Sample, games)
		for i := range since {
			since[i] = engine
		}
		if got := Judge(rule, since).Marked; got != want {
			t.Errorf("after %d games since the clearing (%d moves): marked %v, want %v", games, 25*games, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	mv := func(player int, move, best string, before, loss float64, forced bool) review.Move {
		return review.Move{Player: player, Move: move, Best: best, Before: before, After: before - loss, Loss: loss, Forced: forced}
	}
	rep := review.Report{Moves: []review.Move{
		mv(0, "a", "a", 0.5, 0, false),     // opening
		mv(1, "a", "b", 0.5, 0.3, false),   // the other seat
		mv(0, "b", "c", 0.5, 0.2, false),   // opening
		mv(0, "c", "c", 0.5, 0, true),      // forced
		mv(0, "d", "d", 0.95, 0, false),    // decided: won
		mv(0, "e", "e", 0.05, 0, false),    // decided: lost
		mv(0, "f", "f", 0.6, 0, false),     // counted, agreed
		mv(0, "g", "h", 0.6, 0.05, false),  // counted
		mv(0, "i", "i", 0.11, 0.01, false), // counted, agreed
	}}
	got := Count(rep, 0, rule)
	if got.Moves != 3 || got.Agreed != 2 || got.Loss < 0.0599 || got.Loss > 0.0601 {
		t.Errorf("Count = %+v, want 3 moves, 2 agreed, loss 0.06", got)
	}
}
