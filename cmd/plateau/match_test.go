package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"plateau/game"
	"plateau/games/dames"
	"plateau/referee"
)

// TestMatchCommand builds plateau and referees a 2-game match of its Hub
// engine (a child process speaking Hub) against the level max, then
// replays the games it wrote in PDN.
func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "plateau")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	pdn := filepath.Join(dir, "match.pdn")
	cmd := exec.Command(bin, "match", "dames", "--a", "hub:"+bin+",hub,--tt-size,14", "--b", "max", "--games", "2", "--time", "30ms", "--seed", "5", "--pdn", pdn)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("plateau match: %v\n%s%s", err, out, stderr.String())
	}
	for _, want := range []string{"vs max, international draughts", "W/D/L ", "Elo ", "ends: "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("match output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count("\n"+stderr.String(), "\ngame "); n != 2 {
		t.Errorf("want a line per game on stderr, got:\n%s", stderr.String())
	}
	f, err := os.Open(pdn)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := dames.ParsePDN(f)
	if err != nil || len(games) != 2 {
		t.Fatalf("match.pdn: %d games, %v", len(games), err)
	}
	cfg, _ := game.NewConfig(dames.Game{}, map[string]string{"draw": "fmjd"})
	for i, g := range games {
		s, err := g.Replay(cfg)
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if op := referee.Openings[5]; g.Moves[0] != op.White || g.Moves[1] != op.Black {
			t.Errorf("game %d opens %v, want the opening of seed 5, %s", i+1, g.Moves[:2], op)
		}
		if o := s.Outcome(); g.Result != dames.PDNResult(o) && g.Tag("Termination") != "ply limit" {
			t.Errorf("game %d: result %s, replayed %+v", i+1, g.Result, o)
		}
	}
	// Bad players are usage errors.
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "chess", "--a", "max", "--b", "max"}, "want the game dames"},
		{[]string{"match", "dames", "--a", "best", "--b", "max"}, "--a: player \"best\""},
		{[]string{"match", "dames", "--a", "max", "--b", "hub:"}, "--b: player \"hub:\""},
		{[]string{"match", "dames", "--a", "max", "--b", "max", "--games", "0"}, "--games 0"},
	} {
		if code, _, errs := cli("", tt.args...); code != 2 || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, errs, tt.want)
		}
	}
}
