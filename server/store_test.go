package server_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
	"plateau/store/sqlite"
)

// openTestStore opens an empty store for a test server: SQLite in a
// temporary directory, or with PLATEAU_TEST_STORE=postgres a fresh schema
// of the PostgreSQL database at PLATEAU_POSTGRES_URL (see pgtest).
func openTestStore(t testing.TB) store.Store {
	t.Helper()
	var st store.Store
	var err error
	switch kind := os.Getenv("PLATEAU_TEST_STORE"); kind {
	case "", "sqlite":
		st, err = sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "plateau.db"))
	case "postgres":
		st, err = postgres.Open(context.Background(), pgtest.URL(t))
	default:
		t.Fatalf("PLATEAU_TEST_STORE=%q: want sqlite or postgres", kind)
	}
	if err != nil {
		t.Fatal(err)
	}
	return st
}
