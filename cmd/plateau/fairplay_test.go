package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestFairplayCommand: plateau fairplay plays and reviews a pairing's
// games (Shut the Box: the exact solver reviews it in milliseconds),
// judges its sides as accounts, and judges the saved games again from the
// file with --from.
func TestFairplayCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fp.json")
	code, stdout, stderr := cli("", "fairplay", "--pairings", "shutbox:max-medium:30", "--seed", "7", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "30 games, seed 7") || !strings.Contains(stdout, "shutbox max: ") || !strings.Contains(stdout, "shutbox medium: ") {
		t.Errorf("output:\n%s", stdout)
	}
	code, again, stderr := cli("", "fairplay", "--from", out)
	if code != 0 || again != stdout {
		t.Errorf("--from: exit %d %s; output\n%s\nwant\n%s", code, stderr, again, stdout)
	}
	code, js, stderr := cli("", "fairplay", "--from", out, "--json")
	var got struct {
		Games    []json.RawMessage `json:"games"`
		Accounts []struct {
			Level string `json:"level"`
			Games int    `json:"games"`
		} `json:"accounts"`
	}
	if code != 0 || json.Unmarshal([]byte(js), &got) != nil || len(got.Games) != 30 {
		t.Fatalf("--json: exit %d %s: %.300s", code, stderr, js)
	}
	games := map[string]int{}
	for _, a := range got.Accounts {
		games[a.Level] += a.Games
	}
	if games["max"] != 30 || games["medium"] != 30 {
		t.Errorf("accounts hold %v games by level, want 30 each", games)
	}
	for _, bad := range [][]string{{"--pairings", "chess:easy-max"}, {"--pairings", "shutbox:easy"}, {"--pairings", "shutbox:easy-max:0"}} {
		if code, _, _ := cli("", append([]string{"fairplay"}, bad...)...); code != 2 {
			t.Errorf("fairplay %q: exit %d, want 2", bad, code)
		}
	}
}
