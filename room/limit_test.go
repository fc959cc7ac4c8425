package room

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"plateau/games"
	"plateau/store"
	"plateau/store/sqlite"
)

func TestMaxRoomsUnloadsTheLeastRecentlyUsed(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := NewManager(Options{Store: st, Games: games.Registry(), MaxRooms: 2, IdleTimeout: time.Hour,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer m.Close()
	var ids []string
	for range 3 {
		rec, err := NewGameRecord("dames", nil, false, []store.Seat{{Kind: store.Human}, {Kind: store.Human}})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rec.ID)
	}
	acquire := func(id string) (*Room, error) {
		t.Helper()
		return m.Acquire(ctx, id)
	}
	a, err := acquire(ids[0])
	if err != nil {
		t.Fatal(err)
	}
	m.Release(a)
	b, err := acquire(ids[1])
	if err != nil {
		t.Fatal(err)
	}
	m.Release(b)
	c, err := acquire(ids[2]) // a is the least recently used: unloaded
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-a.done:
	case <-ctx.Done():
		t.Fatal("the least recently used room did not stop")
	}
	m.mu.Lock()
	_, aLoaded := m.rooms[ids[0]]
	_, bLoaded := m.rooms[ids[1]]
	m.mu.Unlock()
	if aLoaded || !bLoaded || m.Live() != 2 {
		t.Errorf("after loading a third room: a loaded %v, b loaded %v, %d rooms; want b and c", aLoaded, bLoaded, m.Live())
	}
	// b and c in use: no room for a.
	if b, err = acquire(ids[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := acquire(ids[0]); !errors.Is(err, ErrTooManyRooms) {
		t.Errorf("a third room while two are in use: %v, want ErrTooManyRooms", err)
	}
	m.Release(c)
	a, err = acquire(ids[0]) // c is free again: unloaded for a
	if err != nil {
		t.Fatalf("once a room is free: %v", err)
	}
	m.Release(a)
	m.Release(b)
}
