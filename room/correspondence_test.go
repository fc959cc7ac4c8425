package room_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// fakeClock is the injected time of correspondence tests: days pass at
// once.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

const day = 24 * time.Hour

// A correspondence clock gives each move its own time: after a move the
// seat to move has the whole of it, whatever the previous moves took; an
// offer does not reset it; a move past it is refused and the timeout ends
// the game.
func TestCorrespondenceClock(t *testing.T) {
	p := newPlay(t, "dames", nil, store.Clock{PerMove: 2 * day}, store.Human, store.Human)
	mustApply(t, p, room.KindMove, 0, t0) // free: it starts the clocks
	if c := p.Clock; c.Running != 1 || c.Left[1] != 2*day {
		t.Fatalf("after the first move: %v", c)
	}
	mustApply(t, p, room.KindMove, 1, t0.Add(47*time.Hour))
	if c := p.Clock; c.Running != 0 || c.Left[0] != 2*day || c.Left[1] != 2*day {
		t.Fatalf("after a move made with 1 h left: %v; want 2 days each, seat 0 running", c)
	}
	j := p.Clock.JSON(t0.Add(47*time.Hour + 19*time.Hour))
	if j.PerMoveMS != (2*day).Milliseconds() || j.InitialMS != 0 || *j.LeftMS[0] != (29*time.Hour).Milliseconds() {
		t.Errorf("clocks 19 h into seat 0's move: %+v", j)
	}
	mustApply(t, p, room.KindDrawOffer, 1, t0.Add(60*time.Hour))
	if c := p.Clock; c.Running != 0 || c.Left[0] != 35*time.Hour {
		t.Fatalf("after a draw offer 13 h into the move: %v; want 35 h left", c)
	}
	flag := t0.Add(47*time.Hour + 2*day)
	var ref *room.Refusal
	if err := apply(p, room.KindMove, 0, flag); !errors.As(err, &ref) || ref.Code != "time" {
		t.Fatalf("a move at the deadline = %v, want refused (time)", err)
	}
	if err := apply(p, room.KindTimeout, 0, flag.Add(-time.Millisecond)); err == nil {
		t.Fatal("a timeout before the deadline was accepted")
	}
	mustApply(t, p, room.KindTimeout, 0, flag)
	if o := p.Outcome(); !o.Over || o.Reason != "time" || o.Results[0] != game.Loss || o.Results[1] != game.Win {
		t.Errorf("outcome: %+v", o)
	}
}

// corrGame stores a dames game of two accounts' seats with a clock of
// perMove a move; it returns the game's id and the seats' tokens.
func corrGame(t *testing.T, st store.Store, perMove time.Duration, accounts ...string) (string, []string) {
	t.Helper()
	ctx := context.Background()
	toks := []string{room.NewToken(), room.NewToken()}
	var seats []store.Seat
	for i, a := range accounts {
		if _, err := st.Account(ctx, a); errors.Is(err, store.ErrNotFound) {
			if err := st.CreateAccount(ctx, &store.Account{ID: a, Name: a, PasswordHash: "x", Created: time.Now().UTC()}); err != nil {
				t.Fatal(err)
			}
		}
		seats = append(seats, store.Seat{Kind: store.Human, TokenHash: room.HashToken(toks[i]), Joined: true, Account: a})
	}
	rec, err := room.NewGameRecord("dames", map[string]string{}, false, seats)
	if err != nil {
		t.Fatal(err)
	}
	rec.Clock = store.Clock{PerMove: perMove}
	if err := st.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	return rec.ID, toks
}

// moveAndLeave plays seat's first legal move in game id on m, as a player
// who then closes the page, and returns the version after it.
func moveAndLeave(t *testing.T, m *room.Manager, id string, seat int, toks []string) int64 {
	t.Helper()
	ctx := context.Background()
	r, err := m.Acquire(ctx, id)
	if err != nil {
		t.Fatalf("load game %s: %v", id, err)
	}
	defer m.Release(r)
	sub := room.NewSub(64)
	if _, ref := r.Join(ctx, sub, 0, toks[seat:seat+1]); ref != nil {
		t.Fatal(ref)
	}
	defer r.Leave(sub)
	s, _ := r.Summary()
	if int(s.View.ToMove) != seat {
		t.Fatalf("game %s: seat %d to move, want %d", id, s.View.ToMove, seat)
	}
	var first struct{ Notation string }
	b, _ := json.Marshal(s.View.Moves[0])
	json.Unmarshal(b, &first)
	v := s.Version
	r.Do(sub, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr(first.Notation), ID: "m"})
	for msg := range sub.Out {
		var x struct {
			Type, Code, Message string
			Version             int64
		}
		json.Unmarshal(msg, &x)
		if x.Type == "error" {
			t.Fatalf("move refused: %s %s", x.Code, x.Message)
		}
		if x.Type == "ack" {
			return v + 1
		}
	}
	t.Fatal("the room closed before the move's ack")
	return 0
}

// awaiting checks the games awaiting account's move: want, due at.
func awaiting(t *testing.T, st store.Store, account string, want []store.Deadline) {
	t.Helper()
	got, err := st.Awaiting(context.Background(), account, 0)
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("awaiting %s's move: %v, %v; want %v", account, got, err, want)
	}
}

// waitFinished waits (real time) until game id ends, and returns it.
func waitFinished(t *testing.T, st store.Store, id string) *store.Game {
	t.Helper()
	for range 500 {
		if g, err := st.Game(context.Background(), id); err == nil && g.Status == store.StatusFinished {
			return g
		}
		time.Sleep(10 * time.Millisecond)
	}
	g, _ := st.Game(context.Background(), id)
	t.Fatalf("game %s not finished: %+v", id, g)
	return nil
}

// A correspondence game waits across a restart of the server (a new
// manager on the same database file): its deadline stays stored, the game
// goes on, and the timeout at the next deadline ends it, with the clock
// injected so that days pass at once.
func TestCorrespondenceSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.db")
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	clock := &fakeClock{t: time.Now().UTC().Truncate(time.Millisecond)}
	opts := room.Options{Store: st, Games: games.Registry(), Log: quiet, Now: clock.Now, WheelEvery: 10 * time.Millisecond}
	m := room.NewManager(opts)
	id, toks := corrGame(t, st, 3*day, "ann", "bob")
	moveAndLeave(t, m, id, 0, toks)
	first := clock.Now()
	awaiting(t, st, "bob", []store.Deadline{{Game: id, At: first.Add(3 * day), Seat: 1}})
	awaiting(t, st, "ann", nil)
	m.Close()
	st.Close()

	clock.Add(2*day + 23*time.Hour) // the server is down for most of the move's time
	if st, err = sqlite.Open(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	opts.Store = st
	m = room.NewManager(opts)
	defer m.Close()
	time.Sleep(50 * time.Millisecond) // the wheel reads the deadlines: none is due
	if g, _ := st.Game(ctx, id); g.Status == store.StatusFinished {
		t.Fatalf("game ended an hour before its deadline: %s", g.Result)
	}
	awaiting(t, st, "bob", []store.Deadline{{Game: id, At: first.Add(3 * day), Seat: 1}})
	moveAndLeave(t, m, id, 1, toks)
	second := clock.Now()
	awaiting(t, st, "bob", nil)
	awaiting(t, st, "ann", []store.Deadline{{Game: id, At: second.Add(3 * day), Seat: 0}})

	clock.Add(3*day - time.Second)
	time.Sleep(50 * time.Millisecond)
	if g, _ := st.Game(ctx, id); g.Status == store.StatusFinished {
		t.Fatalf("game ended a second before its deadline: %s", g.Result)
	}
	clock.Add(time.Second)
	lostOnTime(t, st, id, 0, second.Add(3*day))
	awaiting(t, st, "ann", nil)

	// The export replays with its clock of 3 days a move, and not with 4
	// (the timeout would come a day early); the record's hash covers it.
	x := exportOf(t, st, id)
	if x.Clock == nil || x.Clock.PerMoveMS != (3*day).Milliseconds() {
		t.Fatalf("export's clock %+v", x.Clock)
	}
	if _, err := room.Verify(games.Registry(), x); err != nil {
		t.Errorf("Verify: %v", err)
	}
	h3, _ := room.RecordHash(x)
	x.Clock.PerMoveMS = (4 * day).Milliseconds()
	if _, err := room.Verify(games.Registry(), x); err == nil {
		t.Error("Verify with 4 days a move accepted a timeout after 3")
	}
	if h4, _ := room.RecordHash(x); slices.Equal(h3, h4) {
		t.Error("the record's hash does not cover the days a move")
	}
}

// lostOnTime waits until game id ends, and checks that seat (0 or 1) lost
// it on time, its timeout at its deadline at.
func lostOnTime(t *testing.T, st store.Store, id string, seat int, at time.Time) {
	t.Helper()
	g := waitFinished(t, st, id)
	var res struct {
		Reason  string
		Results []string
	}
	json.Unmarshal(g.Result, &res)
	want := []string{"loss", "win"}
	if seat == 1 {
		want = []string{"win", "loss"}
	}
	if res.Reason != "time" || !slices.Equal(res.Results, want) {
		t.Errorf("result %s; want seat %d lost on time", g.Result, seat)
	}
	evs, _ := st.Events(context.Background(), id, 0)
	if i := slices.IndexFunc(evs, func(e store.Event) bool { return e.Kind == room.KindTimeout }); i < 0 || evs[i].Player != seat || !evs[i].Time.Equal(at) {
		t.Errorf("events %+v: want seat %d's timeout at its deadline %v", evs, seat, at)
	}
}
