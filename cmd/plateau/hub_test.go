package main

import (
	"strings"
	"testing"

	"plateau/hub"
)

func TestHubCommand(t *testing.T) {
	script := "hub\ninit\npos pos=" + hub.StartPosition + " moves=\"32-28\"\nlevel depth=3\ngo think\nping\nquit\n"
	code, out, stderr := cli(script, "hub", "--tt-size", "12")
	if code != 0 {
		t.Fatalf("plateau hub: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"id name=Plateau ", "param name=tt-size value=12 ", "\nwait\n", "\nready\n", "\npong\n", "\ndone move="} {
		if !strings.Contains(out, want) {
			t.Errorf("plateau hub output lacks %q:\n%s", want, out)
		}
	}
	// Piped without quit: the search answers before the engine ends.
	code, out, _ = cli("hub\ninit\npos pos="+hub.StartPosition+"\nlevel depth=4\ngo think\n", "hub", "--tt-size", "12")
	if code != 0 || !strings.Contains(out, "\ninfo depth=4 ") || !strings.Contains(out, "\ndone move=") {
		t.Errorf("plateau hub, input ending after go think: exit %d, output\n%s", code, out)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"hub", "dames"}, "hub takes no arguments"},
		{[]string{"hub", "--tt-size", "40"}, "--tt-size 40"},
		{[]string{"hub", "--time", "0s"}, "--time 0s"},
	}
	for _, tt := range tests {
		code, _, stderr := cli("", tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("plateau %q: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}
