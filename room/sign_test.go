package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"plateau/games"
	"plateau/protocol"
	"plateau/record"
	"plateau/room"
	"plateau/store"
	"plateau/store/postgres/pgtest"
)

// exportOf reads a game's export from the store, as the server serves it.
func exportOf(t *testing.T, st store.Store, id string) room.Export {
	t.Helper()
	ctx := context.Background()
	rec, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := st.Events(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Through JSON, as a verifier reads it.
	b, err := json.Marshal(room.ExportOf(rec, evs))
	if err != nil {
		t.Fatal(err)
	}
	var x room.Export
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	return x
}

// resignedGame plays a game of dames between two humans in which seat 0
// resigns at once, in a manager signing with k.
func resignedGame(t *testing.T, st store.Store, k *record.Keys) (*room.Manager, string, []string) {
	t.Helper()
	id, toks := newGame(t, st, "hh")
	o := room.Options{Store: st, Games: games.Registry(), Log: quiet}
	if k != nil {
		o.Signer = k
	}
	m := room.NewManager(o)
	t.Cleanup(m.Close)
	r, sub := join(t, m, id, toks...)
	seat := 0
	r.Do(sub, protocol.ClientMsg{Type: "resign", ID: "r", Seat: &seat})
	until(t, sub, "ack")
	return m, id, toks
}

// TestSignedRecordForgedResignation: the server signs a game when it
// ends; moving the resignation to the other seat and fixing the results
// to match is a forgery that the replay cannot see (Verify passes it) but
// the signature does.
func TestSignedRecordForgedResignation(t *testing.T) {
	st := openStore(t)
	k, err := record.Generate(t0)
	if err != nil {
		t.Fatal(err)
	}
	_, id, _ := resignedGame(t, st, k)
	x := exportOf(t, st, id)
	if x.Signature == nil || x.Signature.Key != k.ID() || x.Signature.Encoding != room.RecordEncoding {
		t.Fatalf("the finished game's export carries signature %+v, want one by key %s", x.Signature, k.ID())
	}
	if err := room.VerifySignature(x, k.Public()); err != nil {
		t.Fatalf("the server's own record: %v", err)
	}
	if _, err := room.Verify(games.Registry(), x); err != nil {
		t.Fatalf("the server's own record does not replay: %v", err)
	}

	forged := forgeResignation(t, x)
	if _, err := room.Verify(games.Registry(), forged); err != nil {
		t.Fatalf("the forgery is not consistent, so this test shows nothing: %v", err)
	}
	var se *room.SignatureError
	if err := room.VerifySignature(forged, k.Public()); !errors.As(err, &se) || !strings.Contains(err.Error(), "changed after it was signed") {
		t.Errorf("the forged resignation: VerifySignature = %v, want a signature error", err)
	}
	// Re-signing the forgery with another key does not pass either.
	other, _ := record.Generate(t0)
	h, err := room.RecordHash(forged)
	if err != nil {
		t.Fatal(err)
	}
	resigned := other.Sign(room.RecordEncoding, h)
	forged.Signature = &resigned
	if err := room.VerifySignature(forged, k.Public()); err == nil || !strings.Contains(err.Error(), "not among the keys given") {
		t.Errorf("the forgery signed by another key: VerifySignature = %v", err)
	}
}

// forgeResignation returns x with its resignation moved to the other seat
// of a two-seat game and every result made to match.
func forgeResignation(t *testing.T, x room.Export) room.Export {
	t.Helper()
	y := x
	y.Events = append([]room.EventJSON{}, x.Events...)
	swap := func(raw json.RawMessage) json.RawMessage {
		o, err := room.ParseOutcome(raw)
		if err != nil {
			t.Fatal(err)
		}
		o.Results[0], o.Results[1] = o.Results[1], o.Results[0]
		o.Reason = strings.NewReplacer("player 0", "player 1", "player 1", "player 0").Replace(o.Reason)
		b, _ := json.Marshal(o)
		return b
	}
	for i, e := range y.Events {
		switch e.Kind {
		case room.KindResign:
			y.Events[i].Player = 1 - e.Player
		case room.KindEnd:
			y.Events[i].Result = swap(e.Result)
		}
	}
	y.Result = swap(x.Result)
	return y
}

// TestSignedAgainAfterRematch: an event after the end (a rematch) is
// signed with the rest: the signature always covers the whole log.
func TestSignedAgainAfterRematch(t *testing.T) {
	st := openStore(t)
	k, _ := record.Generate(t0)
	m, id, toks := resignedGame(t, st, k)
	before := exportOf(t, st, id)
	r, sub := join(t, m, id, toks...)
	seat := 1
	r.Do(sub, protocol.ClientMsg{Type: "rematch", ID: "m", Seat: &seat})
	until(t, sub, "ack")
	if sum, _ := r.Summary(); sum.Status != store.StatusFinished || sum.Result == nil {
		t.Errorf("the room's game after the rematch: status %q, result %s", sum.Status, sum.Result)
	}
	x := exportOf(t, st, id)
	if x.Version != before.Version+1 || x.Events[len(x.Events)-1].Kind != room.KindRematch {
		t.Fatalf("after the rematch: version %d (was %d), events %+v", x.Version, before.Version, x.Events)
	}
	if x.Signature == nil || x.Signature.Hash == before.Signature.Hash {
		t.Fatalf("the rematch was not signed: %+v", x.Signature)
	}
	if err := room.VerifySignature(x, k.Public()); err != nil {
		t.Fatal(err)
	}
	// The old signature does not cover the new log.
	x.Signature = before.Signature
	if err := room.VerifySignature(x, k.Public()); err == nil {
		t.Error("the signature of the log before the rematch verifies the log after it")
	}
}

// TestUnsignedWithoutSigner: without a Signer a record has no signature,
// and VerifySignature says so.
func TestUnsignedWithoutSigner(t *testing.T) {
	st := openStore(t)
	_, id, _ := resignedGame(t, st, nil)
	x := exportOf(t, st, id)
	k, _ := record.Generate(t0)
	if err := room.VerifySignature(x, k.Public()); x.Signature != nil || err == nil || !strings.Contains(err.Error(), "carries none") {
		t.Errorf("unsigned record: signature %+v, VerifySignature = %v", x.Signature, err)
	}
}

// TestRecordHashCoversEveryField changes each field of a signed export
// one at a time: each change fails the signature.
func TestRecordHashCoversEveryField(t *testing.T) {
	st := openStore(t)
	k, _ := record.Generate(t0)
	_, id, _ := resignedGame(t, st, k)
	x := exportOf(t, st, id)
	clone := func() room.Export {
		y := x
		y.Variant = map[string]string{}
		for k, v := range x.Variant {
			y.Variant[k] = v
		}
		y.Seats = append([]room.SeatJSON{}, x.Seats...)
		y.Events = append([]room.EventJSON{}, x.Events...)
		return y
	}
	seat := 0
	for _, tt := range []struct {
		name string
		edit func(y *room.Export)
	}{
		{"id", func(y *room.Export) { y.ID = "other" }},
		{"game", func(y *room.Export) { y.Game = "shutbox" }},
		{"variant", func(y *room.Export) { y.Variant["draw"] = "fmjd" }},
		{"casual", func(y *room.Export) { y.Casual = !y.Casual }},
		{"rated", func(y *room.Export) { y.Rated = !y.Rated }},
		{"status", func(y *room.Export) { y.Status = store.StatusLive }},
		{"created", func(y *room.Export) { y.Created = y.Created.Add(1) }},
		{"seat name", func(y *room.Export) { y.Seats[1].Name = "mallory" }},
		{"seat kind", func(y *room.Export) { y.Seats[1].Kind = store.AI }},
		{"seat level", func(y *room.Export) { y.Seats[1].Level = "max" }},
		{"result", func(y *room.Export) { y.Result = json.RawMessage(`{"over":true,"results":["draw","draw"]}`) }},
		{"rematch_of", func(y *room.Export) { y.RematchOf = "x" }},
		{"dice seed", func(y *room.Export) { y.Dice.Seed = "00" + y.Dice.Seed[2:] }},
		{"dice commitment", func(y *room.Export) { y.Dice.Commitment = "00" + y.Dice.Commitment[2:] }},
		{"clock", func(y *room.Export) { y.Clock = &room.ClockJSON{InitialMS: 1000} }},
		{"version", func(y *room.Export) { y.Version++ }},
		{"event seq", func(y *room.Export) { y.Events[0].Seq = 7 }},
		{"event kind", func(y *room.Export) { y.Events[0].Kind = room.KindDrawAccept }},
		{"event player", func(y *room.Export) { y.Events[0].Player = 1 }},
		{"event notation", func(y *room.Export) { y.Events[0].Notation = "32-28" }},
		{"event time", func(y *room.Export) { y.Events[0].Time = y.Events[0].Time.Add(1) }},
		{"event result", func(y *room.Export) { y.Events[1].Result = y.Result[:0] }},
		{"event rematch id", func(y *room.Export) { y.Events[0].RematchID = "r" }},
		{"event seat", func(y *room.Export) { y.Events[0].Seat = &seat }},
		{"event seed", func(y *room.Export) { y.Events[1].Seed = "" }},
		{"event auto", func(y *room.Export) { y.Events[0].Auto = true }},
		{"event dropped", func(y *room.Export) { y.Events = y.Events[:1] }},
		{"events swapped", func(y *room.Export) { y.Events[0], y.Events[1] = y.Events[1], y.Events[0] }},
	} {
		y := clone()
		tt.edit(&y)
		if err := room.VerifySignature(y, k.Public()); err == nil {
			t.Errorf("%s changed: the signature still verifies", tt.name)
		}
	}
	if err := room.VerifySignature(clone(), k.Public()); err != nil {
		t.Errorf("the unchanged copy: %v", err)
	}
	// The seats' joined and open flags change after the end without
	// changing the game: they are not signed.
	y := clone()
	y.Seats[1].Joined = !y.Seats[1].Joined
	if err := room.VerifySignature(y, k.Public()); err != nil {
		t.Errorf("joined flag: %v", err)
	}
}

// TestSignedAgainAfterAccountAttached: a guest who signs up after the
// game gives its seat to the account (claim-guest), which names the seat
// in the record: the record is signed again and still verifies.
func TestSignedAgainAfterAccountAttached(t *testing.T) {
	st := openStore(t)
	k, _ := record.Generate(t0)
	m, id, toks := resignedGame(t, st, k)
	before := exportOf(t, st, id)
	ctx := context.Background()
	if err := st.CreateAccount(ctx, &store.Account{ID: "acc1", Name: "Ana", PasswordHash: "x", Created: t0}); err != nil {
		t.Fatal(err)
	}
	r, err := m.Acquire(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release(r)
	if seats, err := r.AttachAccount(ctx, toks[:1], "acc1", "Ana"); err != nil || len(seats) != 1 {
		t.Fatalf("AttachAccount = %v, %v", seats, err)
	}
	x := exportOf(t, st, id)
	if x.Seats[0].Name != "Ana" || x.Signature.Hash == before.Signature.Hash {
		t.Fatalf("after the attach: seat %+v, signature %+v (was %+v)", x.Seats[0], x.Signature, before.Signature)
	}
	if err := room.VerifySignature(x, k.Public()); err != nil {
		t.Error(err)
	}
}

// TestSignedOnPostgres: what PostgreSQL gives back (its JSON, its
// times) is what was signed: the record verifies, after the end and after
// a rematch.
func TestSignedOnPostgres(t *testing.T) {
	st := openPostgres(t, pgtest.URL(t))
	k, _ := record.Generate(t0)
	m, id, toks := resignedGame(t, st, k)
	if err := room.VerifySignature(exportOf(t, st, id), k.Public()); err != nil {
		t.Fatalf("after the end: %v", err)
	}
	r, sub := join(t, m, id, toks...)
	seat := 0
	r.Do(sub, protocol.ClientMsg{Type: "rematch", ID: "m", Seat: &seat})
	until(t, sub, "ack")
	x := exportOf(t, st, id)
	if err := room.VerifySignature(x, k.Public()); err != nil || x.Events[len(x.Events)-1].Kind != room.KindRematch {
		t.Fatalf("after the rematch: %v (last event %+v)", err, x.Events[len(x.Events)-1])
	}
	forged := forgeResignation(t, x)
	if err := room.VerifySignature(forged, k.Public()); err == nil {
		t.Error("the forged resignation verifies")
	}
}
