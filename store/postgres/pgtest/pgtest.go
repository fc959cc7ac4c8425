// Package pgtest gives tests a PostgreSQL database of their own: a fresh
// schema in the database at PLATEAU_POSTGRES_URL, dropped when the test
// ends, so that test runs never see each other's tables.
//
// Without PLATEAU_POSTGRES_URL the test is skipped, or fails when
// PLATEAU_REQUIRE_POSTGRES=1 (CI sets both: see .ci/postgres.sh).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// URL returns the database URL of a new, empty schema for t (its
// search_path), or skips t when there is no PostgreSQL to test with.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("PLATEAU_POSTGRES_URL")
	if base == "" {
		msg := "PLATEAU_POSTGRES_URL is not set (a postgres:// URL of a database the tests may create schemas in); PostgreSQL tests skipped"
		if os.Getenv("PLATEAU_REQUIRE_POSTGRES") == "1" {
			t.Fatal(msg + ", but PLATEAU_REQUIRE_POSTGRES=1")
		}
		t.Skip(msg)
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("PLATEAU_POSTGRES_URL %q: want a postgres:// URL (%v)", base, err)
	}
	var b [8]byte
	rand.Read(b[:])
	schema := "plateau_test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("PLATEAU_POSTGRES_URL: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create test schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("drop test schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop test schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	if !strings.Contains(base, "pool_max_conns") {
		q.Set("pool_max_conns", "4") // many tests run at once on one server
	}
	u.RawQuery = q.Encode()
	return u.String()
}
