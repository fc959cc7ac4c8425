package main

import (
	"strings"
	"testing"
)

// TestServeDBErrors: --db picks the store by its scheme; a bad value or a
// database that cannot be reached says so, without the password.
func TestServeDBErrors(t *testing.T) {
	tests := []struct {
		db   string
		code int
		want []string
	}{
		{"mysql://bob:pw1234@db.example/games", 2, []string{`unknown database "mysql"`, "sqlite:PATH", "postgres://"}},
		{"plateau.db", 2, []string{`unknown database "plateau.db"`}},
		{"sqlite:", 2, []string{"the sqlite: database needs a file path"}},
		// Nothing listens on port 1 of loopback.
		{"postgres://alice:pw1234@127.0.0.1:1/gamesdb?connect_timeout=5", 1, []string{"cannot connect", `"gamesdb"`, "127.0.0.1:1"}},
		{"postgresql://alice:pw1234@127.0.0.1:x/gamesdb", 1, []string{"bad database URL"}},
	}
	for _, tt := range tests {
		code, _, stderr := cli("", "serve", "--addr", "127.0.0.1:0", "--db", tt.db)
		if code != tt.code {
			t.Errorf("serve --db %s: exit %d, want %d (%s)", tt.db, code, tt.code, stderr)
		}
		for _, w := range tt.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("serve --db %s: %q does not say %q", tt.db, stderr, w)
			}
		}
		if strings.Contains(stderr, "pw1234") {
			t.Errorf("serve --db %s: %q shows the password", tt.db, stderr)
		}
	}
}
