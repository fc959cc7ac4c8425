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
	ActClaim       = KindClaim   // a new player takes an open seat (TokenHash)
	ActJoin        = KindJoin    // a seat's token connects for the first time
	ActAccount     = KindAccount // a guest's seat is given to an account (Account, Name)
	ActAbort       = KindAbort   // the server aborts a game no player has moved in
	ActBerserk     = KindBerserk // a player halves their clock before their first move
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
	// Client says that the action is a client's, signed in as Account
	// ("" for a guest): a rated seat takes it only from its account. The
	// server's own actions (AI moves, flags, what is due, seat changes)
	// are not. An ActAccount gives the seat to Account, named Name.
	Client  bool
	Account string
	Name    string
	// TokenHash is the hash of the new token of an ActClaim's seat.
	TokenHash []byte
	// Time is when the action happens: the time of its events.
	Time time.Time
}

// Decision is what Decide makes of an action: the events to append to
// the game's log, in order, and the game once they are applied.
type Decision struct {
	Events []store.Event
	// Play is the game after Events: a copy of the game decided on, which
	// the caller adopts once the events are durable instead of applying
	// them again. Its record (seats, status, result) is the record after
	// Events.
	Play *Play
	// status is the record's status before Events.
	status string
	data   []eventData // the data of each event, decoded
	// past holds the game after each event but the last (see Play.frame),
	// which the messages of those events show.
	past []*Play
}

// add applies e, whose data is d and whose move m is parsed already
// (nil: none, or to be parsed), to the decision's game and adds it.
func (d *Decision) add(e store.Event, data eventData, m *game.Move) error {
	if len(d.Events) > 0 {
		d.past = append(d.past, d.Play.frame())
	}
	if err := d.Play.apply(e, &data, m); err != nil {
		if len(d.Events) > 0 {
			d.past = d.past[:len(d.past)-1]
		}
		return err
	}
	d.Events = append(d.Events, e)
	d.data = append(d.data, data)
	return nil
}

// after returns the game after event i of the decision: what its message
// shows.
func (d *Decision) after(i int) *Play {
	if i < len(d.past) {
		return d.past[i]
	}
	return d.Play
}

// end is the change of the game's record's status that the decision
// makes: live once every seat has joined, finished with its result when it
// ends the game; nil when its status stays (see EndUpdate).
func (d *Decision) end() *store.Update {
	rec := d.Play.Rec
	if rec == nil || rec.Status == d.status {
		return nil
	}
	return &store.Update{Status: rec.Status, Result: rec.Result}
}

// Decide answers an action of seat on the game p (made on a version from
// p.Played to p.Version when it names one): the events to append to
// its log, in order (the action's own, then what the server plays after
// it: rolls, forced passes, the end), with the game they make, or a
// *Refusal saying why not. It reads p and writes nothing: the caller
// appends the events, then adopts the decision's game. p.Rec must be the
// game's record. A move is parsed once, here; the events' data are never
// decoded.
//
// The seat actions (ActJoin, ActClaim, ActAccount) return their seat
// event, with what is due after it. An ActAdvance returns what is due
// (often nothing).
func Decide(p *Play, seat int, a Action) (Decision, error) {
	if a.Version != nil && (*a.Version < p.Played || *a.Version > p.Version) { // the seat events after Played change no position
		return Decision{}, refuse("stale_version", "the game is at version %d, not %d: reconnect to catch up", p.Version, *a.Version)
	}
	d := Decision{Play: p.Clone()}
	if p.Rec != nil {
		d.status = p.Rec.Status
	}
	if a.Kind == ActAdvance {
		return d, d.followUps(a.Time)
	}
	var e store.Event
	var data eventData
	var m *game.Move
	var err error
	if store.IsSeatEvent(a.Kind) {
		e, data, err = decideSeat(p, seat, a)
		if err == nil && e.Kind == "" {
			return d, nil // nothing to change
		}
	} else {
		e, data, m, err = decideOwn(p, seat, a)
	}
	if err != nil {
		return Decision{}, err
	}
	if err := d.add(e, data, m); err != nil {
		return Decision{}, err
	}
	if a.Kind == ActUndoRequest {
		if other := onlyAIOpponent(p.Rec.Seats, seat); other >= 0 { // the AI always agrees
			ad := eventData{Seat: &seat}
			acc := store.Event{Seq: d.Play.Version + 1, Kind: KindUndoAccept, Player: other, Data: mustData(ad), Time: a.Time}
			if err := d.add(acc, ad, nil); err != nil {
				return Decision{}, err
			}
		}
	}
	if err := d.followUps(a.Time); err != nil {
		return Decision{}, err
	}
	return d, nil
}

// decideOwn returns the event of action a of seat on p, its data, and its
// move when it is one.
func decideOwn(p *Play, seat int, a Action) (store.Event, eventData, *game.Move, error) {
	var data eventData
	fail := func(err error) (store.Event, eventData, *game.Move, error) { return store.Event{}, data, nil, err }
	if p.Over() && a.Kind != ActRematch {
		return fail(refuse("game_over", "the game is over"))
	}
	if a.Kind == ActAbort {
		if p.playerMoved() {
			return fail(refuse("started", "the game has started: a player has moved"))
		}
		return store.Event{Seq: p.Version + 1, Kind: KindAbort, Player: NoPlayer, Time: a.Time}, data, nil, nil
	}
	if n := len(p.Rec.Seats); seat < 0 || seat >= n {
		return fail(refuse("not_allowed", "seat %d is not a seat of this game (seats 0 to %d)", seat, n-1))
	}
	e := store.Event{Seq: p.Version + 1, Kind: a.Kind, Player: seat, Time: a.Time}
	var move *game.Move
	switch a.Kind {
	case ActMove:
		if a.Version == nil {
			return fail(refuse("bad_message", "a move names the version it was made on"))
		}
		if tm := p.State.ToMove(); int(tm) != seat {
			return fail(refuse("not_your_turn", "%s is to move", tm))
		}
		m, err := p.State.ParseMove(a.Move)
		if err != nil {
			return fail(refuse("illegal_move", "%q: %v", a.Move, err))
		}
		e.Notation, move = p.State.FormatMove(m), &m
	case ActDrawOffer:
		// Checked here, not in Apply, so that a stored game that has an
		// offer from before this rule still replays.
		if !game.DrawByAgreement(p.G) {
			return fail(refuse("not_allowed", "%s has no draw by agreement", p.G.ID()))
		}
	case ActResign, ActDrawAccept, ActFlag:
		data.Aborted = abortsNow(p)
	case ActDrawDecline, ActBerserk: // Apply checks a berserk
	case ActUndoRequest, ActUndoAccept, ActUndoDecline:
		if p.Rec.Rated {
			return fail(refuse("not_allowed", "undo is not allowed in rated games"))
		}
		if !p.Rec.Casual {
			return fail(refuse("not_allowed", "undo is for casual games"))
		}
		if a.Kind != ActUndoRequest {
			if p.Undo < 0 || p.Undo == seat {
				return fail(refuse("not_allowed", "no undo request from the opponent is pending"))
			}
			undo := p.Undo
			data.Seat = &undo
		}
	case ActRematch:
		if !p.Over() {
			return fail(refuse("not_allowed", "a rematch is asked after the end of the game"))
		}
		if a.RematchID == "" {
			return fail(refuse("internal", "a rematch needs the id of the new game"))
		}
		data.RematchID = a.RematchID
	default:
		return fail(refuse("bad_message", "unknown action %q", a.Kind))
	}
	if a.Client {
		if err := seatAccount(p.Rec, seat, a.Account); err != nil {
			return fail(err)
		}
	}
	if !data.empty() {
		e.Data = mustData(data)
	}
	return e, data, move, nil
}

// decideSeat returns the seat event of seat action a of seat on p, and
// its data; no event (Kind "") when a changes nothing (the seat is its
// account's already).
func decideSeat(p *Play, seat int, a Action) (store.Event, eventData, error) {
	var data eventData
	fail := func(err error) (store.Event, eventData, error) { return store.Event{}, data, err }
	seats := p.Rec.Seats
	if seat < 0 || seat >= len(seats) {
		return fail(refuse("not_found", "game %s has no seat %d (seats 0 to %d)", p.Rec.ID, seat, len(seats)-1))
	}
	st := seats[seat]
	switch a.Kind {
	case ActClaim:
		switch {
		case !st.Open || st.Kind != store.Human:
			return fail(refuse("seat_not_open", "seat %d of game %s is not an open seat", seat, p.Rec.ID))
		case !st.Claimable():
			return fail(refuse("seat_taken", "seat %d of game %s is already taken", seat, p.Rec.ID))
		case p.Over():
			return fail(refuse("game_over", "game %s is over", p.Rec.ID))
		case len(a.TokenHash) == 0:
			return fail(refuse("internal", "a claim needs the hash of the seat's new token"))
		}
		data.TokenHash = a.TokenHash
	case ActJoin:
		if st.Kind != store.Human || st.Joined {
			return fail(refuse("not_allowed", "seat %d of game %s is not a human seat to join", seat, p.Rec.ID))
		}
	case ActAccount:
		switch {
		case a.Account == "":
			return fail(refuse("internal", "a seat is given to an account"))
		case st.Account == a.Account:
			return store.Event{}, data, nil
		case st.Kind != store.Human || st.Account != "":
			return fail(refuse("seat_taken", "seat %d of game %s belongs to another account", seat, p.Rec.ID))
		}
		data.Account, data.Name = a.Account, a.Name
	}
	e := store.Event{Seq: p.Version + 1, Kind: a.Kind, Player: seat, Time: a.Time}
	if !data.empty() {
		e.Data = mustData(data)
	}
	return e, data, nil
}

// followUps adds to the decision what the server plays next: the rolls
// (derived from the game's dice seed), a pass when it is the only legal
// move (marked automatic), and the end event once the game is over.
func (d *Decision) followUps(now time.Time) error {
	p := d.Play
	add := func(e store.Event, data eventData, m *game.Move) error {
		e.Seq, e.Time = p.Version+1, now
		if !data.empty() {
			e.Data = mustData(data)
		}
		if err := d.add(e, data, m); err != nil {
			return fmt.Errorf("server event %s %q: %w", e.Kind, e.Notation, err)
		}
		return nil
	}
	for n := 0; !p.Over(); n++ {
		if n == maxFollowUps {
			return fmt.Errorf("game %s: more than %d rolls and forced passes in a row", p.Rec.ID, maxFollowUps)
		}
		tm := p.State.ToMove()
		if tm == game.Chance {
			m, err := dice.Roll(p.Rec.DiceSeed, p.Rolls+1, p.State.ChanceMoves(nil))
			if err != nil {
				return fmt.Errorf("roll %d: %w", p.Rolls+1, err)
			}
			if err := add(store.Event{Kind: KindRoll, Player: int(game.Chance), Notation: p.State.FormatMove(m)}, eventData{}, &m); err != nil {
				return err
			}
			continue
		}
		pass, m, ok := forcedPass(p.State)
		if !ok {
			break
		}
		if err := add(store.Event{Kind: KindMove, Player: int(tm), Notation: pass}, eventData{Auto: true}, &m); err != nil {
			return err
		}
	}
	if p.Over() && !p.Ended {
		o, err := json.Marshal(p.Outcome())
		if err != nil {
			return fmt.Errorf("the result: %w", err)
		}
		if err := add(store.Event{Kind: KindEnd, Player: NoPlayer}, eventData{Result: o, Seed: seedHex(p.Rec.DiceSeed)}, nil); err != nil {
			return err
		}
	}
	return nil
}

// maxFollowUps bounds the server's moves after one action: an engine whose
// forced passes never ended would otherwise hang its room.
const maxFollowUps = 1000

// PassNotation is the notation of a pass in the games that have one
// (Mahboussé when no die can be played, Intercept when no piece can move).
const PassNotation = "pass"

// forcedPass returns the pass, and its notation, when it is the only
// legal move of s.
func forcedPass(s game.State) (string, game.Move, bool) {
	ms := s.Moves(nil)
	if len(ms) != 1 {
		return "", 0, false
	}
	if n := s.FormatMove(ms[0]); n == PassNotation {
		return n, ms[0], true
	}
	return "", 0, false
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
