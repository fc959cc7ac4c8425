package main

import (
	"encoding/json"
	"strings"
	"testing"

	"plateau/game"
	"plateau/games"
)

func TestPerftDames(t *testing.T) {
	for _, args := range [][]string{
		{"dames", "--depth", "5", "--json"},
		{"dames", "--depth", "5", "--json", "--threads", "2"},
		{"dames", "--depth", "5", "--json", "--bulk=false"},
		{"dames", "--depth", "5", "--json", "--position", "W:W31-50:B1-20"},
	} {
		code, out, errs := cli("", append([]string{"perft"}, args...)...)
		if code != 0 {
			t.Fatalf("perft %q: exit %d: %s", args, code, errs)
		}
		var r perftResult
		if err := json.Unmarshal([]byte(out), &r); err != nil || r.Depth != 5 || r.Nodes != 27117 || r.Divide != nil {
			t.Errorf("perft %q: %s (%v)", args, out, err)
		}
	}
	code, out, _ := cli("", "perft", "dames", "--depth", "3", "--divide", "--json")
	var r perftResult
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || len(r.Divide) != 9 {
		t.Fatalf("divide: %s (%v)", out, err)
	}
	var sum uint64
	for _, d := range r.Divide {
		sum += d.Nodes
	}
	if sum != 658 || r.Divide[0].Move != "31-27" {
		t.Errorf("divide sums to %d, first %+v", sum, r.Divide[0])
	}
	code, out, _ = cli("", "perft", "dames", "--depth", "2")
	if code != 0 || !strings.Contains(out, "perft(2) = 81") {
		t.Errorf("text output: %q", out)
	}
}

func TestPerftGeneric(t *testing.T) {
	// The generic perft over game.State agrees with the dames fast path.
	g, _ := games.Registry().Lookup("dames")
	s, _ := g.New(game.DefaultConfig(g))
	if n := genericPerft(s, 4, make([][]game.Move, 5)); n != 4265 {
		t.Errorf("generic perft(4) of dames = %d, want 4265", n)
	}
	// A game without a fast path, chance moves included.
	code, out, errs := cli("", "perft", "shutbox", "--depth", "2", "--json")
	var r perftResult
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Nodes == 0 {
		t.Errorf("shutbox perft: exit %d, %s %s", code, out, errs)
	}
	// huffing=on changes the tree: counted through game.State.
	code, out, _ = cli("", "perft", "dames", "--depth", "4", "--variant", "huffing=on", "--json")
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Nodes <= 4265 {
		t.Errorf("huffing perft: %s", out)
	}
}

func TestPerftUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"dames"}, "--depth N is required"},
		{[]string{"dames", "--depth", "2", "--threads", "0"}, "want at least 1"},
		{[]string{"dames", "--depth", "2", "--position", "W:W51"}, "not a number from 1 to 50"},
		{[]string{"--depth", "2"}, "want one game id"},
	} {
		code, _, errs := cli("", append([]string{"perft"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("perft %q: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}
