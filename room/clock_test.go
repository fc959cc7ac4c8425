package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

var t0 = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// newPlay starts a game with a time control, seats of the given kinds.
func newPlay(t *testing.T, gameID string, variant map[string]string, c store.Clock, kinds ...string) *room.Play {
	t.Helper()
	rec := &store.Game{ID: "x", Game: gameID, Variant: variant, Clock: c}
	for _, k := range kinds {
		rec.Seats = append(rec.Seats, store.Seat{Kind: k})
	}
	p, err := room.Replay(games.Registry(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// apply plays event kind by player at t, with the first legal move for a move.
func apply(p *room.Play, kind string, player int, at time.Time) error {
	e := store.Event{Seq: p.Version + 1, Kind: kind, Player: player, Time: at}
	switch kind {
	case room.KindMove:
		e.Notation = p.State.FormatMove(p.State.Moves(nil)[0])
	case room.KindRoll:
		e.Notation = p.State.FormatMove(p.State.ChanceMoves(nil)[0].Move)
	}
	return p.Apply(e)
}

func mustApply(t *testing.T, p *room.Play, kind string, player int, at time.Time) {
	t.Helper()
	if err := apply(p, kind, player, at); err != nil {
		t.Fatalf("%s by %d at %v: %v", kind, player, at.Sub(t0), err)
	}
}

func TestClockIncrementAndFlag(t *testing.T) {
	p := newPlay(t, "dames", nil, store.Clock{Initial: time.Minute, Increment: 2 * time.Second}, store.Human, store.Human)
	// The first move is free: it starts the clocks.
	mustApply(t, p, room.KindMove, 0, t0)
	if c := p.Clock; c.Running != 1 || c.Left[0] != time.Minute || c.Left[1] != time.Minute {
		t.Fatalf("after the first move: %v", c)
	}
	mustApply(t, p, room.KindMove, 1, t0.Add(10*time.Second))
	if c := p.Clock; c.Running != 0 || c.Left[1] != 52*time.Second || c.Left[0] != time.Minute {
		t.Fatalf("after 10 s and the increment: %v; want seat 1 at 52s, seat 0 running at 1m", c)
	}
	j := p.Clock.JSON(t0.Add(25 * time.Second))
	if j.Running != 0 || *j.LeftMS[0] != 45000 || *j.LeftMS[1] != 52000 || j.InitialMS != 60000 || j.IncrementMS != 2000 {
		t.Errorf("clocks 15 s later: %+v", j)
	}
	// A draw offer by the waiting seat does not stop the running clock.
	mustApply(t, p, room.KindDrawOffer, 1, t0.Add(40*time.Second))
	if c := p.Clock; c.Running != 0 || c.Left[0] != 30*time.Second {
		t.Fatalf("after a draw offer: %v", c)
	}
	flag := t0.Add(70 * time.Second) // seat 0 ran from 10 s with 60 s
	if err := apply(p, room.KindTimeout, 0, flag.Add(-time.Millisecond)); err == nil {
		t.Fatal("a timeout before the time ran out was accepted")
	}
	if err := apply(p, room.KindTimeout, 1, flag); err == nil {
		t.Fatal("a timeout of the seat whose clock is stopped was accepted")
	}
	var ref *room.Refusal
	if err := apply(p, room.KindMove, 0, flag); !errors.As(err, &ref) || ref.Code != "time" {
		t.Fatalf("a move after the time ran out = %v, want refused (time)", err)
	}
	mustApply(t, p, room.KindTimeout, 0, flag)
	o := p.Outcome()
	if !o.Over || o.Reason != "time" || o.Results[0] != game.Loss || o.Results[1] != game.Win {
		t.Errorf("outcome after the flag: %+v", o)
	}
	if p.Clock.Running != -1 {
		t.Errorf("a clock runs after the end: %v", p.Clock)
	}
}

func TestClockOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		game    string
		variant map[string]string
		seats   int
		flagger int
		want    []game.Result
	}{
		{"shutbox 3 players", "shutbox", map[string]string{"players": "3"}, 3, 1, []game.Result{game.Draw, game.Loss, game.Draw}},
		{"intercept 4 in teams", "intercept", map[string]string{"players": "4"}, 4, 0, []game.Result{game.Loss, game.Win, game.Loss, game.Win}},
		{"intercept 4 solo", "intercept", map[string]string{"players": "4", "mode": "solo"}, 4, 0, []game.Result{game.Loss, game.Draw, game.Draw, game.Draw}},
	} {
		// The same ends for a game clock and for correspondence (a day a
		// move: docs/api.md, Correspondence).
		for _, c := range []store.Clock{{Initial: time.Second}, {PerMove: 24 * time.Hour}} {
			t.Run(fmt.Sprintf("%s %v", tc.name, max(c.Initial, c.PerMove)), func(t *testing.T) { clockOutcome(t, tc.game, tc.variant, tc.seats, tc.flagger, c, tc.want) })
		}
	}
}

// clockOutcome plays a game of human seats until the flagger's clock runs,
// and checks the results of its timeout.
func clockOutcome(t *testing.T, gameID string, variant map[string]string, seats, flagger int, c store.Clock, want []game.Result) {
	t.Helper()
	kinds := make([]string, seats)
	for i := range kinds {
		kinds[i] = store.Human
	}
	p := newPlay(t, gameID, variant, c, kinds...)
	at := t0
	// Play (and roll) until the flagger's clock runs.
	for i := 0; p.Clock.Running != flagger; i++ {
		if i > 50 {
			t.Fatalf("the flagger's clock never runs: %v", p.Clock)
		}
		tm := int(p.State.ToMove())
		if p.Over() {
			t.Fatalf("the game ended before the flagger's clock ran: %v", p.Clock)
		}
		kind := room.KindMove
		if tm < 0 {
			kind = room.KindRoll
		}
		mustApply(t, p, kind, tm, at)
	}
	mustApply(t, p, room.KindTimeout, flagger, at.Add(max(c.Initial, c.PerMove)))
	if o := p.Outcome(); o.Reason != "time" || len(o.Results) != seats || !equal(o.Results, want) {
		t.Errorf("outcome %+v, want results %v", o, want)
	}
}

func equal(a, b []game.Result) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// AI seats have no clock: their moves take no time from anyone.
func TestClockAISeatsUntimed(t *testing.T) {
	p := newPlay(t, "dames", nil, store.Clock{Initial: time.Minute}, store.AI, store.Human)
	mustApply(t, p, room.KindMove, 0, t0)
	mustApply(t, p, room.KindMove, 1, t0.Add(5*time.Second))
	if c := p.Clock; c.Running != -1 || c.Timed[0] || !c.Timed[1] || c.Left[1] != 55*time.Second {
		t.Fatalf("AI to move: %v; want no clock running, seat 1 at 55s", c)
	}
	mustApply(t, p, room.KindMove, 0, t0.Add(time.Hour))
	if c := p.Clock; c.Running != 1 || c.Left[1] != 55*time.Second || c.JSON(t0).LeftMS[0] != nil {
		t.Fatalf("after an hour-long AI move: %v", c)
	}
}

// In a room, the clock of the seat to move runs out by itself (a timer),
// ends the game with the reason "time", and the clocks come back the same
// from the store's log after a restart. Fake time (synctest): no sleeping.
func TestRoomFlagsOnTimeAndSurvivesRestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		toks := []string{room.NewToken(), room.NewToken()}
		rec, err := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
			{Kind: store.Human, TokenHash: room.HashToken(toks[0]), Joined: true},
			{Kind: store.Human, TokenHash: room.HashToken(toks[1]), Joined: true}})
		if err != nil {
			t.Fatal(err)
		}
		rec.Clock = store.Clock{Initial: time.Minute, Increment: 3 * time.Second}
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		start := func() (*room.Manager, *room.Room, *room.Sub) {
			m := room.NewManager(room.Options{Store: st, Games: games.Registry(), IdleTimeout: time.Hour})
			r, err := m.Acquire(ctx, rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			sub := room.NewSub(64)
			if _, ref := r.Join(ctx, sub, 0, toks); ref != nil {
				t.Fatal(ref)
			}
			return m, r, sub
		}
		m, r, sub := start()
		move := func() {
			t.Helper()
			s, _ := r.Summary()
			v := s.Version
			var first struct{ Notation string }
			b, _ := json.Marshal(s.View.Moves[0])
			json.Unmarshal(b, &first)
			r.Do(sub, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr(first.Notation), ID: "m"})
			for msg := range sub.Out {
				var x struct{ Type, Code, Message string }
				json.Unmarshal(msg, &x)
				if x.Type == "error" {
					t.Fatalf("move refused: %s %s", x.Code, x.Message)
				}
				if x.Type == "ack" {
					return
				}
			}
		}
		clocks := func(r *room.Room) *room.ClockJSON {
			s, _ := r.Summary()
			return s.Clock
		}
		move() // free: starts the clocks, seat 1 to move
		time.Sleep(20 * time.Second)
		move() // seat 1: 60 - 20 + 3
		time.Sleep(15 * time.Second)
		c := clocks(r)
		if c.Running != 0 || *c.LeftMS[0] != 45000 || *c.LeftMS[1] != 43000 {
			t.Fatalf("clocks after 20 s and 15 s: running %d, left %d %d; want 0, 45000, 43000", c.Running, *c.LeftMS[0], *c.LeftMS[1])
		}

		// A restart: the clocks come back from the log, still running.
		m.Release(r)
		m.Close()
		time.Sleep(5 * time.Second) // the server is down: seat 0's time still runs
		m, r, sub = start()
		defer m.Close()
		defer m.Release(r)
		c = clocks(r)
		if c.Running != 0 || *c.LeftMS[0] != 40000 || *c.LeftMS[1] != 43000 {
			t.Fatalf("clocks after a restart: running %d, left %d %d; want 0, 40000, 43000", c.Running, *c.LeftMS[0], *c.LeftMS[1])
		}

		time.Sleep(39 * time.Second)
		synctest.Wait()
		if s, _ := r.Summary(); s.View.Outcome != nil {
			t.Fatalf("the game ended with 1 s left: %+v", s.View.Outcome)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		s, _ := r.Summary()
		o := s.View.Outcome
		if o == nil || o.Reason != "time" || o.Results[0] != game.Loss || o.Results[1] != game.Win || s.Status != store.StatusFinished {
			t.Fatalf("after seat 0's time ran out: status %s, outcome %+v", s.Status, o)
		}
		evs, _ := st.Events(ctx, rec.ID, 0)
		if n := len(evs); n < 2 || evs[n-2].Kind != room.KindTimeout || evs[n-2].Player != 0 || evs[n-1].Kind != room.KindEnd {
			t.Errorf("the log does not end with seat 0's timeout and the end: %+v", evs)
		}
		// The export replays, timeout included, with its time control.
		fin, _ := st.Game(ctx, rec.ID)
		x := room.ExportOf(fin, evs)
		if _, err := room.Verify(games.Registry(), x); err != nil || x.Clock == nil || x.Clock.InitialMS != 60000 {
			t.Errorf("verify the export of the game lost on time: %v (clock %+v)", err, x.Clock)
		}
		x.Clock = nil
		if _, err := room.Verify(games.Registry(), x); err == nil {
			t.Error("the export without its clock verifies: the timeout should not replay")
		}
		// The clocks of the finished game, rebuilt from the log, are stopped at zero.
		if c := clocks(r); c.Running != -1 || *c.LeftMS[0] != 0 || *c.LeftMS[1] != 43000 {
			t.Errorf("clocks of the finished game: running %d, left %d %d", c.Running, *c.LeftMS[0], *c.LeftMS[1])
		}
	})
}

// A game whose clock runs ends on time even when nobody is connected: its
// room is not unloaded while the clock runs.
func TestRoomFlagsWithoutClients(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		tok := room.NewToken()
		rec, _ := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
			{Kind: store.AI, Level: "easy"}, {Kind: store.Human, TokenHash: room.HashToken(tok), Joined: true}})
		rec.Clock = store.Clock{Initial: time.Minute}
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		// Seat 0, the AI, moves first; then seat 1's clock runs.
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), IdleTimeout: 5 * time.Second, AITime: time.Second})
		defer m.Close()
		r, err := m.Acquire(ctx, rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		m.Release(r)
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		g, _ := st.Game(ctx, rec.ID)
		if g.Status != store.StatusFinished || !strings.Contains(string(g.Result), `"reason":"time"`) {
			t.Errorf("2 minutes after, with nobody connected: status %s, result %s; want finished on time", g.Status, g.Result)
		}
		if m.Live() != 0 {
			t.Errorf("%d rooms still loaded after the game ended and the idle time passed", m.Live())
		}
	})
}
