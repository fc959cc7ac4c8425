package mahbousse

import (
	"math"
	"testing"

	"plateau/game"
)

// naiveMatch is the chance of winning a match needing a points against b
// at a game's start, by the recursion over the next game's four endings,
// written again without a table.
func naiveMatch(a, b int) float64 {
	if a <= 0 {
		return 1
	}
	if b <= 0 {
		return 0
	}
	single, mars := 0.5*(1-MarsShare), 0.5*MarsShare
	return single*naiveMatch(a-1, b) + mars*naiveMatch(a-2, b) + single*naiveMatch(a, b-1) + mars*naiveMatch(a, b-2)
}

func TestMatchTable(t *testing.T) {
	tb := newMatchTable()
	for a := 1; a <= MaxMatch; a++ {
		for b := 1; b <= MaxMatch; b++ {
			if got, want := tb.at(a, b), naiveMatch(a, b); math.Abs(got-want) > 1e-12 {
				t.Errorf("[%d][%d] = %v, want %v", a, b, got, want)
			}
			if s := tb.at(a, b) + tb.at(b, a); math.Abs(s-1) > 1e-12 {
				t.Errorf("[%d][%d] + [%d][%d] = %v, want 1", a, b, b, a, s)
			}
			if b > 1 && tb.at(a, b) <= tb.at(a, b-1) {
				t.Errorf("[%d][%d] = %v, not above [%d][%d] = %v: the opponent nearer the end", a, b, tb.at(a, b), a, b-1, tb.at(a, b-1))
			}
		}
	}
	// Needing 1 against 2: win the next game (1/2), or lose it singly and
	// win the one after: 1/2 + 1/2 (1-m) 1/2.
	if got, want := tb.at(1, 2), 0.5+0.25*(1-MarsShare); math.Abs(got-want) > 1e-12 {
		t.Errorf("[1][2] = %v, want %v", got, want)
	}
}

func TestMatchEquity(t *testing.T) {
	tb := newMatchTable()
	cfg := game.Config{"match": "5"}
	parse := func(text string, c game.Config) *State {
		t.Helper()
		g := Game{}
		full := game.DefaultConfig(g)
		for k, v := range c {
			full[k] = v
		}
		s, err := g.ParsePosition(full, text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		return s.(*State)
	}
	mid := "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3"
	single := parse(mid, nil)
	if got := single.MatchEquity(0, 0.3, 0.5, 0.5); got != 0.3 {
		t.Errorf("a single game: %v, want the game's 0.3", got)
	}
	s := parse(mid+" score=1-3", cfg) // x needs 4, o 2
	tests := []struct {
		w, mw, ml, want float64
	}{
		{1, 0, 0, tb.at(3, 2)},
		{1, 1, 0, tb.at(2, 2)},
		{0, 0, 0, tb.at(4, 1)},
		{0, 0, 1, 0}, // a mars: o's match
		{0.5, 0.5, 0.5, 0.5*(0.5*tb.at(3, 2)+0.5*tb.at(2, 2)) + 0.5*0.5*tb.at(4, 1)},
		{0.25, 0, 0, 0.25*tb.at(3, 2) + 0.75*tb.at(4, 1)},
	}
	for _, tt := range tests {
		if got := s.MatchEquity(0, tt.w, tt.mw, tt.ml); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("MatchEquity(x, %v, %v, %v) = %v, want %v", tt.w, tt.mw, tt.ml, got, tt.want)
		}
		if sum := s.MatchEquity(0, tt.w, tt.mw, tt.ml) + s.MatchEquity(1, 1-tt.w, tt.ml, tt.mw); math.Abs(sum-1) > 1e-12 {
			t.Errorf("x's and o's equities add up to %v", sum)
		}
	}
	// A game's opening roll: the table's chance, whatever the evaluation.
	opening := parse("o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 opening score=1-3", cfg)
	if got := opening.MatchEquity(0, 0.9, 0, 0); got != tb.at(4, 2) {
		t.Errorf("at a game's opening roll: %v, want %v", got, tb.at(4, 2))
	}
	// The engine's evaluation: o, needing 1, has one checker left on its
	// point 1: whatever x does, o wins the match.
	end := parse("x1,.,.,.,.,x14,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,o1 off=0-14 x:2-1 score=1-4", cfg)
	if v0, v1 := end.Evaluate(0), end.Evaluate(1); math.Abs(v0+v1-1) > 1e-12 || v0 > 0.01 {
		t.Errorf("o about to win the match: x %v, o %v", v0, v1)
	}
}
