package egdb

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"sync"
)

// embedded4 is every material of 2 to 4 pieces, as written by
// "plateau egdb dames --pieces 4 --out ai/dames/egdb/egdb4.bin" (the same
// file again: the build is deterministic).
//
//go:embed egdb4.bin
var embedded4 []byte

var readBuiltIn = sync.OnceValues(func() (*DB, error) {
	db, err := Read(bytes.NewReader(embedded4))
	if err != nil {
		return nil, fmt.Errorf("egdb: the embedded egdb4.bin: %w", err)
	}
	return db, nil
})

var fromEnv = sync.OnceValues(func() (*DB, error) {
	path := os.Getenv(EnvVar)
	if path == "" {
		return BuiltIn()
	}
	return Open(path)
})

// EnvVar names the environment variable that gives Default a database
// file to read instead of the built-in one (written by plateau egdb, for
// example with the endgames of five kings).
const EnvVar = "PLATEAU_EGDB"

// Default returns the database the program plays with: the file named by
// the environment variable PLATEAU_EGDB when set, the built-in one
// otherwise, read at the first call and shared.
func Default() (*DB, error) { return fromEnv() }

// BuiltIn returns the database of every position of 2 to 4 pieces kept in
// the program, read at the first call (12 MiB of memory) and shared by
// every caller: a DB is not changed by probing.
func BuiltIn() (*DB, error) { return readBuiltIn() }
