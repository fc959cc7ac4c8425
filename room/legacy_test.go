package room_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"plateau/games"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// legacySeat and legacyGame are a game as testdata/legacy/legacy.golden.json
// records it: replayed by main at de39ecc, before seat events (see
// testdata/legacy/gen).
type legacySeat struct {
	Kind, Level, TokenHash, Account string
	Joined, Open                    bool
}

type legacyGame struct {
	ID, Game, Status, Position string
	Version                    int64
	Moves, Draw, Undo          int
	Seats                      []legacySeat
}

// openLegacy opens a copy of the database made by main at de39ecc,
// migrated to seat events (migration 00690) by the opening, and returns it
// with the games it holds as they replayed then.
func openLegacy(t *testing.T) (store.Store, []legacyGame) {
	t.Helper()
	b, err := os.ReadFile("testdata/legacy/legacy.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "legacy.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open and migrate the legacy database: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	var want []legacyGame
	b, err = os.ReadFile("testdata/legacy/legacy.golden.json")
	if err == nil {
		err = json.Unmarshal(b, &want)
	}
	if err != nil || len(want) == 0 {
		t.Fatalf("the golden file: %d games, %v", len(want), err)
	}
	return st, want
}

// Every game of a database made before seat events replays, once
// migrated, to the position, version, offers, status and seats it
// replayed to before.
func TestLegacyDatabaseReplays(t *testing.T) {
	st, want := openLegacy(t)
	ctx := context.Background()
	for _, w := range want {
		g, err := st.Game(ctx, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := st.Events(ctx, w.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		p, err := room.Replay(games.Registry(), g, evs)
		if err != nil {
			t.Errorf("game %s (%s) does not replay: %v", w.ID, w.Game, err)
			continue
		}
		got := legacyGame{ID: w.ID, Game: g.Game, Status: p.Rec.Status, Position: p.State.Position(), Version: p.Version,
			Moves: len(p.Moves), Draw: p.Draw, Undo: p.Undo}
		for _, s := range p.Rec.Seats {
			got.Seats = append(got.Seats, legacySeat{Kind: s.Kind, Level: s.Level, TokenHash: hex.EncodeToString(s.TokenHash),
				Account: s.Account, Joined: s.Joined, Open: s.Open})
		}
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(w)
		if string(gb) != string(wb) {
			t.Errorf("game %s replays to\n%s\nwant\n%s", w.ID, gb, wb)
		}
		if msg := projectionError(ctx, st, w.ID); msg != "" {
			t.Error(msg)
		}
	}
}

// A migrated game goes on with seat events: its open seat is claimed and
// joined, a seat given to an account, and the record stays the log's.
func TestLegacyGameGoesOn(t *testing.T) {
	st, want := openLegacy(t)
	ctx := context.Background()
	var open string // the game with an open seat never claimed
	for _, w := range want {
		if len(w.Seats) == 2 && w.Seats[1].Open && w.Seats[1].TokenHash == "" {
			open = w.ID
		}
	}
	if open == "" {
		t.Fatal("the legacy database has no game with an open seat")
	}
	checked := &projected{Store: st}
	defer checked.report(t)
	m := room.NewManager(room.Options{Store: checked, Games: games.Registry(), Log: quiet})
	defer m.Close()
	r, err := m.Acquire(ctx, open)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release(r)
	tok, ref := r.Claim(ctx, 1)
	if ref != nil {
		t.Fatal(ref)
	}
	sub := room.NewSub(64)
	if _, ref := r.Join(ctx, sub, 0, []string{tok}); ref != nil {
		t.Fatal(ref)
	}
	g, err := st.Game(ctx, open)
	if err != nil || g.Status != store.StatusLive || !g.Seats[1].Joined || g.Version != 2 || !g.Start[1].Claimable() {
		t.Fatalf("after the claim and the join: %+v, %v; want live at version 2, seat 1 joined, its start seat open", g, err)
	}
	if msg := projectionError(ctx, st, open); msg != "" {
		t.Error(msg)
	}
}
