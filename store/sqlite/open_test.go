package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"plateau/store/sqlite"
)

// mustCreateDB creates a database at path and closes it.
func mustCreateDB(t *testing.T, path string) {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestOpenMissingDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := sqlite.Open(context.Background(), filepath.Join(file, "data", "plateau.db"))
	if err == nil || !strings.Contains(err.Error(), "directory "+filepath.Join(file, "data")+" of the database is missing and cannot be created") {
		t.Errorf("Open under a regular file: %v, want the missing directory named", err)
	}
}

func TestOpenLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	mustCreateDB(t, path)
	other, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, "ROLLBACK")
	start := time.Now()
	octx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	_, err = sqlite.Open(octx, path)
	t.Logf("after %v: %v", time.Since(start), err)
	if err == nil || !strings.Contains(err.Error(), "is locked by another process") {
		t.Errorf("Open of a locked database: %v, want it named locked", err)
	}
}

// readOnlyEnv names, in the environment of the child process of
// TestOpenReadOnly, the database it opens.
const readOnlyEnv = "PLATEAU_TEST_OPEN_READONLY"

func TestOpenReadOnly(t *testing.T) {
	if path := os.Getenv(readOnlyEnv); path != "" { // the child: report Open's error
		_, err := sqlite.Open(context.Background(), path)
		fmt.Printf("open error: %v\n", err)
		return
	}
	for _, tt := range []struct {
		name, want string
		chmod      func(dir, path string) error
	}{
		{"file", "the database file %[1]s is read-only", func(dir, path string) error { return os.Chmod(path, 0o444) }},
		{"directory", "the directory %[2]s is read-only", func(dir, path string) error {
			return errors.Join(os.Chmod(path, 0o666), os.Chmod(dir, 0o555))
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			path := filepath.Join(dir, "p.db")
			mustCreateDB(t, path)
			t.Cleanup(func() { os.Chmod(dir, 0o755) }) // let the cleanup remove the files
			if err := tt.chmod(dir, path); err != nil {
				t.Fatal(err)
			}
			got := openUnprivileged(t, path)
			if want := fmt.Sprintf(tt.want, path, dir); !strings.Contains(got, want) {
				t.Errorf("Open: %s, want %q", got, want)
			}
		})
	}
}

// openUnprivileged returns the error of opening path as a user without
// the power to write every file: the test itself, or when it runs as root
// (who writes read-only files) a copy of the test binary run as nobody.
func openUnprivileged(t *testing.T, path string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		_, err := sqlite.Open(context.Background(), path)
		return fmt.Sprint(err)
	}
	// nobody must reach the database and the binary: open the directories.
	for d := filepath.Dir(filepath.Dir(path)); d != filepath.Dir(d) && strings.HasPrefix(d, os.TempDir()); d = filepath.Dir(d) {
		if d != os.TempDir() {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	bin := filepath.Join(filepath.Dir(filepath.Dir(path)), "sqlite.test")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestOpenReadOnly$", "-test.count=1")
	cmd.Env = append(os.Environ(), readOnlyEnv+"="+path)
	cmd.Dir = filepath.Dir(bin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the test run as nobody: %v\n%s", err, out)
	}
	_, got, ok := strings.Cut(string(out), "open error: ")
	if !ok {
		t.Fatalf("the test run as nobody said:\n%s", out)
	}
	return strings.TrimSpace(strings.SplitN(got, "\n", 2)[0])
}
