package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"plateau/store"
	"plateau/store/storetest"
)

func openTest(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Calls with a cancelled context: storetest's CancelledContext.

// TestCancelledWhileQueued: a write whose context ends while it waits for
// the writer is not made, and says so; the write committed with it in the
// same group is not disturbed.
func TestCancelledWhileQueued(t *testing.T) {
	s := openTest(t)
	bg := context.Background()
	// Hold the writer inside the first commit's hook.
	hold, held := make(chan struct{}), make(chan struct{})
	first := true
	s.OnCommit = func(int, time.Duration) {
		if first {
			first = false
			close(held)
			<-hold
		}
	}
	firstDone := make(chan error, 1)
	go func() { firstDone <- s.Create(bg, storetest.NewGame("first")) }()
	<-held

	ctx, cancel := context.WithCancel(bg)
	queuedDone := make(chan error, 1)
	go func() { queuedDone <- s.Create(ctx, storetest.NewGame("queued")) }()
	otherDone := make(chan error, 1)
	go func() { otherDone <- s.Create(bg, storetest.NewGame("other")) }()
	// Wait until both writes are queued behind the held commit.
	deadline := time.Now().Add(5 * time.Second)
	for len(s.reqs) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d writes queued after 5s, want 2", len(s.reqs))
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	close(hold)

	if err := <-firstDone; err != nil {
		t.Fatalf("first write: %v", err)
	}
	if err := <-queuedDone; !errors.Is(err, context.Canceled) {
		t.Errorf("write cancelled in the queue: %v, want context.Canceled wrapped", err)
	}
	if err := <-otherDone; err != nil {
		t.Errorf("write queued with it: %v", err)
	}
	for id, want := range map[string]error{"first": nil, "other": nil, "queued": store.ErrNotFound} {
		if _, err := s.Game(bg, id); !errors.Is(err, want) {
			t.Errorf("game %s: %v, want %v", id, err, want)
		}
	}
}
