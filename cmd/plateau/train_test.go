package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	aimahbousse "plateau/ai/mahbousse"
)

// plateau train mahbousse writes a network the program reads, and goes on
// from one with --from.
func TestTrainMahbousse(t *testing.T) {
	out := filepath.Join(t.TempDir(), "net.bin")
	for _, args := range [][]string{
		{"train", "mahbousse", "--games", "2", "--hidden", "4", "--seed", "5", "--out", out},
		{"train", "mahbousse", "--games", "1", "--from", out, "--decay", "50000", "--out", out},
	} {
		code, stdout, errs := cli("", args...)
		if code != 0 || !strings.Contains(stdout, "wrote "+out) {
			t.Fatalf("%q: exit %d, %q, %q", args, code, stdout, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var n aimahbousse.Net
		if err := n.UnmarshalBinary(b); err != nil || n.Hidden() != 4 {
			t.Fatalf("%q: the file written has %d hidden units: %v", args, n.Hidden(), err)
		}
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"train"}, "want the game dames or mahbousse"},
		{[]string{"train", "chess", "--out", out}, "want the game dames or mahbousse"},
		{[]string{"train", "mahbousse"}, "--out FILE is required"},
		{[]string{"train", "mahbousse", "--games", "0", "--out", out}, "want games >= 1"},
		{[]string{"train", "mahbousse", "--lambda", "2", "--out", out}, "lambda in [0, 1]"},
		{[]string{"train", "mahbousse", "--decay", "0", "--out", out}, "decay >= 1"},
		{[]string{"train", "mahbousse", "--hidden", "1000", "--out", out}, "hidden in 1.."},
		{[]string{"train", "mahbousse", "--distill", "--out", out}, "--distill needs --from FILE"},
		{[]string{"train", "mahbousse", "--distill", "--from", out, "--positions", "0", "--out", out}, "want positions, epochs and rounds >= 1"},
		{[]string{"train", "mahbousse", "--distill", "--from", out, "--rounds", "2", "--save-labels", out, "--out", out}, "for one round, not 2"},
	}
	for _, tt := range tests {
		code, _, errs := cli("", tt.args...)
		if code != 2 || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, errs, tt.want)
		}
	}
	if code, _, errs := cli("", "train", "mahbousse", "--from", filepath.Join(t.TempDir(), "none"), "--out", out); code != 1 || !strings.Contains(errs, "none") {
		t.Errorf("--from a missing file: exit %d, %q", code, errs)
	}
}

// plateau train mahbousse --distill teaches a network the values it finds
// one ply deeper, from positions it labels and saves, or reads.
func TestDistillMahbousse(t *testing.T) {
	dir := t.TempDir()
	teacher, labels, out := filepath.Join(dir, "teacher.bin"), filepath.Join(dir, "labels.mbs"), filepath.Join(dir, "net.bin")
	if code, _, errs := cli("", "train", "mahbousse", "--games", "1", "--hidden", "3", "--out", teacher); code != 0 {
		t.Fatalf("train: exit %d, %q", code, errs)
	}
	for _, args := range [][]string{
		{"train", "mahbousse", "--distill", "--from", teacher, "--positions", "60", "--epochs", "2", "--save-labels", labels, "--out", out},
		{"train", "mahbousse", "--distill", "--from", teacher, "--labels", labels, "--epochs", "1", "--out", out},
		{"train", "mahbousse", "--distill", "--from", teacher, "--positions", "60", "--epochs", "1", "--rounds", "2", "--out", out},
	} {
		code, stdout, errs := cli("", args...)
		if code != 0 || !strings.Contains(stdout, "wrote "+out) || !strings.Contains(stdout, "after 60 positions") {
			t.Fatalf("%q: exit %d, %q, %q", args, code, stdout, errs)
		}
		if slices.Contains(args, "--rounds") && !strings.Contains(stdout, "round 2,") {
			t.Errorf("%q: no second round in %q", args, stdout)
		}
		if !strings.Contains(errs, "held out") {
			t.Errorf("%q: no mean squared error in the log %q", args, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var n aimahbousse.Net
		if err := n.UnmarshalBinary(b); err != nil || n.Hidden() != 3 {
			t.Fatalf("%q: the file written has %d hidden units: %v", args, n.Hidden(), err)
		}
	}
	if code, _, errs := cli("", "train", "mahbousse", "--distill", "--from", teacher, "--labels", teacher, "--out", out); code != 1 || !strings.Contains(errs, "not a samples file") {
		t.Errorf("--labels not a samples file: exit %d, %q", code, errs)
	}
}
