package room

import (
	"fmt"

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
	seats  []int
}

// NewSub returns a subscriber with an outgoing buffer of n messages.
func NewSub(n int) *Sub { return &Sub{Out: make(chan []byte, n), Gone: make(chan struct{})} }

// Leave unsubscribes sub.
func (r *Room) Leave(sub *Sub) {
	r.post(func() { delete(r.subs, sub) })
}

func (r *Room) drop(s *Sub, reason string) {
	if _, ok := r.subs[s]; !ok {
		return
	}
	delete(r.subs, s)
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

// sendError queues an error message for s, if it is still subscribed.
func (r *Room) sendError(s *Sub, id, code, message string) {
	r.sendRaw(s, protocol.ErrorJSON(id, code, message))
}

// eventMsg renders event e, just applied to p.
func eventMsg(p *Play, e store.Event) protocol.EventMsg {
	v := game.NewView(p.G, p.State)
	if o := p.Outcome(); o.Over {
		v.Outcome = &o
	}
	var c *protocol.Clock
	if p.Clock != nil {
		c = p.Clock.JSON(e.Time)
	}
	return protocol.NewEventMsg(ToJSON(e), v, c)
}

// catchUp renders the messages of the events after version, replaying the
// log to find the game's view after each.
func (r *Room) catchUp(version int64) ([][]byte, error) {
	if version >= r.play.Version {
		return nil, nil
	}
	p, err := Replay(r.m.o.Games, r.rec, nil)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, e := range r.events {
		if err := p.Apply(e); err != nil {
			return nil, fmt.Errorf("game %s: event %d replays no more: %w", r.id, e.Seq, err)
		}
		if e.Seq <= version {
			continue
		}
		b, err := protocol.Marshal(eventMsg(p, e))
		if err != nil {
			return nil, fmt.Errorf("game %s: encode event %d: %w", r.id, e.Seq, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// broadcastSeats tells the clients that a seat was claimed or joined.
func (r *Room) broadcastSeats() {
	s := SummaryOf(r.rec)
	r.send(nil, protocol.NewSeatsMsg(s.Status, s.Seats))
}
