package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"plateau/game"
	"plateau/games"
	"plateau/review"
	"plateau/room"
)

// exportOf writes an export of the moves (rolls included) of a game.
func exportOf(t *testing.T, id string, variant map[string]string, moves []string) room.Export {
	t.Helper()
	g, err := games.Registry().Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, variant)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	x := room.Export{Format: room.ExportFormat, ID: "t3st", Game: id, Variant: variant, Status: "finished"}
	for i, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		e := room.EventJSON{Seq: int64(i + 1), Kind: room.KindMove, Player: int(s.ToMove()), Notation: text}
		if s.ToMove() < 0 {
			e.Kind, e.Player = room.KindRoll, room.NoPlayer
		}
		x.Events = append(x.Events, e)
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	x.Version = int64(len(x.Events))
	return x
}

func writeExport(t *testing.T, x any) string {
	t.Helper()
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestReviewCommand reviews a hand-made Shut the Box export and a dames
// export, as a table and as JSON.
func TestReviewCommand(t *testing.T) {
	// Player 1 rolls 6-6 and covers 9+3 (the best), player 2 rolls 5-5
	// and covers 8+2: the solver's best is 9+1, 0.446 to win against 0.391.
	sb := exportOf(t, "shutbox", map[string]string{"players": "2"}, []string{"6-6", "9+3", "5-5", "8+2"})
	code, out, errs := cli("", "review", writeExport(t, sb))
	if code != 0 {
		t.Fatalf("review: exit %d, %s", code, errs)
	}
	for _, want := range []string{"Review of game t3st (shutbox) by the exact solver", "[expected score]", "player 1: 1 moves, average loss 0.000, 0 inaccuracies", "4    2       5-5   8+2   0.446 [11.05]  0.391 [12.85]  9+1        inaccuracy", "player 2: 1 moves, average loss 0.054, 1 inaccuracies"} {
		if !strings.Contains(out, want) {
			t.Errorf("review output lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = cli("", "review", "--json", writeExport(t, sb))
	var r struct {
		ID string `json:"id"`
		review.Report
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("review --json: exit %d, %s%s", code, out, errs)
	}
	if r.ID != "t3st" || len(r.Moves) != 2 || r.Moves[1].Roll != "5-5" || r.Moves[1].Move != "8+2" || r.Moves[1].Ply != 4 {
		t.Errorf("review --json: %+v", r)
	}
	dm := exportOf(t, "dames", nil, []string{"32-28", "19-23", "28x19", "14x23"})
	code, out, errs = cli("", "review", "--budget", "300ms", writeExport(t, dm))
	if code != 0 || !strings.Contains(out, "by the level hard") || !strings.Contains(out, "28x19") || !strings.Contains(out, "[men]") {
		t.Errorf("review of a dames export: exit %d\n%s%s", code, out, errs)
	}
}

func TestReviewErrors(t *testing.T) {
	bad := exportOf(t, "dames", nil, []string{"32-28", "19-23"})
	bad.Events[1].Notation = "19-24x"
	wrong := exportOf(t, "dames", nil, nil)
	wrong.Format = "chess/1"
	notJSON := filepath.Join(t.TempDir(), "x.json")
	os.WriteFile(notJSON, []byte("<html>"), 0o644)
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"review"}, 2, "want one file"},
		{[]string{"review", filepath.Join(t.TempDir(), "none.json")}, 1, "no such file"},
		{[]string{"review", notJSON}, 1, "neither a game export (JSON) nor a PDN file"},
		{[]string{"review", writeExport(t, wrong)}, 1, `format "chess/1" is not plateau-game/1`},
		{[]string{"review", writeExport(t, bad)}, 1, `event 2 (move): "19-24x" does not replay`},
		{[]string{"review", "--level", "best", writeExport(t, exportOf(t, "dames", nil, nil))}, 1, `unknown player "best"`},
		{[]string{"review", "--budget", "-1s", notJSON}, 2, "want a positive duration"},
	}
	for _, tt := range tests {
		code, _, errs := cli("", tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tt.args, code, errs, tt.code, tt.want)
		}
	}
	if code, _, errs := cli("", "review", "--help"); code != 0 || !strings.Contains(errs, "plateau review game.json") {
		t.Errorf("review --help: exit %d, %q", code, errs)
	}
}

func TestReviewLine(t *testing.T) {
	for _, tt := range []struct {
		moves []string
		want  string
	}{
		{[]string{"32-28", "19-23"}, "32-28 19-23"},
		{[]string{"d1xb1xd3 d4xd2", "d7xb5"}, "d1xb1xd3 d4xd2, d7xb5"},
		{nil, ""},
	} {
		if got := line(tt.moves); got != tt.want {
			t.Errorf("line(%q) = %q, want %q", tt.moves, got, tt.want)
		}
	}
}

// Two PDN games written for this test: one from the start with its
// players' tags, one from a FEN tag where Black's 19-23 loses the last man.
const twoPDN = `[Event "Club"]
[White "Anne"]
[Black "Bert"]
[Result "*"]

1. 32-28 19-23 2. 28x19 14x23 *

[Event "Study"]
[FEN "W:W32:B19"]
[Result "2-0"]

1. 32-28 19-23 {loses} 2. 28x19 2-0
`

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestReviewPDN: review reads PDN files as it reads exports: every game,
// or the one --game names, from the start or from a FEN tag.
func TestReviewPDN(t *testing.T) {
	file := writeFile(t, "club.pdn", twoPDN)
	code, out, errs := cli("", "review", "--budget", "50ms", file)
	if code != 0 {
		t.Fatalf("review club.pdn: exit %d, %s", code, errs)
	}
	for _, want := range []string{"Review of game 1 of club.pdn (Anne - Bert) (dames)", "14x23", "Review of game 2 of club.pdn (dames)", "19-23  0.500 [0.00]  0.000 "} {
		if !strings.Contains(out, want) {
			t.Errorf("review of two PDN games lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = cli("", "review", "--budget", "50ms", "--json", "--game", "2", file)
	var r reviewed
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("review --json --game 2: exit %d, %s%s", code, out, errs)
	}
	if r.ID != "2 of club.pdn" || len(r.Moves) != 3 || r.Moves[1].Move != "19-23" || r.Moves[1].Verdict != review.Blunder || len(r.Tags) != 3 {
		t.Errorf("review --json --game 2: %+v", r)
	}
	// One game, no tags at all: an object; several: an array.
	one := writeFile(t, "one.pdn", "1. 32-28 19-23 2. 28x19 14x23 *\n")
	if code, out, errs = cli("", "review", "--budget", "50ms", "--json", one); code != 0 || !strings.HasPrefix(out, "{") || !strings.Contains(out, `"id": "1 of one.pdn"`) {
		t.Errorf("review --json of one PDN game: exit %d, %s%s", code, out, errs)
	}
	var all []reviewed
	if code, out, errs = cli("", "review", "--budget", "50ms", "--json", file); code != 0 || json.Unmarshal([]byte(out), &all) != nil || len(all) != 2 {
		t.Errorf("review --json of two PDN games: exit %d, %s%s", code, out, errs)
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"review", "--game", "3", file}, 1, "--game 3, the file holds 2"},
		{[]string{"review", "--game", "-1", file}, 2, "--game -1"},
		{[]string{"review", writeFile(t, "bad.pdn", "[Event \"x\"]\n1. 32-28 19-24x *\n")}, 1, "PDN line 2, column 10"},
		{[]string{"review", writeFile(t, "illegal.pdn", "\n\n1. 32-28 19-23 2. 33-29 *\n")}, 1, `game 1: PDN line 3, column 19: move 3 "33-29"`},
		{[]string{"review", writeFile(t, "fen.pdn", "[FEN \"W:W99\"]\n1. 32-28 *\n")}, 1, "game 1"},
		{[]string{"review", writeFile(t, "empty.pdn", "\n")}, 1, "no game in it"},
	}
	for _, tt := range tests {
		code, _, errs := cli("", tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tt.args, code, errs, tt.code, tt.want)
		}
	}
}
