package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSolveShutbox(t *testing.T) {
	code, out, errs := cli("", "solve", "shutbox", "--players", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var start solveStart
	if err := json.Unmarshal([]byte(out), &start); err != nil || start.FirstPlayerValue == nil || start.ExpectedScore < 10 || start.ExpectedScore > 12 {
		t.Errorf("start figures %s (%v)", out, err)
	}
	code, out, errs = cli("", "solve", "shutbox", "--position", "12345678/1234679 1 roll2", "--roll", "9", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var h solveHints
	if err := json.Unmarshal([]byte(out), &h); err != nil || len(h.Choices) != 7 || h.Choices[0].Move != "8+1" {
		t.Errorf("hints %s (%v)", out, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--tiles", "10"}, `"10" is not one of 9, 12`},
		{[]string{"--one-die", "sometimes"}, `"sometimes" is not one of seed, never`},
		{[]string{"--players", "3"}, "1 or 2 players"},
		{[]string{"--position", "1223/1234 1 roll2"}, "tile 2 appears twice"},
		{[]string{"--position", "12345678/1234679 1 roll2", "--roll", "13"}, "two dice roll 2 to 12, not 13"},
		{[]string{"--position", "12345678/1234679 1 roll2"}, "give the roll with --roll"},
		{[]string{"--roll", "5"}, "needs --position"},
	} {
		code, _, errs := cli("", append([]string{"solve", "shutbox"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("solve %q: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}
