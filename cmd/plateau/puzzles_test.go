package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPuzzles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "shutbox.jsonl")
	code, out, errs := cli("", "puzzles", "selfplay", "shutbox", "--seed", "1", "--games", "3", "--out", file)
	if code != 0 || !strings.Contains(out, "game 3 (seed 3)") {
		t.Fatalf("selfplay: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = cli("", "puzzles", "verify", file)
	if code != 0 || !strings.Contains(out, "puzzles checked") {
		t.Fatalf("verify: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A second-best move as the solution fails verify.
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	start := strings.Index(line, `"solution":["`) + len(`"solution":["`)
	end := start + strings.Index(line[start:], `"`)
	bad := line[:start] + "1+2+3+4+5+6" + line[end:]
	badFile := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(badFile, []byte(bad+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = cli("", "puzzles", "verify", badFile)
	if code != 1 || !strings.Contains(errs, "1 puzzles failed") {
		t.Errorf("verify of a wrong solution: exit %d, stderr %q; want 1 and a failure", code, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzles"}, "want selfplay, mine or verify"},
		{[]string{"puzzles", "selfplay", "shutbox"}, "--out FILE"},
		{[]string{"puzzles", "selfplay", "chess", "--out", file}, "chess"},
		{[]string{"puzzles", "mine", "--out", file}, "--from DB"},
		{[]string{"puzzles", "verify"}, "want puzzle files"},
	} {
		code, _, errs := cli("", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}
