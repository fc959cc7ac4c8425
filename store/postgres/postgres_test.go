package postgres_test

import (
	"context"
	"encoding/json"
	"testing"

	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
	"plateau/store/storetest"
)

func open(t *testing.T, url string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
}

func TestReopenKeepsData(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	s := open(t, url)
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
	s = open(t, url) // migrations run again: a no-op
	defer s.Close()
	if evs, err := s.Events(ctx, "x", 0); err != nil || len(evs) != 1 || evs[0].Notation != "a" {
		t.Errorf("after reopen: %+v, %v", evs, err)
	}
	if r, err := s.Review(ctx, "x"); err != nil || r.Engine != "exact solver" || string(r.Report) != `{"game":"shutbox"}` {
		t.Errorf("review after reopen: %+v, %v", r, err)
	}
}

func TestTournaments(t *testing.T) {
	storetest.RunTournaments(t, func(t *testing.T) storetest.TournamentStore { return open(t, pgtest.URL(t)) })
}
