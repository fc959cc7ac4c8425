package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"plateau/ai/dames/egdb"
	"plateau/games/dames"
)

// plateau egdb dames builds, verifies and writes a database the program
// reads back; bad flags are usage errors.
func TestEgdb(t *testing.T) {
	out := filepath.Join(t.TempDir(), "egdb2.bin")
	code, stdout, errs := cli("", "egdb", "dames", "--pieces", "2", "--verify", "--out", out, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r egdbReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Materials) != 4 || !r.Verified || r.Bytes == 0 {
		t.Fatalf("report %+v", r)
	}
	if kk := r.Materials[0]; kk.Material != "K-K" || kk.Wins+kk.Draws+kk.Losses != 50*49 {
		t.Errorf("K-K: %+v, want 2450 positions", kk)
	}
	db, err := egdb.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	p, err := dames.ParseFEN("W:WK47:BK4")
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := db.Probe(&p); !ok || v != egdb.Draw {
		t.Errorf("K47 against K4: %v %v, want a draw", v, ok)
	}
	if code, _, errs := cli("", "egdb", "dames", "--in", filepath.Join(t.TempDir(), "none.bin")); code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("--in a missing file: exit %d, %q", code, errs)
	}
	// --in reads a file and verifies it again.
	code, stdout, errs = cli("", "egdb", "dames", "--in", out, "--verify", "--json")
	if code != 0 {
		t.Fatalf("--in: exit %d: %s", code, errs)
	}
	var again egdbReport
	if err := json.Unmarshal([]byte(stdout), &again); err != nil {
		t.Fatal(err)
	}
	if !again.Verified || len(again.Read) != 4 || again.Pieces != 2 || len(again.Materials) != 0 {
		t.Errorf("--in --verify: %+v", again)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"egdb", "dames", "--in", out, "--out", out}, "--in and --out"},
		{[]string{"egdb", "chess"}, "want the game id dames"},
		{[]string{"egdb", "dames", "--pieces", "6"}, "--pieces 6: want 2 to 5"},
		{[]string{"egdb", "dames", "--pieces", "3", "--kings", "3"}, "--kings 3: want more than --pieces"},
	} {
		code, _, errs := cli("", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
