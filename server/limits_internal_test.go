package server

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"plateau/store/sqlite"
)

// The counts of addresses not seen for the stale time are dropped, so
// that many addresses do not grow the map for ever.
func TestCreationsForgetOldAddresses(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now()
	c := newCreations(Options{Store: st, GamesPerMinute: 5, LiveGames: 5, StaleGame: time.Hour, Now: func() time.Time { return now }})
	for i := range 1000 {
		r, err := c.admit(ctx, fmt.Sprintf("198.51.%d.%d", i/256, i%256))
		if err != nil {
			t.Fatal(err)
		}
		r.done(fmt.Sprintf("game%d", i)) // a game that stays live (it is not even stored)
	}
	now = now.Add(30 * time.Minute)
	if _, err := c.admit(ctx, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if n := len(c.addrs); n != 1001 {
		t.Errorf("after 30 minutes: %d addresses counted, want 1001 (their games may be live)", n)
	}
	now = now.Add(time.Hour)
	if _, err := c.admit(ctx, "192.0.2.2"); err != nil {
		t.Fatal(err)
	}
	if n := len(c.addrs); n != 2 {
		t.Errorf("after the stale time: %d addresses counted, want 2", n)
	}
}
