package room

import (
	"context"
	"errors"
	"fmt"
	"time"

	"plateau/game"
	"plateau/protocol"
	"plateau/store"
)

// Sub is one client connection subscribed to a room. The room sends it
// messages on Out, in order; if Out is full the room drops it, closing Gone.
type Sub struct {
	Out    chan []byte
	Gone   chan struct{}
	Reason string // why it was dropped, set before Gone is closed
	// Unloaded, set before Gone is closed, says that the room was unloaded
	// because no player was connected (see Options.PlayerlessTimeout):
	// the client should reconnect on demand, not at once.
	Unloaded bool
	// Account is the account signed in on the connection, "" for a
	// guest; set before Join. A rated seat takes commands only from a
	// connection of its account (see seatAccount).
	Account string
	seats   []int
}

// NewSub returns a subscriber with an outgoing buffer of n messages.
func NewSub(n int) *Sub { return &Sub{Out: make(chan []byte, n), Gone: make(chan struct{})} }

// Leave unsubscribes sub.
func (r *Room) Leave(sub *Sub) {
	r.post(func() { r.unsubscribe(sub) })
}

// subscribe adds s, counting it as a player if it holds a seat.
func (r *Room) subscribe(s *Sub) {
	r.subs[s] = struct{}{}
	if len(s.seats) > 0 {
		r.players.Add(1)
	}
}

// unsubscribe removes s; false if it was not subscribed. The last player
// to leave starts the time without a player.
func (r *Room) unsubscribe(s *Sub) bool {
	if _, ok := r.subs[s]; !ok {
		return false
	}
	delete(r.subs, s)
	if len(s.seats) > 0 && r.players.Add(-1) == 0 {
		r.noPlayerSince.Store(time.Now().UnixNano())
	}
	return true
}

func (r *Room) drop(s *Sub, reason string) {
	if !r.unsubscribe(s) {
		return
	}
	s.Reason = reason
	close(s.Gone)
}

// sendRaw queues an encoded message for s, dropping s if it is too slow.
func (r *Room) sendRaw(s *Sub, msg []byte) {
	if _, ok := r.subs[s]; !ok {
		return
	}
	select {
	case s.Out <- msg:
	default:
		r.drop(s, "client too slow: reconnect to catch up")
	}
}

// send encodes msg and queues it for s (nil: every client). A message
// that does not encode fails the room.
func (r *Room) send(s *Sub, msg any) error {
	if s == nil && len(r.subs) == 0 {
		return nil
	}
	b, err := protocol.Marshal(msg)
	if err != nil {
		err = fmt.Errorf("encode a %T message: %w", msg, err)
		r.fail(err)
		return err
	}
	if s != nil {
		r.sendRaw(s, b)
		return nil
	}
	for sub := range r.subs {
		r.sendRaw(sub, b)
	}
	return nil
}

// eventMsg renders event e, just applied to p, with the view of p.
func eventMsg(p *Play, e store.Event) protocol.EventMsg {
	v := game.NewView(p.G, p.State)
	if o := p.Outcome(); o.Over {
		v.Outcome = &o
	}
	return eventMsgView(p, e, v)
}

// pastView is the view of p in a catch-up, followed by event next: of the
// legal moves, only the one next plays, if it is a move: all a client
// needs of a past position's moves is the one played from it (to mark it
// when replaying), and the others would make the catch-up of a game with
// many legal moves (Intercept) 20 KB an event.
func pastView(p *Play, next store.Event) game.View {
	s := p.State
	v := game.View{Game: p.G.ID(), Position: s.Position(), Players: s.Players(), ToMove: s.ToMove(), Board: s.Board(), Moves: []any{}}
	if next.Kind == KindMove && s.ToMove() != game.Chance {
		if m, err := s.ParseMove(next.Notation); err == nil {
			v.Moves = append(v.Moves, s.DescribeMove(m))
		}
	}
	if o := p.Outcome(); o.Over {
		v.Outcome = &o
	}
	return v
}

// eventMsgView renders event e, just applied to p, with view v.
func eventMsgView(p *Play, e store.Event, v game.View) protocol.EventMsg {
	return eventMsgWith(p, ToJSON(e), e.Time, v)
}

// eventMsgData is eventMsg for an event whose data d is decoded.
func eventMsgData(p *Play, e store.Event, d eventData) protocol.EventMsg {
	v := game.NewView(p.G, p.State)
	if o := p.Outcome(); o.Over {
		v.Outcome = &o
	}
	return eventMsgWith(p, toJSON(e, d), e.Time, v)
}

// eventMsgWith renders event j of time t with view v of the game p after it.
func eventMsgWith(p *Play, j EventJSON, t time.Time, v game.View) protocol.EventMsg {
	var c *protocol.Clock
	if p.Clock != nil {
		c = p.Clock.JSON(t)
	}
	return protocol.NewEventMsg(j, v, c)
}

// Bounds of a catch-up: after the welcome (the game now: its view and
// its whole move list, compactly), a client gets at most the last
// CatchUpEvents events after its hello's version, each with its view, and
// of those the most recent that fit in CatchUpBytes. The views of the
// catch-up events but the last list only the move played next (see
// pastView). A client further behind draws from the welcome; what the
// catch-up leaves out it can read from the game's export.
const (
	CatchUpEvents = 200
	CatchUpBytes  = 512 << 10
)

// errLogRead marks a catch-up that could not read the game's log from the
// store: the hello is refused, the room goes on.
var errLogRead = errors.New("could not read the game's log")

// catchUp renders the messages of the recent events after version (see
// CatchUpEvents), reading them from the store after the room's base and
// replaying them from a copy of it to find the game's view after each, and
// returns the version after which they start. It changes nothing of the
// room: a room keeps no event, only its game now and at its base, which
// the writes move on (moveBase).
func (r *Room) catchUp(ctx context.Context, version int64) ([][]byte, int64, error) {
	from := max(version, r.play.Version-CatchUpEvents, r.base.Version)
	if from >= r.play.Version {
		return nil, from, nil
	}
	evs, err := r.m.o.Store.Events(ctx, r.id, r.base.Version)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", errLogRead, err)
	}
	// The store may have more (another instance's, not yet caught up with).
	evs = evs[:min(len(evs), int(r.play.Version-r.base.Version))]
	if n := int64(len(evs)); n != r.play.Version-r.base.Version || n > 0 && evs[0].Seq != r.base.Version+1 {
		return nil, 0, fmt.Errorf("game %s: the store's log after %d is not the room's (%d events)", r.id, r.base.Version, n)
	}
	p := r.base.Clone()
	for p.Version < from {
		if err := p.Apply(evs[0]); err != nil {
			return nil, 0, fmt.Errorf("game %s: event %d replays no more: %w", r.id, evs[0].Seq, err)
		}
		evs = evs[1:]
	}
	return r.render(p, evs, from)
}

// render renders the catch-up messages of events evs, which follow the
// game p, and returns them with the version after which they start (from,
// or later when CatchUpBytes leaves the first out). Seat events change no
// view: they are applied, not sent (the welcome's seats say what they
// made).
func (r *Room) render(p *Play, evs []store.Event, from int64) ([][]byte, int64, error) {
	var out [][]byte
	var seqs []int64
	size := 0
	for i, e := range evs {
		if err := p.Apply(e); err != nil {
			return nil, 0, fmt.Errorf("game %s: event %d replays no more: %w", r.id, e.Seq, err)
		}
		if store.IsSeatEvent(e.Kind) {
			continue
		}
		msg := eventMsg
		if next := nextPlayed(evs[i+1:]); next != nil {
			msg = func(p *Play, e store.Event) protocol.EventMsg { return eventMsgView(p, e, pastView(p, *next)) }
		}
		b, err := protocol.Marshal(msg(p, e))
		if err != nil {
			return nil, 0, fmt.Errorf("game %s: encode event %d: %w", r.id, e.Seq, err)
		}
		out, seqs = append(out, b), append(seqs, e.Seq)
		size += len(b)
	}
	for len(out) > 0 && size > CatchUpBytes {
		size -= len(out[0])
		from = seqs[0]
		out, seqs = out[1:], seqs[1:]
	}
	return out, from, nil
}

// nextPlayed returns the first of evs that is not a seat event, nil if
// none is.
func nextPlayed(evs []store.Event) *store.Event {
	for i := range evs {
		if !store.IsSeatEvent(evs[i].Kind) {
			return &evs[i]
		}
	}
	return nil
}

// moveBase moves the room's base on to CatchUpEvents before the game's
// version once it is 2 CatchUpEvents behind, so that a catch-up replays at
// most 2 CatchUpEvents events: it reads the events between from the
// store. A read that fails leaves the base where it is (catch-ups replay
// more).
func (r *Room) moveBase() {
	to := r.play.Version - CatchUpEvents
	if to-r.base.Version < CatchUpEvents {
		return
	}
	evs, err := r.m.o.Store.Events(r.ctx, r.id, r.base.Version)
	if err == nil && int64(len(evs)) < to-r.base.Version {
		err = fmt.Errorf("the store has %d events after %d, the room %d", len(evs), r.base.Version, r.play.Version-r.base.Version)
	}
	if err == nil {
		base := r.base.Clone()
		if err = base.applyAll(r.id, evs[:to-r.base.Version]); err == nil {
			r.base = base
			return
		}
	}
	r.m.o.Log.Warn("move the catch-up base", "game", r.id, "err", err)
}

// broadcastSeats tells the clients that a seat was claimed or joined.
func (r *Room) broadcastSeats() {
	s := SummaryOf(r.rec)
	r.send(nil, protocol.NewSeatsMsg(s.Status, s.Seats))
}
