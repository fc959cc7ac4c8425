package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestGroupWindow: writes that find others waiting share a transaction
// held open for more (a write arriving within the window joins it); a
// write on an idle store commits at once.
func TestGroupWindow(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const window = time.Second
	s.window = window
	var mu sync.Mutex
	var batches []int
	s.OnCommit = func(n int, _ time.Duration) {
		mu.Lock()
		batches = append(batches, n)
		mu.Unlock()
	}
	nop := func(*sql.Tx) error { return nil }

	start := time.Now()
	if err := s.write(ctx, "lone write", nop); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d >= window/2 {
		t.Errorf("a write on an idle store took %v: it waited for the window", d)
	}

	// Hold the writer in a commit while three writes queue behind it.
	blocked, release := make(chan struct{}), make(chan struct{})
	errs := make(chan error, 5)
	go func() {
		errs <- s.write(ctx, "blocker", func(*sql.Tx) error { close(blocked); <-release; return nil })
	}()
	<-blocked
	for range 3 {
		go func() { errs <- s.write(ctx, "queued write", nop) }()
	}
	for len(s.reqs) < 3 {
		time.Sleep(time.Millisecond)
	}
	close(release)
	time.Sleep(window / 10) // the three are taken, their transaction held
	go func() { errs <- s.write(ctx, "late write", nop) }()
	for range 5 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []int{1, 1, 4}; !slices.Equal(batches, want) {
		t.Errorf("writes per commit %v, want %v (the late write joins the held transaction)", batches, want)
	}
}
