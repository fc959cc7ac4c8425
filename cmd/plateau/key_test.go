package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"plateau/record"
)

// TestKeyCommand: plateau key says where a missing key comes from, makes
// one with --new, prints it, and rotates it keeping the old public key.
func TestKeyCommand(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "p.db")
	if code, _, stderr := cli("", "key", "--db", db); code != 1 || !strings.Contains(stderr, "plateau serve makes it at its first start") {
		t.Errorf("no key yet: exit %d, %q", code, stderr)
	}
	if code, _, stderr := cli("", "key", "--db", "postgres://u@h/db"); code != 2 || !strings.Contains(stderr, "give --key FILE") {
		t.Errorf("PostgreSQL without --key: exit %d, %q", code, stderr)
	}
	keySet := func(args ...string) record.KeySet {
		t.Helper()
		code, stdout, stderr := cli("", append([]string{"key", "--db", db, "--json"}, args...)...)
		var set record.KeySet
		if err := json.Unmarshal([]byte(stdout), &set); code != 0 || err != nil {
			t.Fatalf("plateau key %v: exit %d, %v, %s", args, code, err, stderr)
		}
		return set
	}
	first := keySet("--new")
	if len(first.Keys) != 1 || keySet().Current != first.Current {
		t.Fatalf("made %+v, then read %+v", first, keySet())
	}
	rotated := keySet("--new")
	if rotated.Current == first.Current || len(rotated.Keys) != 2 || rotated.Keys[1].ID != first.Current || rotated.Keys[1].Retired == nil {
		t.Fatalf("after rotation: %+v (first key %s)", rotated, first.Current)
	}
	code, stdout, _ := cli("", "key", "--db", db)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != 0 || len(lines) != 3 || !strings.Contains(lines[1], rotated.Current+"  current") || !strings.Contains(lines[2], first.Current+"  retired") {
		t.Errorf("plateau key: exit %d,\n%s", code, stdout)
	}
}
