package room_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
)

// TestRatedAbort: a rated game that ends by a resignation, a time-out or
// an agreed draw before each side made two moves is aborted (no results,
// so nothing to rate); from the fourth move on, it ends as any game; a
// casual game is never aborted. The mark is in the event, so a replay of
// the log, or of its export, gives the same end.
func TestRatedAbort(t *testing.T) {
	first := func(p *room.Play) string { return p.State.FormatMove(p.State.Moves(nil)[0]) }
	for _, c := range []struct {
		name    string
		rated   bool
		moves   int
		end     []room.Action // by seat 1 then seat 0 for a draw
		aborted bool
	}{
		{"rated, resigned at once", true, 0, []room.Action{{Kind: room.ActResign}}, true},
		{"rated, resigned after three moves", true, 3, []room.Action{{Kind: room.ActResign}}, true},
		{"rated, resigned after four moves", true, 4, []room.Action{{Kind: room.ActResign}}, false},
		{"rated, drawn at once", true, 0, []room.Action{{Kind: room.ActDrawOffer}, {Kind: room.ActDrawAccept}}, true},
		{"rated, drawn after four moves", true, 4, []room.Action{{Kind: room.ActDrawOffer}, {Kind: room.ActDrawAccept}}, false},
		{"casual, resigned at once", false, 0, []room.Action{{Kind: room.ActResign}}, false},
		// Seat 1's clock runs out before its first move (a one-minute game).
		{"rated, flagged after one move", true, 1, []room.Action{{Kind: room.ActFlag, Time: t0.Add(time.Minute)}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := table(t, "dames", nil, "hh", !c.rated, store.Clock{Initial: time.Minute})
			p.Rec.Rated = c.rated
			p.Rec.Seats[0].Account, p.Rec.Seats[1].Account = "ann", "bob"
			var log []store.Event
			for range c.moves {
				log = append(log, do(t, p, int(p.State.ToMove()), room.Action{Kind: room.ActMove, Move: first(p)})...)
			}
			for i, a := range c.end {
				log = append(log, do(t, p, 1-i, a)...)
			}
			o := p.Outcome()
			if got := o.Over && o.Reason == room.AbortedReason && len(o.Results) == 0; got != c.aborted {
				t.Errorf("outcome %+v: aborted %v, want %v", o, got, c.aborted)
			}
			end := log[len(log)-1]
			upd := room.EndUpdate(log)
			if end.Kind != room.KindEnd || upd == nil {
				t.Fatalf("last event %+v: want the end", end)
			}
			rate, err := room.RateOf(p.Rec, upd.Result)
			if c.rated && (err != nil || (rate == nil) != c.aborted) {
				t.Errorf("RateOf(%s) = %v, %v; want a rating change: %v", upd.Result, rate, err, !c.aborted)
			}
			replaysAsExported(t, p, log)
		})
	}
}

// TestAbortUnstarted: the server aborts a game no player has moved in
// (the dice's first roll is no player's move), with no winner; once a
// player moved it refuses; the abort replays from the game's export.
func TestAbortUnstarted(t *testing.T) {
	first := func(p *room.Play) string { return p.State.FormatMove(p.State.Moves(nil)[0]) }
	for _, c := range []struct {
		game  string
		moves int
		want  string // "" aborted, else the refusal's code
	}{
		{"dames", 0, ""},
		{"mahbousse", 0, ""},
		{"dames", 1, "started"},
	} {
		t.Run(fmt.Sprintf("%s after %d moves", c.game, c.moves), func(t *testing.T) {
			rec := &store.Game{ID: "g1", Game: c.game, Rated: true, Clock: store.Clock{Initial: time.Minute}, DiceSeed: []byte("a fixed seed of thirty-two bytes"),
				Seats: []store.Seat{{Kind: store.Human, Account: "ann"}, {Kind: store.Human, Account: "bob"}}}
			p, err := room.Replay(games.Registry(), rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			log := do(t, p, -1, room.Action{Kind: room.ActAdvance}) // the first roll
			for range c.moves {
				log = append(log, do(t, p, int(p.State.ToMove()), room.Action{Kind: room.ActMove, Move: first(p)})...)
			}
			d, err := room.Decide(p, room.NoPlayer, room.Action{Kind: room.ActAbort, Time: t0})
			if c.want != "" {
				var ref *room.Refusal
				if !errors.As(err, &ref) || ref.Code != c.want {
					t.Fatalf("abort: %v, want %s", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range d.Events {
				if err := p.Apply(e); err != nil {
					t.Fatal(err)
				}
				log = append(log, e)
			}
			if k := kinds(d.Events); fmt.Sprint(k) != "[abort end]" {
				t.Errorf("events %v, want abort then end", k)
			}
			o := p.Outcome()
			if !o.Over || o.Reason != room.AbortedReason || len(o.Results) != 0 {
				t.Errorf("outcome %+v, want aborted without results", o)
			}
			if _, err := room.Decide(p, int(p.State.ToMove()), room.Action{Kind: room.ActResign, Time: t0}); err == nil {
				t.Error("a resignation after the abort was allowed")
			}
			replaysAsExported(t, p, log)
		})
	}
}

// TestRoomAbort: a stored game nobody moved in is aborted by its room, the
// record finished with no winner, and a move sent after it is refused;
// once a player moved, Abort answers ErrStarted and the game goes on.
func TestRoomAbort(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: quiet})
	defer m.Close()
	newGame := func() (*room.Room, []string) {
		toks := []string{room.NewToken(), room.NewToken()}
		rec, err := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
			{Kind: store.Human, TokenHash: room.HashToken(toks[0])}, {Kind: store.Human, TokenHash: room.HashToken(toks[1])}})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Create(ctx, rec); err != nil {
			t.Fatal(err)
		}
		r, err := m.Acquire(ctx, rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Release(r) })
		return r, toks
	}
	r, toks := newGame()
	if err := r.Abort(ctx); err != nil {
		t.Fatalf("abort of an unstarted game: %v", err)
	}
	g, err := st.Game(ctx, r.ID())
	if err != nil || g.Status != store.StatusFinished || !strings.Contains(string(g.Result), `"reason":"aborted"`) {
		t.Fatalf("the aborted game's record: %+v, %v", g, err)
	}
	white := room.NewSub(16)
	if _, ref := r.Join(ctx, white, 0, toks[:1]); ref != nil {
		t.Fatal(ref)
	}
	v, mv := g.Version, "32-28"
	r.Do(white, protocol.ClientMsg{Type: "move", ID: "m1", Move: &mv, Version: &v})
	if m := until(t, white, "error"); m.Code != "game_over" {
		t.Errorf("a move after the abort: %s %s, want game_over", m.Code, m.Message)
	}
	if err := r.Abort(ctx); err != nil {
		t.Errorf("a second abort: %v, want nil (already over)", err)
	}

	r, toks = newGame()
	white = room.NewSub(16)
	if _, ref := r.Join(ctx, white, 0, toks[:1]); ref != nil {
		t.Fatal(ref)
	}
	v = 0
	r.Do(white, protocol.ClientMsg{Type: "move", ID: "m1", Move: &mv, Version: &v})
	until(t, white, "ack")
	if err := r.Abort(ctx); !errors.Is(err, room.ErrStarted) {
		t.Errorf("abort after a move: %v, want ErrStarted", err)
	}
}

// replaysAsExported replays log as an export carries it (ToJSON, then
// EventOf) and checks that it ends as p does.
func replaysAsExported(t *testing.T, p *room.Play, log []store.Event) {
	t.Helper()
	var exported []store.Event
	for _, e := range log {
		x, err := room.EventOf(room.ToJSON(e))
		if err != nil {
			t.Fatal(err)
		}
		exported = append(exported, x)
	}
	q, err := room.Replay(games.Registry(), p.Rec, exported)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := fmt.Sprint(q.Outcome()), fmt.Sprint(p.Outcome()); a != b {
		t.Errorf("the replay ends %s, the game %s", a, b)
	}
}
