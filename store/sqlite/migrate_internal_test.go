package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
)

// oldDB makes a database file migrated up to version, runs the
// statements qs on it and returns its path, closed.
func oldDB(t *testing.T, version int64, qs ...string) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sub, _ := fs.Sub(migrations, "migrations")
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return path
}

// TestMigrationCountsMoves opens a database made before migration 6 with a
// game already played: the migration fills in the game's moves and last
// move from its log.
func TestMigrationCountsMoves(t *testing.T) {
	ctx := context.Background()
	last := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	path := oldDB(t, 5,
		`INSERT INTO games (id, game, variant, status, dice_seed, created, updated) VALUES ('g', 'dames', '{}', 'live', x'00', 1, 1)`,
		`INSERT INTO games (id, game, variant, status, dice_seed, created, updated) VALUES ('h', 'dames', '{}', 'live', x'00', 1, 1)`,
		`INSERT INTO events (game_id, seq, kind, player, time) VALUES ('g', 1, 'roll', -1, 5), ('g', 2, 'move', 0, 10), ('g', 3, 'move', 1, `+
			fmt.Sprint(last.UnixNano())+`), ('g', 4, 'draw_offer', 0, 99999999999999999)`)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for id, want := range map[string]struct {
		moves int
		last  time.Time
	}{"g": {2, last}, "h": {0, time.Time{}}} {
		g, err := s.Game(ctx, id)
		if err != nil || g.Moves != want.moves || !g.LastMove.Equal(want.last) {
			t.Errorf("after the migration, game %s: %v; want %d moves, the last at %v", id, err, want.moves, want.last)
		}
	}
}
