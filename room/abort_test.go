package room_test

import (
	"fmt"
	"testing"
	"time"

	"plateau/games"
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
			// As an export carries it (ToJSON, then EventOf).
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
			if a, b := fmt.Sprint(q.Outcome()), fmt.Sprint(o); a != b {
				t.Errorf("the replay ends %s, the game %s", a, b)
			}
		})
	}
}
