package sqlite_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"plateau/store"
	"plateau/store/sqlite"
	"plateau/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "sub", "plateau.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestReopenKeepsData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, storetest.NewGame("x")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "x", []store.Event{{Seq: 1, Kind: "move", Notation: "a"}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.PutReview(ctx, "x", "exact solver", json.RawMessage(`{"game":"shutbox"}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = sqlite.Open(ctx, path) // migrations run again: a no-op
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if evs, err := s.Events(ctx, "x", 0); err != nil || len(evs) != 1 || evs[0].Notation != "a" {
		t.Errorf("after reopen: %+v, %v", evs, err)
	}
	if r, err := s.Review(ctx, "x"); err != nil || r.Engine != "exact solver" || string(r.Report) != `{"game":"shutbox"}` {
		t.Errorf("review after reopen: %+v, %v", r, err)
	}
}

func TestTournaments(t *testing.T) {
	storetest.RunTournaments(t, func(t *testing.T) storetest.TournamentStore {
		s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}
