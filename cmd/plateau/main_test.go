package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"plateau/game"
	"plateau/games"
)

// cli runs one plateau command line with the given standard input.
func cli(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, games: games.Registry()}
	code = run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"moves", "chess"}, `unknown game "chess" (games: benedictine, dames, intercept, mahbousse, shutbox)`},
		{[]string{"moves"}, "want one game id"},
		{[]string{"moves", "shutbox", "--variant", "tiles=10"}, `option tiles: "10" is not one of 9, 12`},
		{[]string{"moves", "shutbox", "--variant", "colour=red"}, `shutbox has no option "colour"`},
		{[]string{"moves", "shutbox", "--variant", "tiles"}, `not of the form key=value`},
		{[]string{"moves", "shutbox", "--position", "xx"}, `position "xx"`},
		{[]string{"moves", "dames", "--position", "W:W31-50:B1-20", "--dice", "6-3"}, "not waiting for a roll"},
		{[]string{"moves", "shutbox", "--bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"games", "extra"}, "games takes no arguments"},
		{[]string{"play", "nope"}, `unknown game "nope"`},
	}
	for _, tt := range tests {
		code, _, stderr := cli("", tt.args...)
		if code != 2 {
			t.Errorf("plateau %q: exit %d, want 2", tt.args, code)
		}
		if !strings.Contains(stderr, tt.want) {
			t.Errorf("plateau %q: stderr %q, want it to contain %q", tt.args, stderr, tt.want)
		}
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := cli("", "--help")
	if code != 0 || !strings.Contains(out, "moves") || !strings.Contains(out, "serve") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
	for _, c := range commands() {
		code, _, stderr := cli("", c.name, "--help")
		if code != 0 || !strings.Contains(stderr, "Usage: plateau "+c.name) {
			t.Errorf("%s --help: exit %d, %q", c.name, code, stderr)
		}
	}
}

func TestGamesJSON(t *testing.T) {
	code, out, stderr := cli("", "games", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var infos []game.Info
	if err := json.Unmarshal([]byte(out), &infos); err != nil {
		t.Fatal(err)
	}
	byID := map[string]game.Info{}
	for _, in := range infos {
		byID[in.ID] = in
		g, _ := games.Registry().Lookup(in.ID)
		if _, err := g.ParsePosition(defaultConfig(t, in.ID), in.ExamplePosition); err != nil {
			t.Errorf("%s: example position %q does not parse: %v", in.ID, in.ExamplePosition, err)
		}
	}
	sb, ok := byID["shutbox"]
	if !ok {
		t.Fatalf("shutbox missing from %s", out)
	}
	if got := sb.Players; len(got) != 4 || got[0] != 1 || got[3] != 4 {
		t.Errorf("shutbox players = %v, want 1..4", got)
	}
	keys := map[string]bool{}
	for _, o := range sb.Options {
		keys[o.Key] = true
	}
	if !keys["tiles"] || !keys["one_die"] || !keys["players"] {
		t.Errorf("shutbox variants = %+v", sb.Options)
	}
}

func TestMovesJSON(t *testing.T) {
	// The start of Shut the Box waits for the roll: the 36 ordered dice or
	// their sums, with probabilities summing to 1.
	code, out, stderr := cli("", "moves", "shutbox", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var moves []map[string]any
	if err := json.Unmarshal([]byte(out), &moves); err != nil || len(moves) == 0 {
		t.Fatalf("moves: %s (%v)", out, err)
	}
	sum := 0.0
	for _, m := range moves {
		if _, ok := m["notation"].(string); !ok {
			t.Errorf("move without notation: %v", m)
		}
		sum += m["probability"].(float64)
	}
	if sum < 0.999999 || sum > 1.000001 {
		t.Errorf("probabilities sum to %v", sum)
	}

	// After the roll 6-3, the covers of 9 named by the sheet are listed.
	code, out, stderr = cli("", "moves", "shutbox", "--dice", "6-3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	moves = nil
	json.Unmarshal([]byte(out), &moves)
	got := map[string]bool{}
	for _, m := range moves {
		got[m["notation"].(string)] = true
	}
	if len(got) < 4 {
		t.Errorf("after 6-3: %v", got)
	}

	// Draughts from the start: nine moves, each with from, to and captured.
	code, out, _ = cli("", "moves", "dames", "--json")
	moves = nil
	if err := json.Unmarshal([]byte(out), &moves); code != 0 || err != nil || len(moves) != 9 {
		t.Fatalf("dames moves: exit %d, %s", code, out)
	}
	for _, m := range moves {
		if m["from"] == nil || m["to"] == nil || m["captured"] == nil {
			t.Errorf("dames move lacks from/to/captured: %v", m)
		}
	}
}

func TestPlayHotSeat(t *testing.T) {
	// A one-player Shut the Box game with seeded dice, answered by always
	// choosing the first listed move, ends with a score.
	input := strings.Repeat("1\n", 40)
	code, out, stderr := cli(input, "play", "shutbox", "--variant", "players=1", "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, out)
	}
	if !strings.Contains(out, "Game over:") || !strings.Contains(out, "score") {
		t.Errorf("play output does not end with a result:\n%s", out)
	}
	// An illegal move is refused with a reason and asked again.
	code, out, _ = cli("9-9-9\nq\n", "play", "dames")
	if code != 0 || !strings.Contains(out, "Game abandoned.") || !strings.Contains(out, "9-9-9") {
		t.Errorf("quit: exit %d\n%s", code, out)
	}
}

func defaultConfig(t *testing.T, id string) game.Config {
	t.Helper()
	g, err := games.Registry().Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return game.DefaultConfig(g)
}
