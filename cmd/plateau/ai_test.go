package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestHint(t *testing.T) {
	code, out, errs := cli("", "hint", "dames", "--position", "W:W28,K46:B12,19", "--level", "medium", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var h struct {
		Move  string   `json:"move"`
		Score float64  `json:"score"`
		PV    []string `json:"pv"`
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	// The king takes both men landing on any square beyond the second
	// (46x7 or 46x1): move order decides which the PV names.
	if h.Move != "28-23" || h.Score < 0.99 || len(h.PV) < 3 || (h.PV[2] != "46x7" && h.PV[2] != "46x1") {
		t.Errorf("hint %+v, want 28-23 winning with 19x28 46x7 (or 46x1)", h)
	}
	for _, args := range [][]string{
		{"hint", "dames", "--level", "grandmaster"},
		{"hint", "shutbox", "--position", "12345678/1234679 1 roll2"},
	} {
		if code, _, _ := cli("", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestArena(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "chart.svg")
	code, out, errs := cli("", "arena", "shutbox", "--a", "hard", "--b", "random", "--games", "6", "--json", "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Games, Wins, Draws, Losses int
		PliesMedian                float64
		PliesMax                   int
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Games != 6 || r.Wins+r.Draws+r.Losses != 6 {
		t.Errorf("result %s (%v)", out, err)
	}
	if r.PliesMedian <= 0 || float64(r.PliesMax) < r.PliesMedian {
		t.Errorf("plies: median %g, max %d", r.PliesMedian, r.PliesMax)
	}
	if !strings.Contains(errs, "6/6") {
		t.Errorf("no progress bar on stderr: %q", errs)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.HasPrefix(b, []byte("<svg")) {
		t.Errorf("svg: %v", err)
	}
	if code, _, _ := cli("", "arena", "dames", "--a", "nobody"); code != 2 {
		t.Errorf("unknown player: exit %d, want 2", code)
	}
}

// --sprt stops a match once its test decides, and says so; bad settings are
// usage errors.
func TestArenaSPRT(t *testing.T) {
	code, out, errs := cli("", "arena", "dames", "--a", "greedy", "--b", "random", "--games", "200", "--sprt", "0,100", "--json", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Games int
		SPRT  *struct {
			Verdict string
			Units   int
			LLR     float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.SPRT == nil {
		t.Fatalf("result %s (%v)", out, err)
	}
	if r.SPRT.Verdict != "H1" || r.Games >= 200 || r.Games != 2*r.SPRT.Units {
		t.Errorf("greedy against random: %d games, test %+v; want H1 before 200 games", r.Games, *r.SPRT)
	}
	code, out, _ = cli("", "arena", "dames", "--a", "greedy", "--b", "random", "--games", "200", "--sprt", "0,100", "--quiet")
	if code != 0 || !strings.Contains(out, "H1 accepted: greedy is stronger") {
		t.Errorf("exit %d, text %q: want the verdict", code, out)
	}
	for _, bad := range []string{"100,0", "x", "0,50,"} {
		if code, _, errs := cli("", "arena", "dames", "--a", "greedy", "--b", "random", "--sprt", bad); code != 2 || !strings.Contains(errs, "sprt") && !strings.Contains(errs, "SPRT") {
			t.Errorf("--sprt %q: exit %d, %q; want a usage error naming it", bad, code, errs)
		}
	}
}

// --luck measures the luck of every roll, by the network for Mahboussé
// and the game's own evaluation for Shut the Box, and records it in the
// games file.
func TestArenaLuck(t *testing.T) {
	for _, g := range []string{"mahbousse", "shutbox"} {
		games := filepath.Join(t.TempDir(), "luck.games")
		code, out, errs := cli("", "arena", g, "--a", "greedy", "--b", "random", "--games", "4", "--seed", "5", "--quiet", "--luck", "--games-out", games)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", g, code, errs)
		}
		if !strings.Contains(out, "luck-adjusted over 4 games: ") {
			t.Errorf("%s: no luck-adjusted score in %q", g, out)
		}
		b, err := os.ReadFile(games)
		if err != nil || strings.Count(string(b), `"luck":`) != 4 {
			t.Errorf("%s: games file %q (%v): want 4 lucks", g, b, err)
		}
		code, out, errs = cli("", "arena", g, "--a", "greedy", "--b", "random", "--games", "4", "--seed", "5", "--quiet", "--json", "--luck", "--resume", games)
		var r struct{ Adjusted *struct{ Games int } }
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Adjusted == nil || r.Adjusted.Games != 4 {
			t.Errorf("%s: resumed from the games file: exit %d, %s %s", g, code, out, errs)
		}
	}
}

// A match stopped after some games and resumed from its --games-out file
// is the match played at once.
func TestArenaResume(t *testing.T) {
	dir := t.TempDir()
	whole, part := filepath.Join(dir, "whole.games"), filepath.Join(dir, "part.games")
	args := []string{"arena", "shutbox", "--a", "hard", "--b", "random", "--games", "8", "--seed", "3", "--quiet", "--json"}
	code, want, errs := cli("", append(args, "--games-out", whole)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	if err := os.WriteFile(part, []byte(strings.Join(lines[:3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, errs := cli("", append(args, "--resume", part, "--games-out", part)...)
	if code != 0 {
		t.Fatalf("resumed: exit %d: %s", code, errs)
	}
	type result struct {
		Games, Wins, Draws, Losses int
		PliesMedian                float64
	}
	var w, g result
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatal(err)
	}
	if g != w {
		t.Errorf("resumed %+v, at once %+v", g, w)
	}
	if b, err := os.ReadFile(part); err != nil || strings.Count(string(b), "\n") != 8 {
		t.Errorf("games file after resuming: %d lines (%v), want 8", strings.Count(string(b), "\n"), err)
	}
	if err := os.WriteFile(part, []byte("{\"index\":1}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := cli("", append(args, "--resume", part)...); code == 0 || !strings.Contains(errs, "part.games:2") {
		t.Errorf("a broken games file: exit %d, %q", code, errs)
	}
}

// FuzzReadGames checks that readGames takes any file without panicking,
// and that the games it accepts are one per line that holds one.
func FuzzReadGames(f *testing.F) {
	f.Add("{\"index\":0,\"score\":1,\"plies\":12,\"reason\":\"goal\",\"aSeats\":[0]}\n\n{\"index\":1}\n")
	f.Add("not json\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, data string) {
		name := filepath.Join(t.TempDir(), "games")
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		gs, err := readGames(name)
		if err != nil {
			if !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		lines := 0
		for _, l := range strings.Split(data, "\n") {
			if strings.TrimSpace(l) != "" {
				lines++
			}
		}
		if len(gs) != lines {
			t.Errorf("%d games from %d lines", len(gs), lines)
		}
	})
}

// With --nodes no clock bounds max: two runs of a match play the same
// games, and max stops at its node budget (hard's limits: TestOptionsNodes
// in ai/level).
func TestArenaNodes(t *testing.T) {
	type stats struct{ Moves, MaxNodes int64 }
	var runs [2]struct {
		Wins, Draws, Losses int
		PliesMedian         float64
		AStats, BStats      stats
	}
	for i := range runs {
		code, out, errs := cli("", "arena", "dames", "--a", "max", "--b", "random", "--games", "2", "--nodes", "3000", "--seed", "4", "--quiet", "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if err := json.Unmarshal([]byte(out), &runs[i]); err != nil {
			t.Fatalf("result %s: %v", out, err)
		}
	}
	if runs[0] != runs[1] {
		t.Errorf("two runs of one match differ: %+v and %+v", runs[0], runs[1])
	}
	if a := runs[0].AStats; a.Moves == 0 || a.MaxNodes > 3000+3000/10 {
		t.Errorf("max at --nodes 3000: %+v", a)
	}
}

func TestPlayVersus(t *testing.T) {
	// The computer plays seat 1; the human's input runs out at seat 2.
	code, out, errs := cli("", "play", "dames", "--vs", "easy", "--seat", "2")
	if code != 1 || !strings.Contains(out, "Player 1 (easy) plays") || !strings.Contains(errs, "no more input") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errs)
	}
}

func TestBench(t *testing.T) {
	code, out, errs := cli("", "bench", "dames", "mahbousse", "--level", "easy", "--moves", "3", "--playouts-for", "20ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rs []benchResult
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if len(rs) != 2 || rs[0].Game != "dames" || rs[1].Game != "mahbousse" {
		t.Fatalf("results %+v, want dames then mahbousse", rs)
	}
	for _, r := range rs {
		if r.Playouts < 1 || r.PliesPerSecond <= 0 || r.Moves != 3 || r.NodesPerMove < 1 || r.NodesPerSecond <= 0 || r.Level != "easy" {
			t.Errorf("%s: implausible figures %+v", r.Game, r)
		}
	}
	// The level's own evaluation is timed when it has one: Mahboussé's
	// hard searches with the network of ai/mahbousse, dames' with none.
	code, out, errs = cli("", "bench", "dames", "mahbousse", "--level", "hard", "--moves", "1", "--playouts-for", "20ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs = nil
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if len(rs) != 2 || rs[0].EvalNs != 0 || rs[1].EvalNs <= 0 {
		t.Errorf("evaluation cost: dames %v ns, mahbousse %v ns; want none and some", rs[0].EvalNs, rs[1].EvalNs)
	}
	// --variant sets the options of every game measured; Intercept's
	// levels search with the evaluation of ai/intercept.
	code, out, errs = cli("", "bench", "intercept", "--variant", "players=4", "--variant", "mode=solo", "--level", "easy", "--moves", "1", "--playouts-for", "20ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs = nil
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if len(rs) != 1 || !strings.Contains(rs[0].Variant, "mode=solo") || !strings.Contains(rs[0].Variant, "players=4") || rs[0].EvalNs <= 0 || rs[0].Moves != 1 {
		t.Errorf("intercept with 4 players solo: %+v, want its variant, one move and the evaluation's cost", rs)
	}
	// --nodes bounds max by nodes, as the ladder does, and the depth its
	// searches completed is reported.
	code, out, errs = cli("", "bench", "intercept", "--level", "max", "--nodes", "3000", "--moves", "2", "--playouts-for", "20ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs = nil
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if len(rs) != 1 || rs[0].NodesPerMove > 3000 || rs[0].NodesPerMove < 1000 || rs[0].DepthAvg < 1 {
		t.Errorf("intercept max at 3000 nodes: %+v, want at most 3000 nodes a move and a depth of 1 or more", rs)
	}
	for _, args := range [][]string{
		{"bench", "chess"},
		{"bench", "dames", "--variant", "players=4"},
		{"bench", "intercept", "--variant", "players"},
		{"bench", "intercept", "--variant", "players=9"},
		{"bench", "dames", "--level", "grandmaster"},
		{"bench", "dames", "--moves", "-1"},
		{"bench", "dames", "--playouts-for", "0s"},
		{"bench", "dames", "--nodes", "-1"},
	} {
		if code, _, errs := cli("", args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d (%q), want 2 and a message", args, code, errs)
		}
	}
}

// TestHintMen: a dames hint gives the score in men beside the win
// probability, and a proven win in the Hub's unit (100 - plies/100).
func TestHintMen(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--position", "W:W28,K46:B12,19", "--level", "medium"}, "(+99.97 men)"},
		{[]string{"--position", "W:W31-50:B1-20", "--level", "max", "--time", "200ms"}, " men) for player 1"},
	}
	for _, tt := range tests {
		code, out, errs := cli("", append([]string{"hint", "dames"}, tt.args...)...)
		if code != 0 || !strings.Contains(out, tt.want) {
			t.Errorf("hint %q: exit %d, %q %s, want %q", tt.args, code, out, errs, tt.want)
		}
	}
	code, out, _ := cli("", "hint", "dames", "--position", "W:W28,K46:B12,19", "--level", "medium", "--json")
	var h struct {
		Men string `json:"men"`
	}
	if err := json.Unmarshal([]byte(out), &h); code != 0 || err != nil || h.Men != "99.97" {
		t.Errorf("hint --json: exit %d, men %q (%v)", code, h.Men, err)
	}
}

func TestLadder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ladder.json")
	// An existing ladder of another game is kept.
	if err := os.WriteFile(file, []byte(`{"ladders":[{"game":"dames","variant":"x","players":2,"levels":[{"name":"random"}]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"ladder", "shutbox", "--levels", "random,hard", "--games", "6", "--seed", "3", "--boot", "50", "--code", "main's (a test)", "--json", "--out", file}
	code, out, errs := cli("", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	type ladder struct {
		Game, Command string
		Players       int
		Levels        []struct {
			Name        string
			Elo, Lo, Hi float64
			Gap, GapLo  float64
		}
		Pairings []struct {
			A, B                       string
			Games, Wins, Draws, Losses int
		}
	}
	var l ladder
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if l.Game != "shutbox" || l.Players != 2 || len(l.Levels) != 2 || l.Levels[0].Name != "random" || l.Levels[0].Elo != 0 ||
		len(l.Pairings) != 1 || l.Pairings[0].A != "hard" || l.Pairings[0].Games != 6 || l.Levels[1].Lo > l.Levels[1].Elo || l.Levels[1].Hi < l.Levels[1].Elo {
		t.Errorf("ladder %s", out)
	}
	if want := `plateau ladder shutbox --levels random,hard --games 6 --seed 3 --boot 50 --code 'main'\''s (a test)'`; l.Command != want {
		t.Errorf("command %q, want %q", l.Command, want)
	}
	// --luck fits the luck-adjusted scores and says so.
	var lucky struct {
		Luck     bool
		Pairings []struct{ Score, Adjusted float64 }
	}
	if code, out, errs := cli("", "ladder", "shutbox", "--levels", "random,hard", "--games", "6", "--seed", "3", "--boot", "50", "--luck", "--json"); code != 0 ||
		json.Unmarshal([]byte(out), &lucky) != nil || !lucky.Luck || len(lucky.Pairings) != 1 || lucky.Pairings[0].Adjusted == 0 {
		t.Errorf("--luck: exit %d, %s %s", code, out, errs)
	}
	// The same seed plays the same games (shutbox's players are not bound
	// by time).
	var l2 ladder
	if _, out2, _ := cli("", args...); json.Unmarshal([]byte(out2), &l2) != nil || !reflect.DeepEqual(l, l2) {
		t.Errorf("same seed, another ladder:\n%s\n%s", out, out2)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Ladders []struct{ Game string } }
	if err := json.Unmarshal(b, &f); err != nil || len(f.Ladders) != 2 || f.Ladders[0].Game != "dames" || f.Ladders[1].Game != "shutbox" {
		t.Errorf("ladder file %s (%v), want dames' kept and shutbox's added", b, err)
	}
	// --all plays every pair: three levels, three matches.
	code, out, errs = cli("", "ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4", "--boot", "10", "--all", "--json")
	var all ladder
	if err := json.Unmarshal([]byte(out), &all); code != 0 || err != nil || len(all.Pairings) != 3 || all.Pairings[2].A != "hard" || all.Pairings[2].B != "random" {
		t.Errorf("--all: exit %d, %s %s (%v), want 3 pairings, hard vs random last", code, out, errs, err)
	}
	// A list of games gives each adjacent pairing its own count.
	code, out, errs = cli("", "ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4,6", "--boot", "10", "--json")
	var listed ladder
	if err := json.Unmarshal([]byte(out), &listed); code != 0 || err != nil || len(listed.Pairings) != 2 || listed.Pairings[0].Games != 4 || listed.Pairings[1].Games != 6 {
		t.Errorf("--games 4,6: exit %d, %s %s (%v), want 4 games of easy vs random and 6 of hard vs easy", code, out, errs, err)
	}
	// --games-dir keeps each match's games: run again with more games in
	// a pairing, the ladder plays only those it lacks and is the ladder
	// played at once.
	dir := filepath.Join(t.TempDir(), "games")
	kept := func(games string) ladder {
		t.Helper()
		code, out, errs := cli("", "ladder", "shutbox", "--levels", "random,easy,hard", "--games", games, "--boot", "10", "--games-dir", dir, "--json")
		var l ladder
		if err := json.Unmarshal([]byte(out), &l); code != 0 || err != nil {
			t.Fatalf("--games %s --games-dir: exit %d, %s %s (%v)", games, code, out, errs, err)
		}
		l.Command = ""
		return l
	}
	lines := func() map[string]int {
		t.Helper()
		n := map[string]int{}
		files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n[strings.SplitN(filepath.Base(f), "-vs-", 2)[0]] += strings.Count(string(b), "\n")
		}
		return n
	}
	kept("4,6")
	if n := lines(); len(n) != 2 || n["easy"] != 4 || n["hard"] != 6 {
		t.Errorf("after --games 4,6 the games kept are %v, want 4 of easy's match and 6 of hard's", n)
	}
	more := kept("4,10")
	if n := lines(); len(n) != 2 || n["easy"] != 4 || n["hard"] != 10 {
		t.Errorf("after --games 4,10 the games kept are %v, want 4 and 10: only the 4 games lacking played", n)
	}
	_, out, _ = cli("", "ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4,10", "--boot", "10", "--json")
	var atOnce ladder
	if err := json.Unmarshal([]byte(out), &atOnce); err != nil {
		t.Fatal(err)
	}
	atOnce.Command = ""
	if !reflect.DeepEqual(more, atOnce) {
		t.Errorf("the ladder from the games kept:\n%+v\nplayed at once:\n%+v", more, atOnce)
	}
	// Another seed's matches are other games, in other files.
	if code, _, errs := cli("", "ladder", "shutbox", "--levels", "random,easy", "--games", "2", "--seed", "9", "--boot", "10", "--games-dir", dir, "--json"); code != 0 {
		t.Fatalf("--seed 9: exit %d, %s", code, errs)
	}
	if n := lines(); n["easy"] != 6 {
		t.Errorf("with --seed 9 the games kept are %v, want 2 more of easy's in a file of their own", n)
	}
	for _, bad := range [][]string{
		{"ladder", "shutbox", "--levels", "random"},
		{"ladder", "shutbox", "--levels", "random,random"},
		{"ladder", "shutbox", "--levels", "random,grandmaster"},
		{"ladder", "shutbox", "--games", "0"},
		{"ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4,x"},
		{"ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4,4,4"},
		{"ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4,0"},
		{"ladder", "shutbox", "--levels", "random,easy,hard", "--games", "4,6", "--all"},
	} {
		if code, _, _ := cli("", bad...); code != 2 {
			t.Errorf("%q: exit %d, want 2", bad, code)
		}
	}
}

// TestTrain: a tiny training writes a weights file, the same for the same
// seed whatever the number of workers, and the same again when it fits the
// positions it saved; bad command lines exit 2.
func TestTrain(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "pos.bin")
	runs := [][]string{
		{"--workers", "1", "--save-positions", saved},
		{"--workers", "2"},
		{"--positions", saved},
	}
	var files [3][]byte
	for i, extra := range runs {
		out := filepath.Join(dir, "w"+strings.Repeat("x", i)+".bin")
		args := append([]string{"train", "dames", "--games", "3", "--nodes", "200", "--epochs", "1", "--out", out}, extra...)
		code, stdout, errs := cli("", args...)
		if code != 0 || !strings.Contains(stdout, "wrote "+out) {
			t.Fatalf("%q: exit %d, %q %s", args, code, stdout, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = b
	}
	for i := 1; i < len(files); i++ {
		if !bytes.Equal(files[0], files[i]) {
			t.Errorf("%q wrote another file than %q", runs[i], runs[0])
		}
	}
	notPositions := filepath.Join(dir, "not.bin")
	if err := os.WriteFile(notPositions, []byte("PLDP1\nshort"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := cli("", "train", "dames", "--positions", saved+","+notPositions, "--out", filepath.Join(dir, "bad.bin"))
	if code == 0 || !strings.Contains(errs, notPositions) {
		t.Errorf("a broken positions file: exit %d, %s; want an error naming it", code, errs)
	}
	for _, args := range [][]string{
		{"train", "chess", "--out", filepath.Join(dir, "m.bin")},
		{"train", "dames"},
		{"train", "dames", "--positions", saved, "--save-positions", saved, "--out", filepath.Join(dir, "m.bin")},
		{"train", "dames", "--windows-only", "--windows", "--out", filepath.Join(dir, "m.bin")},
	} {
		if code, _, _ := cli("", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}
