package room_test

import (
	"context"
	"testing"
	"time"

	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
)

// deaf is a PostgreSQL store whose notes are never heard: its instance
// learns of the others' writes only from a version conflict or the sweep
// of Versions.
type deaf struct{ *postgres.Store }

func (deaf) Listen(ctx context.Context, _ func(store.Note)) error {
	<-ctx.Done()
	return ctx.Err()
}

func openPostgres(t *testing.T, url string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Two instances on one database (two managers, each with its own store):
// the moves made on one reach the clients of the other through the
// store's notes; a command decided on a stale position (an instance that
// has not heard of the other's move) loses the race at the version check,
// catches up and is decided again; an instance that missed a note catches
// up by the sweep of versions.
func TestTwoInstances(t *testing.T) {
	url := pgtest.URL(t)
	a, b := openPostgres(t, url), openPostgres(t, url)
	tests := []struct {
		name   string
		storeB store.Store
	}{
		{"notes heard", b},
		{"notes lost", deaf{b}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, toks := newGame(t, a, "hh")
			ma := room.NewManager(room.Options{Store: a, Games: games.Registry(), Log: quiet, Instance: "a"})
			defer ma.Close()
			mb := room.NewManager(room.Options{Store: tt.storeB, Games: games.Registry(), Log: quiet, Instance: "b",
				LeaseRenew: 100 * time.Millisecond, LeaseTTL: time.Second})
			defer mb.Close()
			ra, subA := join(t, ma, id, toks[0])
			rb, subB := join(t, mb, id, toks[1])

			// A move on one instance, at version v: acknowledged there, seen on the other.
			move := func(r *room.Room, sub, other *room.Sub, v int64, mv string) {
				t.Helper()
				r.Do(sub, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr(mv), ID: mv})
				if ack := until(t, sub, "ack"); ack.Version != v+1 {
					t.Fatalf("move %s acknowledged as %+v, want version %d", mv, ack, v+1)
				}
				if other == nil {
					return
				}
				if ev := until(t, other, "event"); ev.Version != v+1 || ev.Event.Notation != mv {
					t.Fatalf("the other instance's client saw %+v, want %s at version %d", ev, mv, v+1)
				}
			}
			move(ra, subA, subB, 0, "32-28") // seat 0 on a
			move(rb, subB, subA, 1, "19-23") // seat 1 on b
			// Seat 0 moves on a; at once, before b can have heard of it,
			// seat 1 resigns on b (no version named): b decides the
			// resignation at version 2, loses the race, reads the move
			// and resigns at version 4.
			move(ra, subA, nil, 2, "28x19")
			rb.Do(subB, protocol.ClientMsg{Type: "resign", ID: "r"})
			seenB := map[int64]string{}
			for {
				m, ok := next(t, subB)
				if !ok || m.Type == "error" {
					t.Fatalf("b's resignation: %+v (%s)", m, subB.Reason)
				}
				if m.Type == "event" {
					seenB[m.Version] = m.Event.Kind + " " + m.Event.Notation
				}
				if m.Type == "ack" {
					if m.Version != 4 {
						t.Errorf("b's resignation acknowledged at version %d, want 4", m.Version)
					}
					break
				}
			}
			// b's client saw a's move 3 before its resignation and the end.
			if seenB[3] != "move 28x19" || seenB[4] != "resign " || seenB[5] != "end " {
				t.Errorf("b's client saw %v, want a's move 3, its resignation and the end", seenB)
			}
			evs, err := a.Events(context.Background(), id, 0)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, e := range evs {
				kinds = append(kinds, e.Kind+" "+e.Notation)
			}
			want := []string{"move 32-28", "move 19-23", "move 28x19", "resign ", "end "}
			if len(kinds) != len(want) {
				t.Fatalf("stored %q, want %q", kinds, want)
			}
			for i := range want {
				if kinds[i] != want[i] {
					t.Fatalf("stored %q, want %q", kinds, want)
				}
			}
			// a's client sees the resignation and the end.
			seenA := map[int64]string{}
			for seenA[5] == "" {
				m, ok := next(t, subA)
				if !ok {
					t.Fatalf("a's client dropped: %s", subA.Reason)
				}
				if m.Type == "event" {
					seenA[m.Version] = m.Event.Kind + " " + m.Event.Notation
				}
			}
			if seenA[4] != "resign " || seenA[5] != "end " {
				t.Errorf("a's client saw %v, want b's resignation and the end", seenA)
			}
		})
	}
}

// A seat claimed on one instance is known at once on another that has not
// heard of the claim: its token joins there, and a second claim there is
// refused as taken without failing the room.
func TestClaimOnTwoInstances(t *testing.T) {
	url := pgtest.URL(t)
	a, b := openPostgres(t, url), openPostgres(t, url)
	ctx := context.Background()
	tok := room.NewToken()
	rec, err := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
		{Kind: store.Human, TokenHash: room.HashToken(tok), Joined: true}, {Kind: store.Human, Open: true}})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	ma := room.NewManager(room.Options{Store: a, Games: games.Registry(), Log: quiet, Instance: "a"})
	defer ma.Close()
	mb := room.NewManager(room.Options{Store: deaf{b}, Games: games.Registry(), Log: quiet, Instance: "b",
		LeaseRenew: 200 * time.Millisecond, LeaseTTL: 2 * time.Second})
	defer mb.Close()
	_, subA := join(t, ma, rec.ID, tok)
	rb, subB := join(t, mb, rec.ID) // a spectator on b: the room is loaded there
	ra, err := ma.Acquire(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer ma.Release(ra)
	claimed, ref := ra.Claim(ctx, 1)
	if ref != nil {
		t.Fatalf("claim on a: %v", ref)
	}
	if _, ref := rb.Claim(ctx, 1); ref == nil || ref.Code != "seat_taken" {
		t.Errorf("second claim on b: %v, want seat_taken", ref)
	}
	sub := room.NewSub(64)
	if _, ref := rb.Join(ctx, sub, 0, []string{claimed}); ref != nil {
		t.Fatalf("the claimed token on b: %v", ref)
	}
	// b's room goes on: its spectator and the new player stay, and a's move reaches them.
	v := int64(0)
	ra.Do(subA, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr("32-28"), ID: "m1"})
	for _, s := range []*room.Sub{subB, sub} {
		// (versions 1 and 2 are the seats' events, told as seats messages)
		if ev := until(t, s, "event"); ev.Event.Kind != "move" || ev.Event.Notation != "32-28" {
			t.Errorf("b's client saw %+v, want a's move", ev)
		}
	}
}
