package main

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// TestServeKeys: serve makes the key beside an SQLite database, uses
// --key instead when given, warns when the file is readable by others,
// and does not sign on PostgreSQL without --key.
func TestServeKeys(t *testing.T) {
	dir := t.TempDir()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	k, err := serveKeys(log, "sqlite:"+filepath.Join(dir, "p.db"), "")
	if err != nil || k == nil {
		t.Fatalf("serveKeys = %v, %v", k, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "p.db.key")); err != nil || strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("the key beside the database: %v; log %s", err, logs.String())
	}
	other := filepath.Join(dir, "other.key")
	if _, _, err := record.LoadOrCreate(other, time.Now()); err != nil {
		t.Fatal(err)
	}
	os.Chmod(other, 0o644)
	logs.Reset()
	if k2, err := serveKeys(log, "sqlite:"+filepath.Join(dir, "p.db"), other); err != nil || k2.ID() == k.ID() {
		t.Errorf("--key: %v, the key beside the database used", err)
	}
	if !strings.Contains(logs.String(), "can be read by others") {
		t.Errorf("a key file of mode 0644: log %s", logs.String())
	}
	logs.Reset()
	if k3, err := serveKeys(log, "postgres://u@h/db", ""); k3 != nil || err != nil || !strings.Contains(logs.String(), "not signed") {
		t.Errorf("PostgreSQL without --key: %v, %v; log %s", k3, err, logs.String())
	}
}
