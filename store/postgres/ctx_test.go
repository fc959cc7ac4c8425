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
