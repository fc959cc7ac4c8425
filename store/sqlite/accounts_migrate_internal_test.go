package sqlite

import (
	"context"
	"testing"

	"plateau/store"
)

// TestMigrationAccounts opens a database made before the accounts
// (migration 200) with a game: its seats are guests' seats, and they can
// be given to an account.
func TestMigrationAccounts(t *testing.T) {
	ctx := context.Background()
	path := oldDB(t, 6,
		`INSERT INTO games (id, game, variant, status, dice_seed, created, updated) VALUES ('g', 'dames', '{}', 'live', x'00', 1, 1)`,
		`INSERT INTO seats (game_id, seat, kind, token_hash, joined) VALUES ('g', 0, 'human', x'01', 1), ('g', 1, 'human', x'02', 1)`)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Game(ctx, "g")
	if err != nil || len(g.Seats) != 2 || g.Seats[0].Account != "" || g.Seats[1].Name != "" {
		t.Fatalf("after the migration, game g: %+v, %v; want two guests' seats", g, err)
	}
	if err := s.CreateAccount(ctx, &store.Account{ID: "a", Name: "Ana", PasswordHash: "x"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g", []store.Event{{Seq: 1, Kind: store.KindAccount, Player: 1, Data: []byte(`{"account":"a"}`)}}, nil); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(ctx, "g"); g.Seats[1].Name != "Ana" || g.Start[1].Account != "" {
		t.Errorf("seat 1 after its account event: %+v, start %+v", g.Seats[1], g.Start[1])
	}
}
