package room

import (
	"errors"
	"slices"

	"plateau/store"
)

// applySeat applies seat event e (store.KindJoin), whose data is d, to
// the game's record: a join marks the seat joined (and the game live once
// every human seat has joined), a claim sets the seat's token hash, an
// account event its account. A play without a record (an export's) only
// checks the seat.
func (p *Play) applySeat(e store.Event, d *eventData) error {
	if p.Rec == nil {
		if e.Player < 0 || e.Player >= p.State.Players() {
			return refuse("internal", "%s event of seat %d of %d", e.Kind, e.Player, p.State.Players())
		}
		return nil
	}
	if e.Player < 0 || e.Player >= len(p.Rec.Seats) {
		return refuse("not_found", "game %s has no seat %d (seats 0 to %d)", p.Rec.ID, e.Player, len(p.Rec.Seats)-1)
	}
	seat := p.Rec.Seats[e.Player]
	if err := store.CheckSeatEvent(seat, e.Kind, store.SeatData{TokenHash: d.TokenHash, Account: d.Account}); err != nil {
		code := "seat_taken"
		if errors.Is(err, store.ErrSeatNotOpen) {
			code = "seat_not_open"
		}
		return refuse(code, "seat %d of game %s: %v", e.Player, p.Rec.ID, err)
	}
	switch e.Kind {
	case KindJoin:
		if seat.Kind != store.Human {
			return refuse("not_allowed", "seat %d of game %s is not a human seat", e.Player, p.Rec.ID)
		}
		seat.Joined = true
	case KindClaim:
		if len(d.TokenHash) == 0 {
			return refuse("internal", "claim event %d has no token hash", e.Seq)
		}
		seat.TokenHash = d.TokenHash
	case KindAccount:
		if d.Account == "" {
			return refuse("internal", "account event %d has no account", e.Seq)
		}
		seat.Account, seat.Name = d.Account, d.Name
	}
	rec := p.ownRec()
	rec.Seats[e.Player] = seat
	if e.Kind == KindJoin && rec.Status == store.StatusOpen && allJoined(rec.Seats) {
		rec.Status = store.StatusLive
	}
	return nil
}

// ownRec replaces p's record by a copy (its seats too) and returns it, to
// be changed: the record p had, which clones share, stays as it was.
func (p *Play) ownRec() *store.Game {
	c := *p.Rec
	c.Seats = slices.Clone(p.Rec.Seats)
	p.Rec = &c
	return &c
}

// allJoined reports whether every human seat has joined.
func allJoined(seats []store.Seat) bool {
	for _, st := range seats {
		if st.Kind == store.Human && !st.Joined {
			return false
		}
	}
	return true
}

// startOf returns a copy of rec with the seats its log starts from
// (rec.Start, or rec.Seats when it has none).
func startOf(rec *store.Game) *store.Game {
	c := *rec
	if rec.Start != nil {
		c.Seats = slices.Clone(rec.Start)
	} else {
		c.Seats = slices.Clone(rec.Seats)
	}
	return &c
}

// sameSeats reports whether the seats a, replayed from the log, are the
// seats b that the store projected (names aside: the store reads them from
// the accounts).
func sameSeats(a, b []store.Seat) bool {
	return slices.EqualFunc(a, b, func(x, y store.Seat) bool {
		return x.Kind == y.Kind && x.Level == y.Level && string(x.TokenHash) == string(y.TokenHash) &&
			x.Joined == y.Joined && x.Open == y.Open && x.Account == y.Account
	})
}
