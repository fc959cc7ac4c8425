package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"plateau/store"
)

// AppendSeatEvent appends to game id, at its version + 1, a seat event
// of kind (store.KindJoin, KindClaim, KindAccount) for seat with data d.
func AppendSeatEvent(ctx context.Context, s store.Store, id, kind string, seat int, d store.SeatData) error {
	g, err := s.Game(ctx, id)
	if err != nil {
		return err
	}
	return s.Append(ctx, id, []store.Event{SeatEvent(g.Version+1, kind, seat, d)}, nil)
}

// SeatEvent returns the seat event of seq.
func SeatEvent(seq int64, kind string, seat int, d store.SeatData) store.Event {
	e := store.Event{Seq: seq, Kind: kind, Player: seat}
	if len(d.TokenHash) > 0 || d.Account != "" {
		b, err := json.Marshal(d)
		if err != nil {
			panic(fmt.Sprintf("seat data %+v: %v", d, err))
		}
		e.Data = b
	}
	return e
}

// testJoin: a join event marks its seat joined, and only it; the seats
// the log starts from stay as created.
func testJoin(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := NewGame("j")
	g.Seats[1] = store.Seat{Kind: store.Human, TokenHash: bytes.Repeat([]byte{2}, 32)}
	mustCreate(t, s, g)
	if err := s.Append(ctx, "j", []store.Event{SeatEvent(1, store.KindJoin, 0, store.SeatData{})}, &store.Update{Status: store.StatusLive}); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game(ctx, "j")
	if !got.Seats[0].Joined || got.Seats[1].Joined || got.Status != store.StatusLive || got.Version != 1 {
		t.Errorf("after the join of seat 0: %+v", got)
	}
	if len(got.Start) != 2 || got.Start[0].Joined || got.Start[1].Joined || !bytes.Equal(got.Start[1].TokenHash, g.Seats[1].TokenHash) {
		t.Errorf("start seats after a join = %+v, want them as created", got.Start)
	}
	if err := s.Append(ctx, "j", []store.Event{SeatEvent(2, store.KindJoin, 2, store.SeatData{})}, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("join of seat 2 of 2: %v, want ErrNotFound", err)
	}
	if got, _ := s.Game(ctx, "j"); got.Version != 1 {
		t.Errorf("a refused seat event was written: version %d", got.Version)
	}
}

func testClaim(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, openGame("o"))
	g, err := s.Game(ctx, "o")
	if err != nil {
		t.Fatal(err)
	}
	if g.Seats[0].Open || g.Seats[0].Claimable() || !g.Seats[1].Open || !g.Seats[1].Claimable() || len(g.Seats[1].TokenHash) != 0 {
		t.Fatalf("seats before the claim = %+v; want seat 1 open and claimable", g.Seats)
	}
	hash := bytes.Repeat([]byte{7}, 32)
	if err := AppendSeatEvent(ctx, s, "o", store.KindClaim, 1, store.SeatData{TokenHash: hash}); err != nil {
		t.Fatalf("claim of seat 1 = %v", err)
	}
	g, _ = s.Game(ctx, "o")
	if !g.Seats[1].Open || g.Seats[1].Claimable() || !bytes.Equal(g.Seats[1].TokenHash, hash) || g.Seats[1].Joined || g.Version != 1 {
		t.Errorf("after the claim: version %d, seat 1 %+v; want version 1, open, claimed with the hash, not joined", g.Version, g.Seats[1])
	}
	if !g.Start[1].Claimable() {
		t.Errorf("start seat 1 after the claim = %+v, want it claimable, as created", g.Start[1])
	}
	for _, c := range []struct {
		id   string
		seat int
		want error
	}{
		{"o", 1, store.ErrSeatTaken},
		{"o", 0, store.ErrSeatNotOpen},
		{"o", 2, store.ErrNotFound},
		{"nope", 0, store.ErrNotFound},
	} {
		if err := AppendSeatEvent(ctx, s, c.id, store.KindClaim, c.seat, store.SeatData{TokenHash: bytes.Repeat([]byte{8}, 32)}); !errors.Is(err, c.want) {
			t.Errorf("claim of seat %d of %s = %v, want %v", c.seat, c.id, err, c.want)
		}
	}
	if err := s.Append(ctx, "o", []store.Event{SeatEvent(2, store.KindClaim, 1, store.SeatData{})}, nil); err == nil {
		t.Error("a claim without a token hash was appended")
	}
	g, _ = s.Game(ctx, "o")
	if !bytes.Equal(g.Seats[1].TokenHash, hash) || !bytes.Equal(g.Seats[0].TokenHash, bytes.Repeat([]byte{1}, 32)) || g.Version != 1 {
		t.Errorf("refused claims changed the game: version %d, seats %+v", g.Version, g.Seats)
	}
}

// testConcurrentClaim: of claims racing at one version, one wins; the
// others are version conflicts.
func testConcurrentClaim(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, openGame("oc"))
	errs := race(8, func(i int) error {
		return s.Append(ctx, "oc", []store.Event{SeatEvent(1, store.KindClaim, 1, store.SeatData{TokenHash: bytes.Repeat([]byte{byte(10 + i)}, 32)})}, nil)
	})
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won >= 0:
			t.Errorf("claims %d and %d of the same seat both succeeded", won, i)
		case err == nil:
			won = i
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("racing claim = %v, want nil or ErrConflict", err)
		}
	}
	if won < 0 {
		t.Fatal("no racing claim succeeded")
	}
	if g, _ := s.Game(ctx, "oc"); !bytes.Equal(g.Seats[1].TokenHash, bytes.Repeat([]byte{byte(10 + won)}, 32)) {
		t.Errorf("seat 1's token hash is not the winner's: %x", g.Seats[1].TokenHash)
	}
}

func testSeatAccounts(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a", "anne"))
	mustCreateAccount(t, s, NewAccount("b", "bert"))
	g := openGame("g")
	g.Seats[0].Account = "a"
	mustCreate(t, s, g)
	got, err := s.Game(ctx, "g")
	if err != nil || got.Seats[0].Account != "a" || got.Seats[0].Name != "anne" || got.Seats[1].Account != "" || got.Seats[1].Name != "" {
		t.Fatalf("Game(g) seats = %+v, %v; want seat 0 anne's", got.Seats, err)
	}
	mustCreate(t, s, NewGame("ai")) // seat 1 is an AI
	for _, c := range []struct {
		game    string
		seat    int
		account string
		want    error
	}{
		{"g", 1, "b", nil},
		{"g", 1, "b", nil}, // again: changes nothing
		{"g", 0, "a", nil},
		{"g", 0, "b", store.ErrSeatTaken},
		{"g", 1, "a", store.ErrSeatTaken},
		{"g", 2, "a", store.ErrNotFound},
		{"nope", 0, "a", store.ErrNotFound},
		{"ai", 0, "nobody", store.ErrNotFound},
		{"ai", 1, "a", store.ErrSeatTaken},
	} {
		err := AppendSeatEvent(ctx, s, c.game, store.KindAccount, c.seat, store.SeatData{Account: c.account})
		if !errors.Is(err, c.want) && (err != nil || c.want != nil) {
			t.Errorf("account event (%s, %d, %s) = %v, want %v", c.game, c.seat, c.account, err, c.want)
		}
	}
	got, _ = s.Game(ctx, "g")
	if got.Seats[0].Name != "anne" || got.Seats[1].Account != "b" || got.Seats[1].Name != "bert" || got.Version != 3 {
		t.Errorf("after the account events: version %d, seats %+v", got.Version, got.Seats)
	}
	if got.Start[0].Account != "a" || got.Start[0].Name != "anne" || got.Start[1].Account != "" || got.Start[1].Name != "" {
		t.Errorf("start seats after the account events = %+v, want them as created", got.Start)
	}
	gs, err := s.List(ctx, store.Filter{})
	if err != nil || len(gs) != 2 {
		t.Fatalf("List = %d games, %v", len(gs), err)
	}
	for _, g := range gs {
		if g.ID == "g" && (g.Seats[0].Name != "anne" || g.Seats[1].Name != "bert") {
			t.Errorf("List: seats of g = %+v, want the names", g.Seats)
		}
	}
}
