package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
)

// longGame stores a game of Intercept (no repetition rule, no turn limit)
// of at least n events, played through Decide by two human seats that
// pick, with a fixed seed, random moves that do not end the game. It
// returns the game's id and tokens.
func longGame(tb testing.TB, st store.Store, n int64) (string, []string) {
	tb.Helper()
	ctx := context.Background()
	var toks []string
	var seats []store.Seat
	for range 2 {
		tok := room.NewToken()
		toks = append(toks, tok)
		seats = append(seats, store.Seat{Kind: store.Human, TokenHash: room.HashToken(tok), Joined: true})
	}
	rec, err := room.NewGameRecord("intercept", map[string]string{"repetition": "off"}, false, seats)
	if err != nil {
		tb.Fatal(err)
	}
	if err := st.Create(ctx, rec); err != nil {
		tb.Fatal(err)
	}
	p, err := room.Replay(games.Registry(), rec, nil)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	t0 := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	var batch []store.Event
	act := func(seat int, a room.Action) {
		a.Time = t0.Add(time.Duration(p.Version) * time.Second)
		d, err := room.Decide(p, seat, a)
		if err != nil {
			tb.Fatalf("version %d: %s %q by seat %d: %v", p.Version, a.Kind, a.Move, seat, err)
		}
		evs := d.Events
		p = d.Play
		batch = append(batch, evs...)
		if len(batch) >= 500 || p.Version >= n {
			if err := st.Append(ctx, rec.ID, batch, room.EndUpdate(batch)); err != nil {
				tb.Fatal(err)
			}
			batch = nil
		}
	}
	act(-1, room.Action{Kind: room.ActAdvance})
	for p.Version < n {
		v := p.Version
		act(int(p.State.ToMove()), room.Action{Kind: room.ActMove, Move: quietMove(tb, p, rng), Version: &v})
	}
	return rec.ID, toks
}

// quietMove picks a random move of p that does not end the game.
func quietMove(tb testing.TB, p *room.Play, rng *rand.Rand) string {
	tb.Helper()
	if p.Over() {
		tb.Fatalf("the game ended at version %d", p.Version)
	}
	ms := p.State.Moves(nil)
	rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	pick := ms[0]
	for _, m := range ms {
		s := p.State.Clone()
		if s.Play(m) == nil && !s.Outcome().Over {
			pick = m
			break
		}
	}
	return p.State.FormatMove(pick)
}

// A client far behind on a 5,000-event game (a spectator's hello at version
// 0, a player's at version 10) gets the welcome, with the game's view and
// its move list, and at most CatchUpEvents recent events in CatchUpBytes:
// not every event with its view.
func TestCatchUpBounded(t *testing.T) {
	const events = 5000
	st := openStore(t)
	id, toks := longGame(t, st, events)
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, err := m.Acquire(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release(r)
	for _, tc := range []struct {
		name    string
		version int64
		tokens  []string
		least   int // catch-up events at least
	}{
		{"spectator from the start", 0, nil, room.CatchUpEvents / 2},
		{"player far behind", 10, toks[:1], room.CatchUpEvents / 2},
		{"player a few events behind", events - 3, toks[1:], 3},
		{"up to date", events, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := room.NewSub(1)
			out, ref := r.Join(ctx, sub, tc.version, tc.tokens)
			if ref != nil {
				t.Fatal(ref)
			}
			defer r.Leave(sub)
			var welcome struct {
				Version, Since int64
				Game           struct {
					Moves []json.RawMessage
					View  *json.RawMessage
				}
			}
			if err := json.Unmarshal(out[0], &welcome); err != nil {
				t.Fatal(err)
			}
			if welcome.Version != events || welcome.Game.View == nil {
				t.Fatalf("welcome at version %d (view %v), want %d with the view", welcome.Version, welcome.Game.View != nil, events)
			}
			// Intercept has no rolls: every event is a move.
			if len(welcome.Game.Moves) != events {
				t.Errorf("welcome lists %d moves, want %d", len(welcome.Game.Moves), events)
			}
			if perMove := len(out[0]) / events; perMove > 64 {
				t.Errorf("welcome of %d bytes: %d bytes a move, want at most 64", len(out[0]), perMove)
			}
			// The events after since, up to the game's version, in order.
			size := 0
			for i, b := range out[1:] {
				size += len(b)
				var e struct {
					Version int64
					View    struct{ Moves []json.RawMessage }
				}
				if err := json.Unmarshal(b, &e); err != nil {
					t.Fatal(err)
				}
				var raw struct{ View json.RawMessage }
				if err := json.Unmarshal(b, &raw); err != nil {
					t.Fatal(err)
				}
				// The replay (from the room's base) reaches the game now.
				if i == len(out)-2 && string(raw.View) != string(*welcome.Game.View) {
					t.Errorf("the last catch-up event's view differs from the welcome's:\n%.300s\n%.300s", raw.View, *welcome.Game.View)
				}
				// A past view lists the move played from it; the last, every legal move.
				if last := i == len(out)-2; last && len(e.View.Moves) < 2 || !last && len(e.View.Moves) != 1 {
					t.Errorf("catch-up event %d (last: %v) lists %d moves", e.Version, last, len(e.View.Moves))
				}
				if want := welcome.Since + 1 + int64(i); e.Version != want {
					t.Fatalf("catch-up event %d has version %d, want %d (since %d)", i, e.Version, want, welcome.Since)
				}
			}
			n := len(out) - 1
			if welcome.Since < tc.version || welcome.Since+int64(n) != events || n < tc.least {
				t.Errorf("hello at %d: catch-up since %d of %d events, want since %d or later, %d events at least, up to %d",
					tc.version, welcome.Since, n, tc.version, tc.least, events)
			}
			if n > room.CatchUpEvents || size > room.CatchUpBytes {
				t.Errorf("catch-up of %d events in %d bytes, over the bound (%d events, %d bytes)", n, size, room.CatchUpEvents, room.CatchUpBytes)
			}
			t.Logf("hello at %d: welcome %d bytes, catch-up %d events in %d bytes", tc.version, len(out[0]), n, size)
		})
	}
}

// BenchmarkRoomMemoryPerEvent loads a 5,000-event game in a room, joins and
// leaves as a spectator, and reports the live heap the room takes per event.
func BenchmarkRoomMemoryPerEvent(b *testing.B) {
	const events = 5000
	st := openStore(b)
	id, _ := longGame(b, st, events)
	ctx := context.Background()
	var perEvent float64
	for b.Loop() {
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, err := m.Acquire(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		// A spectator's catch-up replays from the room's base.
		sub := room.NewSub(1)
		if _, ref := r.Join(ctx, sub, 0, nil); ref != nil {
			b.Fatal(ref)
		}
		r.Leave(sub)
		r.Summary() // waits for the room to handle the Leave
		runtime.GC()
		runtime.ReadMemStats(&after)
		perEvent = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / events
		m.Release(r)
		m.Close()
	}
	b.ReportMetric(perEvent, "bytes/event")
}

// BenchmarkCatchUp is a spectator's hello at version 0 on a 5,000-event
// game: the time its room spends on it.
func BenchmarkCatchUp(b *testing.B) {
	st := openStore(b)
	id, _ := longGame(b, st, 5000)
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m.Close()
	ctx := context.Background()
	r, err := m.Acquire(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	defer m.Release(r)
	for b.Loop() {
		sub := room.NewSub(1)
		if _, ref := r.Join(ctx, sub, 0, nil); ref != nil {
			b.Fatal(ref)
		}
		r.Leave(sub)
	}
}

// A room forgets the old part of its game's log as moves are played (it
// keeps the last CatchUpEvents to 1.25 times as many events): a spectator's
// catch-up after many live moves still has the recent events, in order,
// and replays to the game now.
func TestCatchUpAfterLiveMoves(t *testing.T) {
	const stored, live = 10, 3*room.CatchUpEvents + 7
	st := openStore(t)
	id, toks := longGame(t, st, stored)
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m.Close()
	ctx := context.Background()
	rec, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := st.Events(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := room.Replay(games.Registry(), rec, evs)
	if err != nil {
		t.Fatal(err)
	}
	r, player := join(t, m, id, toks...)
	rng := rand.New(rand.NewPCG(3, 4))
	for p.Version < stored+live {
		v := p.Version
		if !r.Do(player, protocol.ClientMsg{Type: "move", ID: "m", Version: &v, Move: ptr(quietMove(t, p, rng))}) {
			t.Fatal("the room stopped")
		}
		for { // mirror the room's events until the ack
			msg, ok := next(t, player)
			if !ok || msg.Type == "error" {
				t.Fatalf("move at version %d: dropped (%s) or refused (%s)", v, player.Reason, msg.Message)
			}
			if msg.Type == "ack" {
				break
			}
			if msg.Type != "event" {
				continue
			}
			e := store.Event{Seq: msg.Version, Kind: msg.Event.Kind, Player: msg.Event.Player, Notation: msg.Event.Notation}
			if err := p.Apply(e); err != nil {
				t.Fatalf("event %d: %v", e.Seq, err)
			}
		}
	}
	sub := room.NewSub(1)
	out, ref := r.Join(ctx, sub, 0, nil)
	if ref != nil {
		t.Fatal(ref)
	}
	defer r.Leave(sub)
	var welcome struct {
		Version, Since int64
		Game           struct{ View json.RawMessage }
	}
	if err := json.Unmarshal(out[0], &welcome); err != nil {
		t.Fatal(err)
	}
	n := int64(len(out) - 1)
	if welcome.Version != p.Version || welcome.Since != p.Version-room.CatchUpEvents || welcome.Since+n != p.Version {
		t.Fatalf("welcome at version %d since %d with %d events, want version %d since %d", welcome.Version, welcome.Since, n, p.Version, p.Version-room.CatchUpEvents)
	}
	for i, b := range out[1:] {
		var e struct {
			Version int64
			View    json.RawMessage
		}
		if err := json.Unmarshal(b, &e); err != nil {
			t.Fatal(err)
		}
		if want := welcome.Since + 1 + int64(i); e.Version != want {
			t.Fatalf("catch-up event %d has version %d, want %d", i, e.Version, want)
		}
		if e.Version == p.Version && string(e.View) != string(welcome.Game.View) {
			t.Errorf("the last catch-up event's view differs from the welcome's:\n%.300s\n%.300s", e.View, welcome.Game.View)
		}
	}
}

// unreadableLog is a store whose Events fails while fail is set.
type unreadableLog struct {
	store.Store
	fail atomic.Bool
}

func (u *unreadableLog) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	if u.fail.Load() {
		return nil, errors.New("disk I/O error")
	}
	return u.Store.Events(ctx, id, after)
}

// A catch-up reads the game's log from the store: when it cannot, the
// hello is refused and the room goes on.
func TestCatchUpLogUnreadable(t *testing.T) {
	st := &unreadableLog{Store: openStore(t)}
	id, _ := longGame(t, st, 30)
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m.Close()
	ctx := context.Background()
	r, err := m.Acquire(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release(r)
	st.fail.Store(true)
	if _, ref := r.Join(ctx, room.NewSub(1), 0, nil); ref == nil || ref.Code != "internal" || !strings.Contains(ref.Message, "could not read the game's log: disk I/O error") {
		t.Fatalf("hello with the log unreadable: %v, want an internal refusal saying so", ref)
	}
	st.fail.Store(false)
	out, ref := r.Join(ctx, room.NewSub(1), 0, nil)
	if ref != nil || len(out) != 31 {
		t.Fatalf("hello once the log reads: %d messages, %v; want the welcome and 30 events", len(out), ref)
	}
}
