package hints_test

import (
	"slices"
	"testing"

	"plateau/game"
	"plateau/games/dames"
	"plateau/games/shutbox"
	"plateau/hints"
)

func shutboxState(t *testing.T, players, position string) game.State {
	t.Helper()
	g := shutbox.Game{}
	cfg, err := game.NewConfig(g, map[string]string{"players": players})
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition(cfg, position)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestShutboxHints(t *testing.T) {
	for _, tc := range []struct {
		players, position string
		roll              int
		sortedBy          string
		win               bool
	}{
		{"1", "123456789 1 cover:6-3", 9, "p_shut", false},
		{"2", "123456789/123456789 1 cover:6-3", 9, "win", true},
		{"2", "12345678/1234679 2 cover:5-1", 6, "win", true},
		{"1", "123 1 choose", 0, "p_shut", false},
		{"3", "123/45/6789 1 choose", 0, "win", true},
	} {
		s := shutboxState(t, tc.players, tc.position)
		h, err := hints.Providers()["shutbox"](s)
		if err != nil {
			t.Fatalf("%s: %v", tc.position, err)
		}
		sh := h.(hints.Shutbox)
		if sh.Player != int(s.ToMove())+1 || sh.Roll != tc.roll || sh.SortedBy != tc.sortedBy {
			t.Errorf("%s: player %d roll %d sorted by %s, want %d %d %s", tc.position, sh.Player, sh.Roll, sh.SortedBy, s.ToMove()+1, tc.roll, tc.sortedBy)
		}
		var got, want []string
		for _, c := range sh.Choices {
			got = append(got, c.Move)
			if (c.Win != nil) != tc.win {
				t.Errorf("%s: %s has win %v", tc.position, c.Move, c.Win)
			}
		}
		for _, m := range s.Moves(nil) {
			want = append(want, s.FormatMove(m))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: hints for %v, legal moves %v", tc.position, got, want)
		}
	}
}

func TestShutboxHintsErrors(t *testing.T) {
	d, err := dames.Game{}.New(game.DefaultConfig(dames.Game{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []game.State{shutboxState(t, "2", "123456789/123456789 1 roll2"), d} {
		if _, err := hints.ShutboxHints(s); err == nil {
			t.Errorf("hints of %s: no error", s.Position())
		}
	}
}
