package server

import (
	"slices"
	"testing"

	"plateau/game"
	"plateau/games"
)

// TestBoardKeys: for each game, the positions that differ from a base
// position only by who moves, what was rolled, the turn counters, a
// match's score or how the text is written share a board key with it;
// another board does not.
func TestBoardKeys(t *testing.T) {
	reg := games.Registry()
	type pos struct {
		variant map[string]string
		text    string
	}
	for _, tc := range []struct {
		game string
		base pos
		same []pos
		diff []pos
	}{
		{"dames", pos{nil, "W:W31-50:B1-20"},
			[]pos{{nil, "B:W31-50:B1-20"}, {nil, "w:B1-20:W50,31-49"}, {map[string]string{"huffing": "on"}, "W:W31-50:B1-20"}},
			[]pos{{nil, "W:W31-49:B1-20"}}},
		{"benedictine", pos{nil, "..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g"},
			[]pos{{nil, "..AAA../..A.A../......./...O.../......./..G.G../..GGG.. a"}},
			[]pos{{nil, "...AA../A..O.../....A../......./..GA.../G...G../..GG... g"}}},
		{"intercept", pos{nil, "1NrNpNrNpNrNPNpNrNpNrNp1/13/13/13/13/13/13/13/13/13/13/13/1SpSrSpSrSpSPSrSpSrSpSr1 S g7 0 0"},
			[]pos{{nil, "1NrNpNrNpNrNPNpNrNpNrNp1/13/13/13/13/13/13/13/13/13/13/13/1SpSrSpSrSpSPSrSpSrSpSr1 N g7 0 0"},
				{nil, "1NrNpNrNpNrNPNpNrNpNrNp1/13/13/13/13/13/13/13/13/13/13/13/1SpSrSpSrSpSPSrSpSrSpSr1 S g7 12 1"}},
			[]pos{{nil, "NpNr1NrNpNrNPNpNrNp3/10NpNr1/13/13/13/13/13/13/13/13/4SP8/10Sr1Sr/1SpSrSpSrSp1SrSp1Sp2 S g7 6 0"}}},
		{"mahbousse", pos{nil, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3"},
			[]pos{{nil, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 x:roll"},
				{nil, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:5-2"},
				{map[string]string{"match": "3"}, "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3 score=1-0"}},
			[]pos{{nil, "o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 opening"}}},
		{"shutbox", pos{nil, "12345678/1234679 1 cover:6-3"},
			[]pos{{nil, "12345678/1234679 2 cover:5-4"}, {nil, "12345678/1234679 1 roll2"}, {nil, "87654321/9764321 1 cover:6-3"},
				{map[string]string{"players": "1"}, "12345678 1 cover:6-3"}},
			[]pos{{nil, "1234567/123467 1 cover:4-3"}}},
	} {
		g, err := reg.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		keysOf := func(p pos) []string {
			cfg, err := game.NewConfig(g, p.variant)
			if err != nil {
				t.Fatalf("%s variant %v: %v", tc.game, p.variant, err)
			}
			st, err := g.ParsePosition(cfg, p.text)
			if err != nil {
				t.Fatalf("%s %q: %v", tc.game, p.text, err)
			}
			return boardKeys(tc.game, st)
		}
		base := keysOf(tc.base)
		shares := func(p pos) bool {
			return slices.ContainsFunc(keysOf(p), func(k string) bool { return slices.Contains(base, k) })
		}
		for _, p := range tc.same {
			if !shares(p) {
				t.Errorf("%s: %q (%v) keys %q, none of %q's %q", tc.game, p.text, p.variant, keysOf(p), tc.base.text, base)
			}
		}
		for _, p := range tc.diff {
			if shares(p) {
				t.Errorf("%s: %q keys %q share one of %q's %q", tc.game, p.text, keysOf(p), tc.base.text, base)
			}
		}
	}
}
