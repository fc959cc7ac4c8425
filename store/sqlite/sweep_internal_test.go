package sqlite

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/store"
)

func (s *Store) pragma(t *testing.T, name string) int64 {
	t.Helper()
	var n int64
	if err := s.r.QueryRow("PRAGMA " + name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDeleteStaleReclaimsSpace checks that a new database gives the pages
// of deleted games back to the file system.
func TestDeleteStaleReclaimsSpace(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if mode := s.pragma(t, "auto_vacuum"); mode != 2 {
		t.Fatalf("auto_vacuum = %d, want 2 (incremental)", mode)
	}
	var wg sync.WaitGroup
	for i := range 300 {
		wg.Go(func() {
			now := time.Now()
			g := &store.Game{ID: fmt.Sprintf("g%03d", i), Game: "shutbox", Variant: map[string]string{"note": strings.Repeat("x", 2000)},
				Seats: []store.Seat{{Kind: store.Human, TokenHash: bytes.Repeat([]byte{1}, 32)}}, Status: store.StatusOpen,
				DiceSeed: bytes.Repeat([]byte{9}, 32), Created: now, Updated: now}
			if err := s.Create(ctx, g); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	full := s.pragma(t, "page_count")
	n, err := s.DeleteStale(ctx, time.Now().Add(time.Hour))
	if err != nil || n != 300 {
		t.Fatalf("DeleteStale = %d, %v", n, err)
	}
	if free, pages := s.pragma(t, "freelist_count"), s.pragma(t, "page_count"); free != 0 || pages >= full/2 {
		t.Errorf("after deleting every game: %d pages (%d before), %d free; want the pages given back", pages, full, free)
	}
}
