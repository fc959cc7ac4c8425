package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Open opens (creating if needed) the database file at path, with its
// directory, migrates it to the latest schema and checks that it can
// write. An error names its cause when it is a common one: a directory
// that cannot be created, a read-only file or directory, a database
// locked by another process, a full disk, a file that is not a database.
func Open(ctx context.Context, path string) (*Store, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("sqlite: the directory %s of the database is missing and cannot be created: %w", dir, err)
	}
	if err := waitUnlocked(ctx, path, 10*time.Second); err != nil {
		return nil, explainOpen(path, err)
	}
	s, err := open(ctx, path)
	if err == nil {
		if err = s.CheckWrite(ctx); err != nil {
			s.Close()
		}
	}
	if err != nil {
		return nil, explainOpen(path, err)
	}
	return s, nil
}

// CheckWrite implements store.Store: it rewrites the one row of table
// write_probe through the writer, so the probe waits behind the queued
// game writes and is committed (and synced) like them.
func (s *Store) CheckWrite(ctx context.Context) error {
	return s.write(ctx, "write probe", func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO write_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`, nanos(time.Now()))
		if err != nil {
			return fmt.Errorf("sqlite: write probe: %w", err)
		}
		return nil
	})
}

// waitUnlocked waits until no other process holds a lock on the database
// at path that stops writes, for at most patience or until ctx ends.
func waitUnlocked(ctx context.Context, path string, patience time.Duration) error {
	if _, err := os.Stat(path); err != nil {
		return nil // a new database, or an error open reports
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		return err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var busy error
	for {
		err := tryWrite(ctx, db)
		if se, ok := errors.AsType[*sqlite.Error](err); ok && se.Code()&0xff == sqlite3.SQLITE_BUSY {
			busy = err
		} else if ctx.Err() == nil || busy == nil {
			return nil // not locked; any other error is open's to report
		}
		select {
		case <-ctx.Done():
			return busy
		case <-tick.C:
		}
	}
}

// tryWrite takes and releases the write lock of db.
func tryWrite(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, "ROLLBACK")
	return err
}

// explainOpen names the cause of err, the failure to open the database at
// path, when it can tell it.
func explainOpen(path string, err error) error {
	code := 0
	if se, ok := errors.AsType[*sqlite.Error](err); ok {
		code = se.Code() & 0xff // the primary result code
	}
	switch code {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return fmt.Errorf("sqlite: the database %s is locked by another process (is another plateau serve using it?): %w", path, err)
	case sqlite3.SQLITE_FULL:
		return fmt.Errorf("sqlite: the disk holding %s is full: %w", path, err)
	case sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("sqlite: %s is not a SQLite database: %w", path, err)
	}
	if f, oerr := os.OpenFile(path, os.O_RDWR, 0); oerr != nil && !errors.Is(oerr, fs.ErrNotExist) {
		if errors.Is(oerr, fs.ErrPermission) || errors.Is(oerr, syscall.EROFS) {
			return fmt.Errorf("sqlite: the database file %s is read-only (%v): the server must be able to write it: %w", path, oerr, err)
		}
	} else if oerr == nil {
		f.Close()
	}
	dir := filepath.Dir(path)
	if f, terr := os.CreateTemp(dir, ".plateau-write-check-*"); terr != nil {
		return fmt.Errorf("sqlite: the directory %s is read-only (%v): SQLite creates the database's -wal and -shm files beside it: %w", dir, terr, err)
	} else {
		f.Close()
		os.Remove(f.Name())
	}
	if code == sqlite3.SQLITE_READONLY {
		return fmt.Errorf("sqlite: the database %s is read-only: %w", path, err)
	}
	return err
}
