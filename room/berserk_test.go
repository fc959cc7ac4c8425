package room_test

import (
	"errors"
	"testing"
	"time"

	"plateau/games"
	"plateau/room"
	"plateau/store"
)

// TestBerserk: in a game that allows it, a player who berserks before
// their first move loses half the initial time and gains no increment
// after; berserk is refused after one's first move, twice, and in a game
// that does not allow it; a replay of the log finds the same clocks.
func TestBerserk(t *testing.T) {
	first := func(p *room.Play) string { return p.State.FormatMove(p.State.Moves(nil)[0]) }
	refused := func(t *testing.T, p *room.Play, seat int, what string) {
		t.Helper()
		_, err := room.Decide(p, seat, room.Action{Kind: room.ActBerserk, Time: t0})
		var ref *room.Refusal
		if !errors.As(err, &ref) || ref.Code != "not_allowed" {
			t.Errorf("%s: %v, want not_allowed", what, err)
		}
	}
	c := store.Clock{Initial: time.Minute, Increment: 2 * time.Second, Berserk: true}
	p := table(t, "dames", nil, "hh", false, c)
	var log []store.Event
	log = append(log, do(t, p, 1, room.Action{Kind: room.ActBerserk, Time: t0})...)
	refused(t, p, 1, "a second berserk")
	log = append(log, do(t, p, 0, room.Action{Kind: room.ActMove, Move: first(p), Time: t0.Add(time.Second)})...)
	refused(t, p, 0, "a berserk after one's first move")
	log = append(log, do(t, p, 1, room.Action{Kind: room.ActMove, Move: first(p), Time: t0.Add(5 * time.Second)})...)
	log = append(log, do(t, p, 0, room.Action{Kind: room.ActMove, Move: first(p), Time: t0.Add(8 * time.Second)})...)
	// The clocks start with the first move. White: 60 s, 3 s spent, one
	// increment; black, berserked: 30 s, 4 s spent, no increment.
	if w, b := p.Clock.Left[0], p.Clock.Left[1]; w != 59*time.Second || b != 26*time.Second {
		t.Errorf("left %v and %v, want 59s and 26s", w, b)
	}
	if j := p.Clock.JSON(t0.Add(8 * time.Second)); !j.Berserk || len(j.Berserked) != 2 || j.Berserked[0] || !j.Berserked[1] {
		t.Errorf("clock JSON %+v: want berserk allowed, seat 1 berserked", j)
	}
	full := append(append([]store.Event(nil), start(t, "dames", c)...), log...)
	q, err := room.Replay(games.Registry(), p.Rec, full)
	if err != nil {
		t.Fatal(err)
	}
	if q.Clock.Left[0] != p.Clock.Left[0] || q.Clock.Left[1] != p.Clock.Left[1] {
		t.Errorf("the replay's clocks %v, the game's %v", q.Clock.Left, p.Clock.Left)
	}

	plain := table(t, "dames", nil, "hh", false, store.Clock{Initial: time.Minute})
	refused(t, plain, 0, "a berserk in a game that does not allow it")
}

// start is the events the server plays at the start of a game (none in
// draughts).
func start(t *testing.T, gameID string, c store.Clock) []store.Event {
	t.Helper()
	rec := &store.Game{ID: "g1", Game: gameID, Clock: c, DiceSeed: []byte("a fixed seed of thirty-two bytes"),
		Seats: []store.Seat{{Kind: store.Human}, {Kind: store.Human}}}
	p, err := room.Replay(games.Registry(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	return do(t, p, -1, room.Action{Kind: room.ActAdvance})
}
