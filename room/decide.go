package room

import (
	"encoding/json"
	"fmt"
	"time"

	"plateau/dice"
	"plateau/game"
	"plateau/store"
)

// Action kinds: what a seat (or the server) asks of a game. Most are the
// kinds of the events they produce.
const (
	ActMove        = KindMove
	ActResign      = KindResign
	ActDrawOffer   = KindDrawOffer
	ActDrawAccept  = KindDrawAccept
	ActDrawDecline = KindDrawDecline
	ActUndoRequest = KindUndoRequest
	ActUndoAccept  = KindUndoAccept
	ActUndoDecline = KindUndoDecline
	ActRematch     = KindRematch
	ActFlag        = KindTimeout // the server ends the game of the seat whose time ran out
	ActClaim       = "claim"     // a new player takes an open seat
	ActAdvance     = "advance"   // the server plays what is due: rolls, forced passes, the end
)

// Action is a command to a game, by a seat.
type Action struct {
	Kind string
	// Move is the notation of a move (ActMove).
	Move string
	// Version, when set, is the version the action was made on: another
	// one is refused as stale. A move must name it.
	Version *int64
	// RematchID is the id of the new game of an ActRematch.
	RematchID string
	// Time is when the action happens: the time of its events.
	Time time.Time
}

// Decide answers an action of seat on the game p: the events to append to
// its log, in order (the action's own, then what the server plays after
// it: rolls, forced passes, the end), or a *Refusal saying why not. It
// reads p and writes nothing: the caller appends the events, then applies
// them. p.Rec must be the game's record.
//
// An ActClaim that is allowed returns no event: a claim changes the game's
// record (Store.Claim), not its log. An ActAdvance returns what is due
// (often nothing).
func Decide(p *Play, seat int, a Action) ([]store.Event, error) {
	if a.Version != nil && *a.Version != p.Version {
		return nil, refuse("stale_version", "the game is at version %d, not %d: reconnect to catch up", p.Version, *a.Version)
	}
	if a.Kind == ActAdvance {
		q := p.Clone()
		return q.followUps(nil, a.Time)
	}
	if a.Kind == ActClaim {
		return nil, decideClaim(p, seat)
	}
	if p.Over() && a.Kind != ActRematch {
		return nil, refuse("game_over", "the game is over")
	}
	if n := len(p.Rec.Seats); seat < 0 || seat >= n {
		return nil, refuse("not_allowed", "seat %d is not a seat of this game (seats 0 to %d)", seat, n-1)
	}
	e := store.Event{Seq: p.Version + 1, Kind: a.Kind, Player: seat, Time: a.Time}
	switch a.Kind {
	case ActMove:
		if a.Version == nil {
			return nil, refuse("bad_message", "a move names the version it was made on")
		}
		if tm := p.State.ToMove(); int(tm) != seat {
			return nil, refuse("not_your_turn", "%s is to move", tm)
		}
		m, err := p.State.ParseMove(a.Move)
		if err != nil {
			return nil, refuse("illegal_move", "%q: %v", a.Move, err)
		}
		e.Notation = p.State.FormatMove(m)
	case ActDrawOffer:
		// Checked here, not in Apply, so that a stored game that has an
		// offer from before this rule still replays.
		if !game.DrawByAgreement(p.G) {
			return nil, refuse("not_allowed", "%s has no draw by agreement", p.G.ID())
		}
	case ActResign, ActDrawAccept, ActFlag:
		if abortsNow(p) {
			e.Data = mustData(eventData{Aborted: true})
		}
	case ActDrawDecline:
	case ActUndoRequest, ActUndoAccept, ActUndoDecline:
		if p.Rec.Rated {
			return nil, refuse("not_allowed", "undo is not allowed in rated games")
		}
		if !p.Rec.Casual {
			return nil, refuse("not_allowed", "undo is for casual games")
		}
		if a.Kind != ActUndoRequest {
			if p.Undo < 0 || p.Undo == seat {
				return nil, refuse("not_allowed", "no undo request from the opponent is pending")
			}
			e.Data = mustData(eventData{Seat: &p.Undo})
		}
	case ActRematch:
		if !p.Over() {
			return nil, refuse("not_allowed", "a rematch is asked after the end of the game")
		}
		if a.RematchID == "" {
			return nil, refuse("internal", "a rematch needs the id of the new game")
		}
		e.Data = mustData(eventData{RematchID: a.RematchID})
	default:
		return nil, refuse("bad_message", "unknown action %q", a.Kind)
	}
	q := p.Clone()
	if err := q.Apply(e); err != nil {
		return nil, err
	}
	evs := []store.Event{e}
	if a.Kind == ActUndoRequest {
		if other := onlyAIOpponent(p.Rec.Seats, seat); other >= 0 { // the AI always agrees
			acc := store.Event{Seq: q.Version + 1, Kind: KindUndoAccept, Player: other, Data: mustData(eventData{Seat: &seat}), Time: a.Time}
			if err := q.Apply(acc); err != nil {
				return nil, err
			}
			evs = append(evs, acc)
		}
	}
	return q.followUps(evs, a.Time)
}

// decideClaim says whether seat may be claimed now.
func decideClaim(p *Play, seat int) error {
	seats := p.Rec.Seats
	if seat < 0 || seat >= len(seats) {
		return refuse("not_found", "game %s has no seat %d (seats 0 to %d)", p.Rec.ID, seat, len(seats)-1)
	}
	st := seats[seat]
	switch {
	case !st.Open || st.Kind != store.Human:
		return refuse("seat_not_open", "seat %d of game %s is not an open seat", seat, p.Rec.ID)
	case !st.Claimable():
		return refuse("seat_taken", "seat %d of game %s is already taken", seat, p.Rec.ID)
	case p.Over():
		return refuse("game_over", "game %s is over", p.Rec.ID)
	}
	return nil
}

// followUps adds to evs, already applied to p, what the server plays
// next: the rolls (derived from the game's dice seed), a pass when it is
// the only legal move (marked automatic), and the end event once the game
// is over.
func (p *Play) followUps(evs []store.Event, now time.Time) ([]store.Event, error) {
	add := func(e store.Event) error {
		e.Seq, e.Time = p.Version+1, now
		if err := p.Apply(e); err != nil {
			return fmt.Errorf("server event %s %q: %w", e.Kind, e.Notation, err)
		}
		evs = append(evs, e)
		return nil
	}
	for n := 0; !p.Over(); n++ {
		if n == maxFollowUps {
			return nil, fmt.Errorf("game %s: more than %d rolls and forced passes in a row", p.Rec.ID, maxFollowUps)
		}
		tm := p.State.ToMove()
		if tm == game.Chance {
			m, err := dice.Roll(p.Rec.DiceSeed, p.Rolls+1, p.State.ChanceMoves(nil))
			if err != nil {
				return nil, fmt.Errorf("roll %d: %w", p.Rolls+1, err)
			}
			if err := add(store.Event{Kind: KindRoll, Player: int(game.Chance), Notation: p.State.FormatMove(m)}); err != nil {
				return nil, err
			}
			continue
		}
		pass, ok := forcedPass(p.State)
		if !ok {
			break
		}
		if err := add(store.Event{Kind: KindMove, Player: int(tm), Notation: pass, Data: mustData(eventData{Auto: true})}); err != nil {
			return nil, err
		}
	}
	if p.Over() && !p.Ended {
		o, err := json.Marshal(p.Outcome())
		if err != nil {
			return nil, fmt.Errorf("the result: %w", err)
		}
		if err := add(store.Event{Kind: KindEnd, Player: NoPlayer, Data: mustData(eventData{Result: o, Seed: seedHex(p.Rec.DiceSeed)})}); err != nil {
			return nil, err
		}
	}
	return evs, nil
}

// maxFollowUps bounds the server's moves after one action: an engine whose
// forced passes never ended would otherwise hang its room.
const maxFollowUps = 1000

// PassNotation is the notation of a pass in the games that have one
// (Mahboussé when no die can be played, Intercept when no piece can move).
const PassNotation = "pass"

// forcedPass returns the notation of the pass when it is the only legal
// move of s.
func forcedPass(s game.State) (string, bool) {
	ms := s.Moves(nil)
	if len(ms) != 1 {
		return "", false
	}
	if n := s.FormatMove(ms[0]); n == PassNotation {
		return n, true
	}
	return "", false
}

// EndUpdate is the change of the game's record that evs make: finished,
// with its result, when they end the game; nil otherwise.
func EndUpdate(evs []store.Event) *store.Update {
	for _, e := range evs {
		if e.Kind != KindEnd {
			continue
		}
		var d eventData
		if err := json.Unmarshal(e.Data, &d); err == nil {
			return &store.Update{Status: store.StatusFinished, Result: d.Result}
		}
	}
	return nil
}

// onlyAIOpponent returns an AI seat if every seat but seat is an AI, else -1.
func onlyAIOpponent(seats []store.Seat, seat int) int {
	other := -1
	for i, st := range seats {
		if i == seat {
			continue
		}
		if st.Kind != store.AI {
			return -1
		}
		other = i
	}
	return other
}

// mustData encodes event data, which is made of strings, ints and JSON
// already checked: it cannot fail.
func mustData(d eventData) json.RawMessage {
	b, err := json.Marshal(d)
	if err != nil {
		panic(fmt.Sprintf("event data %+v: %v", d, err))
	}
	return b
}
