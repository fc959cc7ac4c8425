package room

import (
	"slices"
	"time"

	"plateau/protocol"
)

// Resolve turns a client's message to a connection holding seats (see
// package protocol: its shape is checked already) into an action of one
// seat: the seat named, else the held seat the action fits (the one to
// move for a move or a draw offer, one that did not ask for a pending draw
// or undo, the one that moved last for an undo request). It reads p and
// writes nothing. It refuses only what concerns the connection: a
// spectator, a seat it does not hold, no held seat fit for the request,
// an unknown request. Whether the action is allowed now (its version, the
// game's end, whose turn it is) is Decide's to say, and only Decide's.
func Resolve(p *Play, held []int, m protocol.ClientMsg, now time.Time) (int, Action, error) {
	a := Action{Version: m.Version, Time: now}
	if m.Move != nil {
		a.Move = *m.Move
	}
	if len(held) == 0 {
		return -1, a, refuse("not_allowed", "spectators cannot play: connect with a seat token")
	}
	seat := -1
	if m.Seat != nil {
		if !slices.Contains(held, *m.Seat) {
			return -1, a, refuse("not_allowed", "this connection does not hold seat %d", *m.Seat)
		}
		seat = *m.Seat
	}
	pick := func(fits func(int) bool) int { // the given seat, else the first held seat that fits
		if seat >= 0 {
			return seat
		}
		for _, s := range held {
			if fits(s) {
				return s
			}
		}
		return -1
	}
	anySeat := func(int) bool { return true }
	toMove := func(x int) bool { return x == int(p.State.ToMove()) }
	noSeat := func(what string) error {
		return refuse("not_allowed", "this connection holds no seat that may %s now", what)
	}
	switch m.Type {
	case "move":
		a.Kind = ActMove
		if s := pick(toMove); s >= 0 {
			return s, a, nil
		}
		return held[0], a, nil // Decide says whose turn it is
	case "resign":
		a.Kind = ActResign
		return pick(anySeat), a, nil
	case "rematch":
		a.Kind = ActRematch
		return pick(anySeat), a, nil
	case "berserk":
		a.Kind = ActBerserk
		if s := pick(func(x int) bool { return p.movesOf(x) == 0 }); s >= 0 {
			return s, a, nil
		}
		return pick(anySeat), a, nil
	case "draw":
		return resolveDraw(p, a, m.Action, pick, toMove, noSeat)
	case "undo":
		switch m.Action {
		case "request":
			a.Kind = ActUndoRequest
			s := seat
			for i := len(p.Moves) - 1; i >= 0 && s < 0; i-- { // the held seat that moved last
				if slices.Contains(held, p.Moves[i].Player) {
					s = p.Moves[i].Player
				}
			}
			if s < 0 {
				s = held[0]
			}
			return s, a, nil
		case "accept", "decline":
			a.Kind = map[string]string{"accept": ActUndoAccept, "decline": ActUndoDecline}[m.Action]
			s := pick(func(x int) bool { return x != p.Undo })
			if s < 0 {
				return -1, a, noSeat(m.Action + " an undo request")
			}
			return s, a, nil
		}
		return -1, a, refuse("bad_message", "undo action %q is not request, accept or decline", m.Action)
	}
	return -1, a, refuse("bad_message", "unknown message type %q", m.Type)
}

// resolveDraw resolves a draw message: an offer by the seat to move (else
// any held seat), an answer by a seat that did not offer.
func resolveDraw(p *Play, a Action, action string, pick func(func(int) bool) int, toMove func(int) bool, noSeat func(string) error) (int, Action, error) {
	var s int
	switch action {
	case "offer":
		a.Kind = ActDrawOffer
		if s = pick(toMove); s < 0 {
			s = pick(func(int) bool { return true })
		}
	case "accept", "decline":
		a.Kind = map[string]string{"accept": ActDrawAccept, "decline": ActDrawDecline}[action]
		s = pick(func(x int) bool { return x != p.Draw })
	default:
		return -1, a, refuse("bad_message", "draw action %q is not offer, accept or decline", action)
	}
	if s < 0 {
		return -1, a, noSeat(action + " a draw")
	}
	return s, a, nil
}
