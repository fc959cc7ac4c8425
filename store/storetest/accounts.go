package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"plateau/store"
)

// NewAccount returns an account record for tests.
func NewAccount(id, name string) *store.Account {
	return &store.Account{ID: id, Name: name, PasswordHash: "$argon2id$v=19$m=65536,t=1,p=2$c2FsdA$aGFzaA",
		Created: time.Now().UTC().Truncate(time.Millisecond)}
}

func mustCreateAccount(t *testing.T, s store.Store, a *store.Account) {
	t.Helper()
	if err := s.CreateAccount(context.Background(), a); err != nil {
		t.Fatalf("CreateAccount(%s): %v", a.Name, err)
	}
}

func testAccounts(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := NewAccount("a1", "Alice_B")
	mustCreateAccount(t, s, want)
	for _, name := range []string{"Alice_B", "alice_b", "ALICE_B"} {
		got, err := s.AccountByName(ctx, name)
		if err != nil || got.ID != "a1" || got.Name != "Alice_B" || got.PasswordHash != want.PasswordHash || !got.Created.Equal(want.Created) {
			t.Errorf("AccountByName(%s) = %+v, %v; want %+v", name, got, err, want)
		}
	}
	if got, err := s.Account(ctx, "a1"); err != nil || got.Name != "Alice_B" {
		t.Errorf("Account(a1) = %+v, %v", got, err)
	}
	for _, c := range []struct {
		a    *store.Account
		want error
	}{
		{NewAccount("a2", "alice_b"), store.ErrNameTaken},
		{NewAccount("a2", "aLiCe_B"), store.ErrNameTaken},
		{NewAccount("a1", "bob"), store.ErrExists},
	} {
		if err := s.CreateAccount(ctx, c.a); !errors.Is(err, c.want) {
			t.Errorf("CreateAccount(%s, %s) = %v, want %v", c.a.ID, c.a.Name, err, c.want)
		}
	}
	if _, err := s.AccountByName(ctx, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(bob) after its refused creation = %v, want ErrNotFound", err)
	}
	if _, err := s.Account(ctx, "a2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Account(a2) = %v, want ErrNotFound", err)
	}
	mustCreateAccount(t, s, NewAccount("a3", "bob"))
}

func testConcurrentSignUp(t *testing.T, s store.Store) {
	errs := race(8, func(i int) error {
		return s.CreateAccount(context.Background(), NewAccount(fmt.Sprint("c", i), []string{"Carol", "carol", "CAROL", "caRol"}[i%4]))
	})
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, store.ErrNameTaken):
			t.Errorf("concurrent CreateAccount: %v, want nil or ErrNameTaken", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d concurrent sign-ups of one name succeeded, want 1", ok)
	}
}

func testSessions(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a", "anne"))
	mustCreateAccount(t, s, NewAccount("b", "bert"))
	now := time.Now().UTC().Truncate(time.Millisecond)
	sess := func(b byte, account string, expires time.Time) *store.Session {
		return &store.Session{TokenHash: bytes.Repeat([]byte{b}, 32), Account: account, Created: now, LastSeen: now, Expires: expires}
	}
	for _, se := range []*store.Session{sess(1, "a", now.Add(time.Hour)), sess(2, "a", now.Add(time.Hour)),
		sess(3, "b", now.Add(time.Hour)), sess(4, "b", now.Add(-time.Minute))} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatalf("CreateSession(%x): %v", se.TokenHash[0], err)
		}
	}
	if err := s.CreateSession(ctx, sess(1, "b", now)); !errors.Is(err, store.ErrExists) {
		t.Errorf("CreateSession with a taken token = %v, want ErrExists", err)
	}
	if err := s.CreateSession(ctx, sess(9, "nobody", now)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("CreateSession of no account = %v, want ErrNotFound", err)
	}
	got, err := s.Session(ctx, bytes.Repeat([]byte{1}, 32))
	if err != nil || got.Account != "a" || !got.Created.Equal(now) || !got.LastSeen.Equal(now) || !got.Expires.Equal(now.Add(time.Hour)) {
		t.Errorf("Session(1) = %+v, %v", got, err)
	}
	if got, err := s.Session(ctx, bytes.Repeat([]byte{4}, 32)); err != nil || !got.Expires.Equal(now.Add(-time.Minute)) {
		t.Errorf("Session(4), expired = %+v, %v; want it returned", got, err)
	}
	later := now.Add(time.Minute)
	if err := s.TouchSession(ctx, bytes.Repeat([]byte{1}, 32), later, later.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Session(ctx, bytes.Repeat([]byte{1}, 32)); !got.LastSeen.Equal(later) || !got.Expires.Equal(later.Add(2*time.Hour)) || !got.Created.Equal(now) {
		t.Errorf("after TouchSession: %+v", got)
	}
	if err := s.TouchSession(ctx, bytes.Repeat([]byte{8}, 32), later, later); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TouchSession(no such session) = %v, want ErrNotFound", err)
	}
	if n, err := s.DeleteExpiredSessions(ctx, now); err != nil || n != 1 {
		t.Errorf("DeleteExpiredSessions = %d, %v; want 1", n, err)
	}
	if err := s.DeleteSession(ctx, bytes.Repeat([]byte{3}, 32)); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSession(ctx, bytes.Repeat([]byte{3}, 32)); err != nil {
		t.Errorf("DeleteSession of a deleted session = %v, want nil", err)
	}
	if n, err := s.DeleteSessions(ctx, "a"); err != nil || n != 2 {
		t.Errorf("DeleteSessions(a) = %d, %v; want 2", n, err)
	}
	for b := byte(1); b <= 4; b++ {
		if _, err := s.Session(ctx, bytes.Repeat([]byte{b}, 32)); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Session(%d) after the deletions = %v, want ErrNotFound", b, err)
		}
	}
}

func testPlayerGames(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateAccount(t, s, NewAccount("a", "anne"))
	mustCreateAccount(t, s, NewAccount("b", "bert"))
	base := time.Now().UTC().Truncate(time.Millisecond)
	// Games p0..p5, newest last: anne holds seat 0 of the even ones and
	// seat 1 of the odd ones; p0-p3 are finished; bert holds the other
	// seat of p1.
	results := []string{`{"over":true,"results":["win","loss"]}`, `{"over":true,"results":["win","loss"]}`,
		`{"over":true,"results":["draw","draw"]}`, `{"over":true,"results":["loss","win"]}`}
	for i := range 6 {
		g := openGame(fmt.Sprint("p", i))
		g.Created = base.Add(time.Duration(i) * time.Second)
		if i == 4 {
			g.Game = "dames"
		}
		g.Seats[i%2].Account = "a"
		if i == 1 {
			g.Seats[0].Account = "b"
		}
		mustCreate(t, s, g)
		if i < len(results) {
			if err := s.Append(ctx, g.ID, nil, &store.Update{Status: store.StatusFinished, Result: json.RawMessage(results[i])}); err != nil {
				t.Fatal(err)
			}
		}
	}
	mustCreate(t, s, NewGame("other"))
	for _, c := range []struct {
		f    store.PlayerFilter
		want string
	}{
		{store.PlayerFilter{Account: "a"}, "p5 p4 p3 p2 p1 p0"},
		{store.PlayerFilter{Account: "a", Limit: 2}, "p5 p4"},
		{store.PlayerFilter{Account: "a", Limit: 2, Offset: 2}, "p3 p2"},
		{store.PlayerFilter{Account: "a", Offset: 5}, "p0"},
		{store.PlayerFilter{Account: "a", Game: "dames"}, "p4"},
		{store.PlayerFilter{Account: "a", Game: "shutbox"}, "p5 p3 p2 p1 p0"},
		{store.PlayerFilter{Account: "a", Result: store.Win}, "p3 p0"},
		{store.PlayerFilter{Account: "a", Result: store.Loss}, "p1"},
		{store.PlayerFilter{Account: "a", Result: store.Draw}, "p2"},
		{store.PlayerFilter{Account: "a", Result: store.Win, Game: "dames"}, ""},
		{store.PlayerFilter{Account: "a", Running: true}, "p5 p4"},
		{store.PlayerFilter{Account: "a", Running: true, Game: "dames"}, "p4"},
		{store.PlayerFilter{Account: "b", Running: true}, ""},
		{store.PlayerFilter{Account: "b"}, "p1"},
		{store.PlayerFilter{Account: "b", Result: store.Win}, "p1"},
		{store.PlayerFilter{Account: "nobody"}, ""},
	} {
		gs, err := s.PlayerGames(ctx, c.f)
		if err != nil {
			t.Errorf("PlayerGames(%+v): %v", c.f, err)
			continue
		}
		var ids []string
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
		if got := fmt.Sprint(ids); got != "["+c.want+"]" {
			t.Errorf("PlayerGames(%+v) = %s, want [%s]", c.f, got, c.want)
		}
	}
	gs, _ := s.PlayerGames(ctx, store.PlayerFilter{Account: "b"})
	if len(gs) != 1 || len(gs[0].Seats) != 2 || gs[0].Seats[0].Name != "bert" || gs[0].Seats[1].Name != "anne" {
		t.Errorf("PlayerGames(b) = %+v, want p1 with its seats' names", gs)
	}
}
