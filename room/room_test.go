package room_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"plateau/ai"
	"plateau/game"
	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// openStore opens a store in a temporary directory, which checks that
// every game's record is the projection of its log (see projected).
func openStore(t testing.TB) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	p := &projected{Store: st}
	t.Cleanup(func() { p.report(t) }) // after the store is closed: the rooms have stopped
	t.Cleanup(func() { st.Close() })
	return p
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// newGame stores a game of dames with seats of the given kinds ("h" a
// human, "a" an AI) and returns its id and the human seats' tokens.
func newGame(t *testing.T, st store.Store, kinds string) (string, []string) {
	t.Helper()
	var seats []store.Seat
	var toks []string
	for _, k := range kinds {
		if k == 'a' {
			seats = append(seats, store.Seat{Kind: store.AI, Level: "easy"})
			continue
		}
		tok := room.NewToken()
		toks = append(toks, tok)
		seats = append(seats, store.Seat{Kind: store.Human, TokenHash: room.HashToken(tok), Joined: true})
	}
	rec, err := room.NewGameRecord("dames", map[string]string{}, false, seats)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Create(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return rec.ID, toks
}

// msg is what tests read of a server message.
type msg struct {
	Type, Code, Message string
	Version             int64
	Event               struct {
		Kind, Notation string
		Player         int
	}
}

// next returns sub's next message (false once sub is dropped and its
// messages are read), failing after a deadline.
func next(t *testing.T, sub *room.Sub) (msg, bool) {
	t.Helper()
	decode := func(b []byte) (msg, bool) {
		var m msg
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("message %s: %v", b, err)
		}
		return m, true
	}
	select { // what was sent before a drop comes first
	case b := <-sub.Out:
		return decode(b)
	default:
	}
	select {
	case b := <-sub.Out:
		return decode(b)
	case <-sub.Gone:
		if len(sub.Out) > 0 {
			return decode(<-sub.Out)
		}
		return msg{}, false
	case <-time.After(10 * time.Second):
		t.Fatal("no message within 10 s")
	}
	return msg{}, false
}

// until reads sub's messages until one of type typ; it fails on an error.
func until(t *testing.T, sub *room.Sub, typ string) msg {
	t.Helper()
	for {
		m, ok := next(t, sub)
		if !ok {
			t.Fatalf("dropped (%s) waiting for %s", sub.Reason, typ)
		}
		if m.Type == typ {
			return m
		}
		if m.Type == "error" {
			t.Fatalf("error %s: %s, waiting for %s", m.Code, m.Message, typ)
		}
	}
}

func join(t *testing.T, m *room.Manager, id string, toks ...string) (*room.Room, *room.Sub) {
	t.Helper()
	ctx := context.Background()
	r, err := m.Acquire(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Release(r) })
	sub := room.NewSub(256)
	if _, ref := r.Join(ctx, sub, 0, toks); ref != nil {
		t.Fatal(ref)
	}
	return r, sub
}

// A game whose log no longer replays does not load; a room that panics
// (here: its AI seat's player factory) fails alone, telling its clients;
// the other games go on.
func TestRoomFailsAlone(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	broken, _ := newGame(t, st, "hh")
	raw := st.(*projected).Store // a log that does not replay, on purpose
	if err := raw.Append(ctx, broken, []store.Event{{Seq: 1, Kind: room.KindMove, Player: 0, Notation: "31-20", Time: t0}}, nil); err != nil {
		t.Fatal(err)
	}
	panicky, ptoks := newGame(t, st, "ha")
	healthy, htoks := newGame(t, st, "hh")
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet,
		AI: func(gameID, level string) (ai.Player, error) { panic("a player factory that panics") }})
	defer m.Close()

	if r, err := m.Acquire(ctx, broken); err == nil {
		m.Release(r)
		t.Fatal("a game whose log does not replay loaded")
	}

	r, sub := join(t, m, panicky, ptoks...)
	v := int64(0)
	r.Do(sub, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr("32-28"), ID: "m1"})
	var sawError bool
	for {
		msg, ok := next(t, sub)
		if !ok {
			break
		}
		if msg.Type == "error" && msg.Code == "internal" {
			sawError = true
		}
	}
	if !sawError || sub.Reason == "" {
		t.Errorf("the client of the failed room got no error (reason %q)", sub.Reason)
	}

	_, hsub := join(t, m, healthy, htoks...)
	hr, _ := m.Acquire(ctx, healthy)
	defer m.Release(hr)
	hr.Do(hsub, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr("32-28"), ID: "h1"})
	if a := until(t, hsub, "ack"); a.Version != 1 {
		t.Errorf("the healthy game's ack: %+v", a)
	}
	if evs, _ := st.Events(ctx, panicky, 0); len(evs) != 1 {
		t.Errorf("the failed game has %d events, want its one durable move", len(evs))
	}
}

// Two writers on one game (two managers on one database, like two server
// instances): the one that loses the race fails its room, tells its
// clients, and the next Acquire reloads the game from the log.
func TestConflictReloads(t *testing.T) {
	st := openStore(t)
	id, toks := newGame(t, st, "hh")
	m1 := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m1.Close()
	m2 := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m2.Close()
	r1, sub1 := join(t, m1, id, toks...)
	r2, sub2 := join(t, m2, id, toks...)

	v := int64(0)
	r1.Do(sub1, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr("32-28"), ID: "a"})
	if a := until(t, sub1, "ack"); a.Version != 1 {
		t.Fatalf("first writer's ack: %+v", a)
	}
	r2.Do(sub2, protocol.ClientMsg{Type: "move", Version: &v, Move: ptr("31-27"), ID: "b"})
	m, ok := next(t, sub2)
	if !ok || m.Type != "error" || m.Code != "internal" {
		t.Fatalf("second writer got %+v (dropped: %q), want an internal error", m, sub2.Reason)
	}
	if _, ok := next(t, sub2); ok {
		t.Fatal("the second writer's client was not disconnected")
	}
	r3, sub3 := join(t, m2, id, toks...)
	if r3 == r2 {
		t.Fatal("the failed room is still loaded")
	}
	s, _ := r3.Summary()
	if s.Version != 1 || len(s.Moves) != 1 || s.Moves[0].Notation != "32-28" {
		t.Fatalf("reloaded game at version %d, moves %+v; want the first writer's move", s.Version, s.Moves)
	}
	w := int64(1)
	r3.Do(sub3, protocol.ClientMsg{Type: "move", Version: &w, Move: ptr("19-23"), ID: "c"})
	if a := until(t, sub3, "ack"); a.Version != 2 {
		t.Errorf("after the reload: ack %+v", a)
	}
}

// countingPlayer plays random moves and counts what is done with it.
type countingPlayer struct {
	mu      *sync.Mutex
	p       *ai.Random
	bad     bool // its first move is not legal
	panics  bool // its first Choose panics
	chooses int
	closed  int
	active  bool
}

func (c *countingPlayer) Choose(ctx context.Context, s game.State) (ai.Decision, error) {
	c.mu.Lock()
	if c.active {
		c.mu.Unlock()
		panic("two searches at once on one player")
	}
	c.active = true
	c.chooses++
	bad, panics := c.bad && c.chooses == 1, c.panics && c.chooses == 1
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.active = false
		c.mu.Unlock()
	}()
	if panics {
		panic("a player that panics")
	}
	if bad { // the opponent's move: not legal now
		q := s.Clone()
		q.Play(q.Moves(nil)[0])
		return ai.Decision{Move: q.Moves(nil)[0]}, nil
	}
	return c.p.Choose(ctx, s)
}

func (c *countingPlayer) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed++
}

type playerLog struct {
	mu        sync.Mutex
	players   []*countingPlayer
	badNext   bool
	panicNext bool
}

func (l *playerLog) factory(gameID, level string) (ai.Player, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := &countingPlayer{mu: &l.mu, p: ai.NewRandom(uint64(len(l.players))), bad: l.badNext, panics: l.panicNext}
	l.badNext, l.panicNext = false, false
	l.players = append(l.players, p)
	return p, nil
}

// An AI seat's player is made once and kept for the game; the manager's
// Close waits for the searches and closes the players. Past Options.AIKept
// players kept, a seat's player serves one move.
func TestAIPlayerKeptForTheGame(t *testing.T) {
	for _, kept := range []int{0, 1} {
		st := openStore(t)
		id, _ := newGame(t, st, "aa")
		var log playerLog
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet, AI: log.factory, AITime: time.Second, AIKept: kept})
		_, sub := join(t, m, id)
		for moves := 0; moves < 20; {
			if until(t, sub, "event").Event.Kind == room.KindMove {
				moves++
			}
		}
		m.Close()
		log.mu.Lock()
		for i, p := range log.players {
			if p.closed != 1 || p.active {
				t.Errorf("AIKept %d: player %d closed %d times, searching %v; want 1, false", kept, i, p.closed, p.active)
			}
		}
		switch n := len(log.players); {
		case kept == 0 && (n != 2 || log.players[0].chooses < 10 || log.players[1].chooses < 10):
			t.Errorf("%d players made for 2 AI seats; want 2, each choosing every move of its seat", n)
		case kept == 1 && (n < 11 || log.players[0].chooses < 10):
			t.Errorf("AIKept 1: %d players made (the first chose %d moves); want the first kept, one for every move of the other seat", n, log.players[0].chooses)
		}
		log.mu.Unlock()
	}
}

// A move of an AI seat that the game refuses is logged, and a fresh player
// replaces the one that chose it; a player that panics is replaced too
// (its move is a random one), and the room goes on.
func TestAIRefusedMoveRetried(t *testing.T) {
	for _, panics := range []bool{false, true} {
		st := openStore(t)
		id, toks := newGame(t, st, "ah")
		log := playerLog{badNext: !panics, panicNext: panics}
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet, AI: log.factory})
		r, _ := join(t, m, id, toks...)
		var s room.Summary
		for deadline := time.Now().Add(10 * time.Second); s.Version == 0; {
			if time.Now().After(deadline) {
				t.Fatal("no AI move within 10 s")
			}
			time.Sleep(time.Millisecond)
			s, _ = r.Summary()
		}
		if len(s.Moves) != 1 || s.Moves[0].Player != 0 {
			t.Fatalf("moves %+v, want the AI's move", s.Moves)
		}
		log.mu.Lock()
		if len(log.players) < 1 || log.players[0].closed != 1 || (!panics && (len(log.players) != 2 || log.players[1].chooses != 1)) {
			t.Errorf("panics %v: %d players made; want the failed one closed (and a fresh one after a refusal)", panics, len(log.players))
		}
		log.mu.Unlock()
		m.Close()
	}
}

// A rematch stores the new game with the seats (and their tokens) in the
// game's order: Master Bénédictine seats the loser first, draughts swaps.
func TestRematchSeats(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		game   string
		loser  int
		first0 bool // old seat 0's token holds the new seat 0
	}{
		{"benedictine", 0, true},
		{"benedictine", 1, false},
		{"dames", 0, false},
		{"dames", 1, false},
	} {
		st := openStore(t)
		toks := []string{room.NewToken(), room.NewToken()}
		rec, _ := room.NewGameRecord(tc.game, map[string]string{}, false, []store.Seat{
			{Kind: store.Human, TokenHash: room.HashToken(toks[0]), Joined: true},
			{Kind: store.Human, TokenHash: room.HashToken(toks[1]), Joined: true}})
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
		r, sub := join(t, m, rec.ID, toks...)
		loser := tc.loser
		r.Do(sub, protocol.ClientMsg{Type: "resign", Seat: &loser})
		until(t, sub, "ack")
		r.Do(sub, protocol.ClientMsg{Type: "rematch", ID: "r"})
		until(t, sub, "ack")
		s, _ := r.Summary()
		next, err := st.Game(ctx, s.RematchID)
		if err != nil {
			t.Fatalf("%s: the rematch %q: %v", tc.game, s.RematchID, err)
		}
		got0 := string(next.Seats[0].TokenHash) == string(room.HashToken(toks[0]))
		if got0 != tc.first0 || next.RematchOf != rec.ID {
			t.Errorf("%s, seat %d resigned: old seat 0 holds new seat 0: %v, want %v", tc.game, tc.loser, got0, tc.first0)
		}
		m.Close()
	}
}

// TestRatedSeatTakesItsAccountOnly: a rated seat refuses a connection of
// another account at join, and a command from a connection not signed in
// as the seat's account (here the seat is bound to none yet).
func TestRatedSeatTakesItsAccountOnly(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	toks := []string{room.NewToken(), room.NewToken()}
	seats := []store.Seat{
		{Kind: store.Human, TokenHash: room.HashToken(toks[0]), Account: "ann", Joined: true},
		{Kind: store.Human, TokenHash: room.HashToken(toks[1]), Joined: true},
	}
	rec, err := room.NewGameRecord("dames", map[string]string{}, false, seats)
	if err != nil {
		t.Fatal(err)
	}
	rec.Rated = true
	if err := st.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m.Close()
	r, err := m.Acquire(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release(r)
	cara := room.NewSub(16)
	cara.Account = "cara"
	if _, ref := r.Join(ctx, cara, 0, toks[:1]); ref == nil || ref.Code != "not_your_seat" {
		t.Errorf("cara joining ann's rated seat: %v, want not_your_seat", ref)
	}
	// Seat 1 is bound to no account: cara joins it, but cannot play it.
	if _, ref := r.Join(ctx, cara, 0, toks[1:]); ref != nil {
		t.Fatal(ref)
	}
	r.Do(cara, protocol.ClientMsg{Type: "resign", ID: "r1"})
	if m := until(t, cara, "error"); m.Code != "not_your_seat" {
		t.Errorf("cara's resignation of an unbound rated seat: %s %s, want not_your_seat", m.Code, m.Message)
	}
	ann := room.NewSub(16)
	ann.Account = "ann"
	if _, ref := r.Join(ctx, ann, 0, toks[:1]); ref != nil {
		t.Fatalf("ann joining her seat: %v", ref)
	}
}
