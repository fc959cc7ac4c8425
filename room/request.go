package room

import (
	"slices"
	"time"
)

// Request is a client's message to a game, already checked for shape by
// the server (see package protocol).
type Request struct {
	Type    string // move, resign, draw, undo, rematch
	ID      string // echoed in the reply
	Version *int64
	Move    string
	Seat    *int   // the seat to act for, when the connection holds several
	Action  string // draw: offer/accept/decline; undo: request/accept/decline
}

// Resolve turns a request of a connection holding seats into an action of
// one seat: the seat named, else the held seat the action fits (the one to
// move for a move or a draw offer, one that did not ask for a pending draw
// or undo, the one that moved last for an undo request). It reads p and
// writes nothing. It refuses first what Decide would refuse whatever the
// seat (a stale version, a finished game), then a connection that holds no
// seat fit for the request.
func Resolve(p *Play, held []int, req Request, now time.Time) (int, Action, error) {
	a := Action{Version: req.Version, Move: req.Move, Time: now}
	if req.Version != nil && *req.Version != p.Version {
		return -1, a, refuse("stale_version", "the game is at version %d, not %d: reconnect to catch up", p.Version, *req.Version)
	}
	if len(held) == 0 {
		return -1, a, refuse("not_allowed", "spectators cannot play: connect with a seat token")
	}
	if p.Over() && req.Type != "rematch" {
		return -1, a, refuse("game_over", "the game is over")
	}
	seat := -1
	if req.Seat != nil {
		if !slices.Contains(held, *req.Seat) {
			return -1, a, refuse("not_allowed", "this connection does not hold seat %d", *req.Seat)
		}
		seat = *req.Seat
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
	noSeat := func(what string) error {
		return refuse("not_allowed", "this connection holds no seat that may %s now", what)
	}
	switch req.Type {
	case "move":
		a.Kind = ActMove
		tm := int(p.State.ToMove())
		if tm < 0 || !slices.Contains(held, tm) || (seat >= 0 && seat != tm) {
			return -1, a, refuse("not_your_turn", "%s is to move", p.State.ToMove())
		}
		return tm, a, nil
	case "resign":
		a.Kind = ActResign
		return pick(anySeat), a, nil
	case "rematch":
		a.Kind = ActRematch
		return pick(anySeat), a, nil
	case "draw":
		var s int
		switch req.Action {
		case "offer":
			a.Kind = ActDrawOffer
			if s = pick(func(x int) bool { return x == int(p.State.ToMove()) }); s < 0 {
				s = pick(anySeat)
			}
		case "accept", "decline":
			a.Kind = map[string]string{"accept": ActDrawAccept, "decline": ActDrawDecline}[req.Action]
			s = pick(func(x int) bool { return x != p.Draw })
		default:
			return -1, a, refuse("bad_message", "draw action %q is not offer, accept or decline", req.Action)
		}
		if s < 0 {
			return -1, a, noSeat(req.Action + " a draw")
		}
		return s, a, nil
	case "undo":
		switch req.Action {
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
			a.Kind = map[string]string{"accept": ActUndoAccept, "decline": ActUndoDecline}[req.Action]
			s := pick(func(x int) bool { return x != p.Undo })
			if s < 0 || p.Undo < 0 {
				return -1, a, noSeat(req.Action + " an undo request")
			}
			return s, a, nil
		}
		return -1, a, refuse("bad_message", "undo action %q is not request, accept or decline", req.Action)
	}
	return -1, a, refuse("bad_message", "unknown message type %q", req.Type)
}
