package main

import (
	"context"
	"strings"

	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/sqlite"
)

// dbUsage describes serve's --db values.
const dbUsage = "sqlite:PATH (the directory is created) or postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?PARAMS]"

// openStore opens the store that db names by its scheme: sqlite:PATH or a
// postgres:// (postgresql://) URL. It returns the store and how to name it
// in logs (a PostgreSQL URL's password is never shown).
func openStore(ctx context.Context, db string) (store.Store, string, error) {
	if path, ok := strings.CutPrefix(db, "sqlite:"); ok {
		if path == "" {
			return nil, "", usagef("--db %q: the sqlite: database needs a file path, e.g. sqlite:data/plateau.db", db)
		}
		st, err := sqlite.Open(ctx, path)
		if err != nil {
			return nil, "", err
		}
		return st, "sqlite:" + path, nil
	}
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		st, err := postgres.Open(ctx, db)
		if err != nil {
			return nil, "", err
		}
		return st, "postgres " + st.String(), nil
	}
	scheme, _, ok := strings.Cut(db, ":")
	if !ok {
		scheme = db
	}
	return nil, "", usagef("--db %q: unknown database %q; want %s", redactDB(db), scheme, dbUsage)
}

// redactDB hides a password in a --db value shown in an error.
func redactDB(db string) string {
	scheme, rest, ok := strings.Cut(db, "://")
	if !ok {
		return db
	}
	auth, host, ok := strings.Cut(rest, "@")
	if !ok {
		return db
	}
	if user, _, ok := strings.Cut(auth, ":"); ok {
		return scheme + "://" + user + ":xxxxx@" + host
	}
	return db
}
