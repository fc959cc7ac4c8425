package room

import (
	"fmt"

	"plateau/game"
	"plateau/store"
)

// RematchOrder returns the seating of the rematch of a finished game:
// seat i of the new game is seat order[i] of p. Master Bénédictine seats
// the loser first, as its sheet says ("the loser starts the next game"),
// and swaps the seats after a draw. Every other game rotates the seats by
// one, so that each seat moves first in turn (for two players: the seats
// swap; four-player Intercept keeps its teams, seats 0 and 2 against 1
// and 3).
func RematchOrder(p *Play) []int {
	n := len(p.Rec.Seats)
	order := make([]int, n)
	for i := range order {
		order[i] = (i + 1) % n
	}
	if p.G.ID() == "benedictine" && n == 2 {
		if o := p.Outcome(); o.Over && len(o.Results) == 2 && o.Results[0] == game.Loss {
			order = []int{0, 1}
		}
	}
	return order
}

// rematchRecord returns the record of the rematch of p's game with the
// given id: the same game, variant and time control, rated if p's game is
// and rated says so, the seats (their tokens and accounts) in
// RematchOrder, none joined yet.
func rematchRecord(p *Play, id string, rated bool) (*store.Game, error) {
	order := RematchOrder(p)
	seats := make([]store.Seat, len(order))
	for i, from := range order {
		seats[i] = p.Rec.Seats[from]
		seats[i].Joined = false
	}
	g, err := NewGameRecord(p.Rec.Game, p.Rec.Variant, p.Rec.Casual, seats)
	if err != nil {
		return nil, err
	}
	g.ID, g.RematchOf, g.Clock, g.Rated = id, p.Rec.ID, p.Rec.Clock, p.Rec.Rated && rated
	return g, nil
}

// rematch answers a rematch request of seat: the id of the new game,
// made once (a second request gets the same id), and the version of the
// rematch event.
func (r *Room) rematch(seat int, a Action) (string, int64, error) {
	if r.play.Rematch != "" {
		return r.play.Rematch, r.play.Version, nil
	}
	a.RematchID = NewID()
	d, err := Decide(r.play, seat, a)
	if err != nil {
		return "", 0, err
	}
	rated := true
	if r.play.Rec.Rated && r.m.o.RematchRated != nil {
		accounts := make([]string, len(r.play.Rec.Seats))
		for i, st := range r.play.Rec.Seats {
			accounts[i] = st.Account
		}
		rated = r.m.o.RematchRated(r.ctx, accounts)
	}
	g, err := rematchRecord(r.play, a.RematchID, rated)
	if err != nil {
		return "", 0, refuse("internal", "rematch: %v", err)
	}
	if err := r.m.o.Store.Create(r.ctx, g); err != nil {
		return "", 0, refuse("internal", "rematch: store the new game: %v", err)
	}
	if err := r.commit(r.ctx, d); err != nil {
		return "", 0, fmt.Errorf("rematch: %w", err)
	}
	return a.RematchID, d.Events[0].Seq, nil
}
