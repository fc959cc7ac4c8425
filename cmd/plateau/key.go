package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"plateau/record"
)

// keyFileOf is the record key's file of a --db value: beside an SQLite
// database (PATH.key) when --key does not name it; "" for PostgreSQL
// without --key.
func keyFileOf(db, key string) string {
	if key != "" {
		return key
	}
	if path, ok := strings.CutPrefix(db, "sqlite:"); ok && path != "" {
		return path + ".key"
	}
	return ""
}

// serveKeys loads the key that signs the server's records, making it at
// the first start; nil, with a warning, when there is no key file to use.
func serveKeys(log *slog.Logger, db, key string) (*record.Keys, error) {
	path := keyFileOf(db, key)
	if path == "" {
		log.Warn("finished games are not signed: with PostgreSQL, give every instance the same --key FILE (docs/records.md)")
		return nil, nil
	}
	k, created, err := record.LoadOrCreate(path, time.Now())
	if err != nil {
		return nil, fmt.Errorf("--key %s: %w", path, err)
	}
	log.Info("record key", "id", k.ID(), "file", path, "created", created)
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
		log.Warn("the record key's file can be read by others: whoever reads it can sign forged records; chmod 600 it", "file", path, "mode", fi.Mode().Perm().String())
	}
	return k, nil
}

func runKey(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "key", "[--db sqlite:PATH | --key FILE] [--new] [--json]", "plateau key --db sqlite:data/plateau.db --json > keys.json")
	db := fs.String("db", "sqlite:data/plateau.db", "`database` whose key to show: its key file is PATH.key beside an SQLite database")
	key := fs.String("key", "", "the key `file` (default: beside the SQLite database; required with PostgreSQL)")
	rotate := fs.Bool("new", false, "make a new key (the first one, or a rotation keeping the old public keys): restart the servers to sign with it")
	asJSON := fs.Bool("json", false, "print the public keys as JSON, as /.well-known/plateau-key serves them")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("key takes no arguments, got %q", pos)
	}
	path := keyFileOf(*db, *key)
	if path == "" {
		return usagef("--db %s: a PostgreSQL database has no key file beside it: give --key FILE", redactDB(*db))
	}
	var k *record.Keys
	var err error
	switch {
	case *rotate:
		k, err = record.Rotate(path, time.Now())
		if errors.Is(err, os.ErrNotExist) {
			k, _, err = record.LoadOrCreate(path, time.Now())
		}
	default:
		k, err = record.Load(path)
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("no key at %s: plateau serve makes it at its first start (or plateau key --new)", path)
		}
	}
	if err != nil {
		return err
	}
	set := k.Public()
	if *asJSON {
		b, err := json.MarshalIndent(set, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tSTATE\tALG\tPUBLIC KEY\tCREATED")
	for _, pk := range set.Keys {
		state := "current"
		if pk.Retired != nil {
			state = "retired " + pk.Retired.Format(time.RFC3339)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", pk.ID, state, pk.Alg, pk.Public, pk.Created.Format(time.RFC3339))
	}
	return w.Flush()
}
