package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
	"plateau/store/storetest"
)

// Two instances on one database: the lease goes to one at a time, with a
// token that grows when the owner changes, and an append fenced by a lost
// lease writes nothing.
func TestLease(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := open(t, url), open(t, url)
	defer a.Close()
	defer b.Close()
	if err := a.Create(ctx, storetest.NewGame("g")); err != nil {
		t.Fatal(err)
	}
	const ttl = 500 * time.Millisecond
	lease := func(owner string) (int64, bool) {
		got, err := a.Lease(ctx, owner, []string{"g", "unknown"}, ttl)
		if err != nil {
			t.Fatalf("lease for %s: %v", owner, err)
		}
		if len(got) > 1 {
			t.Errorf("leases %v of an unknown game", got)
		}
		tok, ok := got["g"]
		return tok, ok
	}
	steps := []struct {
		name   string
		owner  string
		wantOK bool
		token  int64
	}{
		{"a takes the free lease", "a", true, 1},
		{"b cannot take a's lease", "b", false, 0},
		{"a renews, same token", "a", true, 1},
	}
	for _, st := range steps {
		if tok, ok := lease(st.owner); ok != st.wantOK || tok != st.token {
			t.Errorf("%s: held %v with token %d, want %v with %d", st.name, ok, tok, st.wantOK, st.token)
		}
	}
	renewed := time.Now()
	// b gets the lease once it has expired, not before.
	for {
		tok, ok := lease("b")
		if ok {
			if d := time.Since(renewed); d < ttl-50*time.Millisecond || tok != 2 {
				t.Errorf("b took the lease %v after a's renewal with token %d, want after %v with token 2", d, tok, ttl)
			}
			break
		}
		if time.Since(renewed) > 10*ttl {
			t.Fatalf("b has not taken the lease %v after a's renewal", time.Since(renewed))
		}
		time.Sleep(10 * time.Millisecond) // polling
	}
	if tok, ok := lease("a"); ok {
		t.Errorf("a took back b's lease (token %d)", tok)
	}
	// a's fenced append (token 1) is refused; b's (token 2) goes through.
	ev := []store.Event{{Seq: 1, Kind: "move", Notation: "x"}}
	if err := a.AppendFenced(ctx, "g", "a", 1, ev, nil); !errors.Is(err, store.ErrFenced) {
		t.Errorf("append fenced by a lost lease: %v, want ErrFenced", err)
	}
	if err := b.AppendFenced(ctx, "g", "b", 2, ev, nil); err != nil {
		t.Errorf("append fenced by the held lease: %v", err)
	}
	if err := b.AppendFenced(ctx, "g", "b", 2, ev, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("fenced append at a stale version: %v, want ErrConflict", err)
	}
	// Given up, the lease is a's at once.
	if err := b.Unlease(ctx, "b", []string{"g"}); err != nil {
		t.Fatal(err)
	}
	if got, err := a.Lease(ctx, "a", []string{"g"}, ttl); err != nil || got["g"] != 3 {
		t.Errorf("lease after b gave it up: %v, %v; want token 3", got, err)
	}
}

// Every append, claim and seat given to an account on one instance is
// heard by another's listener, which reconnects when its connection is
// cut; Versions reads the games' versions.
func TestListen(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	url := pgtest.URL(t)
	a, b := open(t, url), open(t, url)
	defer a.Close()
	defer b.Close()
	notes := make(chan store.Note, 16)
	lctx, lcancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Listen(lctx, func(n store.Note) { notes <- n }) }()
	next := func() store.Note {
		select {
		case n := <-notes:
			return n
		case <-ctx.Done():
			t.Fatal("no notification")
			return store.Note{}
		}
	}
	if n := next(); n != (store.Note{}) {
		t.Fatalf("first note %+v, want the resync note", n)
	}
	g := storetest.NewGame("g")
	g.Seats[1] = store.Seat{Kind: store.Human, Open: true}
	if err := a.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, "g", []store.Event{{Seq: 1, Kind: "move"}, {Seq: 2, Kind: "move"}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, "g", nil, &store.Update{Status: store.StatusLive}); err != nil { // the record alone
		t.Fatal(err)
	}
	if err := a.CreateAccount(ctx, storetest.NewAccount("acc", "ana")); err != nil {
		t.Fatal(err)
	}
	seatEvents := []store.Event{storetest.SeatEvent(3, store.KindJoin, 0, store.SeatData{}),
		storetest.SeatEvent(4, store.KindClaim, 1, store.SeatData{TokenHash: []byte("hash")}),
		storetest.SeatEvent(5, store.KindAccount, 1, store.SeatData{Account: "acc"})}
	if err := a.Append(ctx, "g", seatEvents, nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, "g", []store.Event{{Seq: 2, Kind: "move"}}, nil); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale append: %v", err)
	}
	if err := a.Append(ctx, "g", []store.Event{{Seq: 6, Kind: "move"}}, nil); err != nil {
		t.Fatal(err)
	}
	// Notes of one game may be merged: the last version, and the record
	// changes, are heard.
	record, last := false, int64(0)
	for !record || last < 6 {
		n := next()
		switch {
		case n.Game != "g" || n.Version < 0 || n.Version > 6 || (n.Version > 0 && n.Version <= last):
			t.Errorf("note %+v after %d", n, last)
		case n.Version == 0:
			record = true
		default:
			last = n.Version
		}
	}
	if v, err := b.Versions(ctx, []string{"g", "unknown"}); err != nil || len(v) != 1 || v["g"] != 6 {
		t.Errorf("Versions: %v, %v; want g at 6", v, err)
	}
	// The listening connection is cut: the listener reconnects and says
	// that notes may have been missed, then hears the next write.
	var schema string
	if err := postgres.PoolOf(a).QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	var cut int
	if err := postgres.PoolOf(a).QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE query LIKE 'LISTEN %' AND query LIKE '%' || $1 || '%'`, schema).Scan(&cut); err != nil || cut != 1 {
		t.Fatalf("cut the listener's connection: %d cut, %v", cut, err)
	}
	// Notes of the writes above sent in later batches may come first.
	for n := next(); n != (store.Note{}); n = next() {
		if n.Game != "g" || n.Version > 6 {
			t.Fatalf("note %+v before the resync note", n)
		}
	}
	if err := a.Append(ctx, "g", []store.Event{{Seq: 7, Kind: "move"}}, nil); err != nil {
		t.Fatal(err)
	}
	for n := next(); n != (store.Note{Game: "g", Version: 7}); n = next() {
		if n != (store.Note{Game: "g"}) { // a late record note may come first
			t.Fatalf("note after the reconnection %+v, want g at 7", n)
		}
	}
	lcancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Listen after cancel: %v", err)
	}
}
