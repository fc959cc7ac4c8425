package postgres_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
	"plateau/store/storetest"
)

// TestCancelledContextStopsEveryCall: each call with a cancelled context
// returns its error wrapped and writes nothing.
func TestCancelledContextStopsEveryCall(t *testing.T) {
	s := open(t, pgtest.URL(t))
	defer s.Close()
	bg := context.Background()
	if err := s.Create(bg, storetest.NewGame("g")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	calls := []struct {
		name string
		call func() error
	}{
		{"Create", func() error { return s.Create(ctx, storetest.NewGame("h")) }},
		{"Append", func() error {
			return s.Append(ctx, "g", []store.Event{{Seq: 1, Kind: "move", Notation: "a"}}, nil)
		}},
		{"Claim", func() error { return s.Claim(ctx, "g", 1, []byte{7}) }},
		{"Game", func() error { _, err := s.Game(ctx, "g"); return err }},
		{"List", func() error { _, err := s.List(ctx, store.Filter{}); return err }},
		{"Events", func() error { _, err := s.Events(ctx, "g", 0); return err }},
		{"DeleteStale", func() error { _, err := s.DeleteStale(ctx, time.Now().Add(time.Hour)); return err }},
		{"CheckWrite", func() error { return s.CheckWrite(ctx) }},
	}
	for _, c := range calls {
		err := c.call()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled wrapped", c.name, err)
		} else if !strings.HasPrefix(err.Error(), "postgres: ") {
			t.Errorf("%s: %v does not say what failed", c.name, err)
		}
	}
	if _, err := s.Game(bg, "h"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("game h after a cancelled Create: %v, want not found", err)
	}
	g, err := s.Game(bg, "g")
	if err != nil {
		t.Fatal(err)
	}
	if g.Version != 0 || len(g.Seats[1].TokenHash) != 0 {
		t.Errorf("after cancelled calls: version %d, seat 1 token %x; want 0 and none", g.Version, g.Seats[1].TokenHash)
	}
}

// TestDeadlineStopsAWaitingAppend: an Append waiting for the game's row,
// locked by another transaction, stops at its deadline and writes nothing.
func TestDeadlineStopsAWaitingAppend(t *testing.T) {
	url := pgtest.URL(t)
	s := open(t, url)
	defer s.Close()
	bg := context.Background()
	if err := s.Create(bg, storetest.NewGame("g")); err != nil {
		t.Fatal(err)
	}
	locker := open(t, url)
	defer locker.Close()
	release, err := postgres.LockGame(bg, locker, "g")
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithTimeout(bg, 200*time.Millisecond)
	defer cancel()
	err = s.Append(ctx, "g", []store.Event{{Seq: 1, Kind: "move", Notation: "a"}}, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Append behind a lock past its deadline: %v, want context.DeadlineExceeded wrapped", err)
	}
	release()
	if evs, err := s.Events(bg, "g", 0); err != nil || len(evs) != 0 {
		t.Errorf("events after the stopped Append: %v, %v; want none", evs, err)
	}
}

// TestOpenErrorNamesTheDatabase: a connection that fails names the host
// and the database, never the password.
func TestOpenErrorNamesTheDatabase(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// Port 1 of loopback: nothing listens there.
	_, err := postgres.Open(ctx, "postgres://alice:s3cret@127.0.0.1:1/gamesdb?connect_timeout=5")
	if err == nil {
		t.Fatal("Open of a closed port: nil error")
	}
	msg := err.Error()
	for _, want := range []string{"cannot connect", `"gamesdb"`, "127.0.0.1:1", `"alice"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not name %s", msg, want)
		}
	}
	if strings.Contains(msg, "s3cret") {
		t.Errorf("error %q shows the password", msg)
	}
	_, err = postgres.Open(ctx, "postgres://alice:s3cret@127.0.0.1:notaport/gamesdb")
	if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "bad database URL") {
		t.Errorf("Open of a bad URL: %v; want a bad URL error without the password", err)
	}
}
