package room

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"plateau/game"
	"plateau/protocol"
	"plateau/store"
)

// Room is one loaded game: a thin actor around Decide and Apply. Its
// goroutine orders the commands, appends the events Decide returns to the
// store, applies them, then fans them out. It owns everything below the
// line.
type Room struct {
	m         *Manager
	id        string
	inbox     chan func()
	quit      chan struct{}
	done      chan struct{}
	ready     chan struct{}
	loadErr   error
	stopOnce  sync.Once
	refs      int       // guarded by m.mu
	idleSince time.Time // guarded by m.mu
	// players counts the subscribers holding a seat; noPlayerSince is
	// when the last one left, or the room loaded (Unix nanoseconds).
	players       atomic.Int32
	noPlayerSince atomic.Int64
	// unloaded says, once quit is closed, that the room stops because no
	// player was connected (its subscribers are told so).
	unloaded bool
	ctx      context.Context
	cancel   context.CancelFunc // cancels ctx: the room stops

	rec *store.Game
	// rated is rec.Rated, fixed at the game's creation, kept apart from rec
	// (which the room's goroutine replaces at each append) for Rated's
	// readers on other goroutines; set before ready closes.
	rated bool
	play  *Play
	// base is the game at an earlier version, at most CatchUpEvents
	// before play's when the game is longer: the catch-ups read the events
	// after it from the store and replay them from it (see catchUp). A
	// room keeps its game's move list, not its log.
	base   *Play
	subs   map[*Sub]struct{}
	ai     aiSeats
	flagAt *time.Timer // fires when the running clock runs out
	// stored is the clock's deadline as the room last stored it (nil:
	// not known); a correspondence game's is kept up to date (turn.go).
	stored *store.Deadline
	retry  *time.Timer // plays what a failed write left undone (storage.go)
	failed bool
	// The room's part in a cluster (see lease.go): lease is the fencing
	// token of the game's lease when this instance holds it (0: it does
	// not); owned mirrors lease != 0 for the metrics, needsOwner says that
	// the game has a clock or AI seats to run. syncing is set while a
	// catch-up with the store is queued.
	lease      int64
	owned      atomic.Bool
	needsOwner atomic.Bool
	syncing    atomic.Bool
	noted      atomic.Int64 // the greatest version the store's notes told of
	applied    atomic.Int64 // the version of the game the room has applied
}

func newRoom(m *Manager, id string) *Room {
	r := &Room{m: m, id: id, inbox: make(chan func(), 64), quit: make(chan struct{}), done: make(chan struct{}),
		ready: make(chan struct{}), subs: map[*Sub]struct{}{}}
	r.ctx, r.cancel = context.WithCancel(m.ctx)
	r.ai.init(r.ctx)
	r.noPlayerSince.Store(time.Now().UnixNano())
	return r
}

// ID is the room's game id.
func (r *Room) ID() string { return r.id }

// stop makes the room's goroutine end: the writes in progress finish, the
// AI searches are cancelled.
func (r *Room) stop() {
	r.stopOnce.Do(func() {
		close(r.quit)
		r.ai.cancel()
	})
}

func (r *Room) run() {
	defer r.m.wg.Done()
	defer close(r.done)
	defer r.cancel()
	defer r.ai.close(r) // after the loop: wait for the searches, close the players
	if err := r.load(r.ctx); err != nil {
		r.loadErr = err
		close(r.ready)
		r.m.remove(r)
		return
	}
	r.rated = r.rec != nil && r.rec.Rated
	close(r.ready)
	defer func() {
		if r.flagAt != nil {
			r.flagAt.Stop()
		}
		if r.retry != nil {
			r.retry.Stop()
		}
	}()
	defer r.unlease()
	r.safely(func() {
		r.leaseAtLoad()
		r.advance()
		r.armClock()
	})
	for {
		select {
		case fn := <-r.inbox:
			if !r.failed { // a failed room only waits for its stop
				r.safely(fn)
			}
		case <-r.quit:
			r.safely(r.parkClock)
			for s := range r.subs {
				if r.unloaded {
					s.Unloaded = true
					r.drop(s, "no player connected: the game is paused, reconnect to follow it")
				} else {
					r.drop(s, "the game's room closed: reconnect")
				}
			}
			return
		}
	}
}

// safely runs fn; a panic (an engine's, or a bug) fails this room alone.
func (r *Room) safely(fn func()) {
	defer func() {
		if v := recover(); v != nil {
			r.m.o.Log.Error("room panicked", "game", r.id, "panic", v, "stack", string(debug.Stack()))
			r.fail(fmt.Errorf("panic: %v", v))
		}
	}()
	fn()
}

func (r *Room) load(ctx context.Context) error {
	rec, err := r.m.o.Store.Game(ctx, r.id)
	if err != nil {
		return err
	}
	evs, err := r.m.o.Store.Events(ctx, r.id, 0)
	if err != nil {
		return err
	}
	cut := max(0, len(evs)-CatchUpEvents)
	base, err := Replay(r.m.o.Games, rec, evs[:cut])
	var p *Play
	if err == nil {
		p = base.Clone()
		err = p.applyAll(rec.ID, evs[cut:])
	}
	if err != nil {
		r.m.o.Log.Error("game does not replay", "game", r.id, "err", err)
		return err
	}
	if !sameSeats(p.Rec.Seats, rec.Seats) {
		err := fmt.Errorf("game %s: the stored seats are not those its log makes (stored %+v, replayed %+v)", r.id, rec.Seats, p.Rec.Seats)
		r.m.o.Log.Error("game does not replay", "game", r.id, "err", err)
		return err
	}
	r.rec, r.play, r.base = p.Rec, p, base
	r.applied.Store(p.Version)
	r.raiseNoted(p.Version)
	return nil
}

// call runs fn in the room's goroutine and waits for it; false if the room
// has stopped or fn panicked (failing the room).
func (r *Room) call(fn func()) bool {
	finished := make(chan struct{})
	completed := false
	select {
	case r.inbox <- func() { defer close(finished); fn(); completed = true }:
	case <-r.done:
		return false
	}
	select {
	case <-finished:
		return completed
	case <-r.done:
		return false
	}
}

// post queues fn without waiting; false if the room has stopped.
func (r *Room) post(fn func()) bool {
	select {
	case r.inbox <- fn:
		return true
	case <-r.done:
		return false
	}
}

// fail stops a room whose in-memory state may no longer match the store
// (a write refused, another instance's write, an event that no longer
// replays, a message that does not encode, a panic): its clients get an
// error and are disconnected, and the next Acquire reloads the game from
// its log. The other rooms and the server go on.
func (r *Room) fail(err error) {
	r.failWith(err, &Refusal{Code: "internal", Message: "the game's room failed: reconnect"})
}

// failWith is fail, the clients told ref.
func (r *Room) failWith(err error, ref *Refusal) {
	if r.failed {
		return
	}
	r.failed = true
	r.m.o.Log.Error("room failed, unloading", "game", r.id, "err", err)
	// Unloaded before the clients hear of it: one that reconnects at once
	// must get a fresh room, not this one on its way out.
	r.m.remove(r)
	for s := range r.subs {
		r.sendRaw(s, protocol.RefusalJSON("", ref))
		r.drop(s, ref.Message)
	}
}

// Summary returns the game's summary with its moves and view.
func (r *Room) Summary() (Summary, bool) {
	var s Summary
	ok := r.call(func() { s = r.summary() })
	return s, ok
}

func (r *Room) summary() Summary {
	s := SummaryOf(r.rec)
	s.Moves = append([]MoveRec{}, r.play.Moves...)
	v := game.NewView(r.play.G, r.play.State)
	if o := r.play.Outcome(); o.Over {
		v.Outcome = &o
	}
	s.View = &v
	s.RematchID = r.play.Rematch
	if r.play.Clock != nil {
		s.Clock = r.play.Clock.JSON(r.m.now())
	}
	return s
}

// commit makes the events of d durable, then adopts its game and sends
// them out.
func (r *Room) commit(ctx context.Context, d Decision) error {
	return r.commitAs(ctx, d, false)
}

// commitAs is commit; own says that the events are the lease owner's
// own (a flag fall, an AI move), written only while it holds the lease.
// On a store shared by several instances a version conflict or a lost
// lease does not fail the room: it catches up with the store and returns
// the error (wrapping store.ErrConflict or store.ErrFenced).
func (r *Room) commitAs(ctx context.Context, d Decision, own bool) error {
	evs := d.Events
	if len(evs) == 0 {
		return nil
	}
	start := time.Now()
	upd := d.end()
	if upd != nil && upd.Status == store.StatusFinished && r.rec.Rated {
		rate, err := RateOf(r.rec, upd.Result)
		if err != nil { // the game ends unrated rather than not at all
			r.m.o.Log.Error("rated game not rated", "game", r.id, "err", err)
		}
		upd.Rate = rate
	}
	lease, ended := r.lease, r.play.Ended // read here: the write may outlive its wait
	var after *store.Game                 // the record after the events, copied for the signature
	if r.m.o.Signer != nil {
		rec := *d.Play.Rec
		after = &rec
	}
	err := store.WithDeadline(ctx, r.m.o.WriteTimeout, func(ctx context.Context) error {
		upd, err := r.signed(ctx, ended, after, evs, upd) // a copy of upd: the room's record is not signed
		if err != nil {
			return err
		}
		if own && r.m.leaser != nil {
			return r.m.leaser.AppendFenced(ctx, r.id, r.m.o.Instance, lease, evs, upd)
		}
		return r.m.o.Store.Append(ctx, r.id, evs, upd)
	})
	if err != nil {
		err = fmt.Errorf("append events %d to %d: %w", evs[0].Seq, evs[len(evs)-1].Seq, err)
		if r.m.notifier != nil && (errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFenced)) {
			r.raced(err)
			return err
		}
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFenced) {
			r.fail(err) // another writer: the next load reads the game anew
			return err
		}
		if r.unwritten(err) {
			r.m.o.Log.Error("a game's write failed; nothing was written, the game goes on", "game", r.id, "err", err)
			r.retryLater()
			return storageRefusal()
		}
		r.failWith(err, storageRefusal())
		return err
	}
	if r.m.o.OnCommit != nil {
		r.m.o.OnCommit(len(evs), time.Since(start))
	}
	if err := r.adopt(d); err != nil {
		return err
	}
	if upd != nil && upd.Rate != nil && r.m.o.OnRated != nil {
		r.m.o.OnRated(r.id)
	}
	return nil
}

// adopt takes the game of decision d, whose events are durable, and
// sends them out: nothing is applied again.
func (r *Room) adopt(d Decision) error {
	r.play = d.Play
	if len(r.subs) > 0 {
		for i, e := range d.Events {
			if store.IsSeatEvent(e.Kind) {
				continue // told by the seats message (settle)
			}
			if err := r.send(nil, eventMsgData(d.after(i), e, d.data[i])); err != nil {
				return err
			}
		}
	}
	r.settle(d.Events)
	return nil
}

// applyEvents applies events made durable by another instance (or read
// back from the store: a catch-up) and sends them out.
func (r *Room) applyEvents(evs []store.Event) error {
	for _, e := range evs {
		if err := r.play.Apply(e); err != nil {
			r.fail(err)
			return err
		}
		if len(r.subs) > 0 && !store.IsSeatEvent(e.Kind) { // a seat event is told by the seats message (settle)
			if err := r.send(nil, eventMsg(r.play, e)); err != nil {
				return err
			}
		}
	}
	r.settle(evs)
	return nil
}

// settle takes the record of the game the events evs, just applied, made
// (Apply keeps it: seats, status, result) and updates the room's state.
func (r *Room) settle(evs []store.Event) {
	r.rec = r.play.Rec
	r.rec.Version = r.play.Version
	r.rec.Updated = time.Now().UTC()
	if slices.ContainsFunc(evs, func(e store.Event) bool { return store.IsSeatEvent(e.Kind) }) {
		r.broadcastSeats()
	}
	r.moveBase()
	r.needsOwner.Store(r.wantsOwner())
	r.raiseNoted(r.play.Version) // no catch-up for these
	r.applied.Store(r.play.Version)
	r.armClock()
}

// advance plays what the server plays: pending rolls, forced passes, the
// end, and AI moves.
func (r *Room) advance() {
	d, err := Decide(r.play, -1, Action{Kind: ActAdvance, Time: r.m.now()})
	if err != nil {
		r.fail(err)
		return
	}
	if r.commit(r.ctx, d) == nil {
		r.kickAI()
	}
	// A race lost (raced) has caught up with the store: what was due is
	// done, or the room's next catch-up advances.
}

// act decides an action of seat, commits its events and starts the AI
// seat to move. It returns the version of the action's own event.
// own says that the action is the lease owner's (an AI seat's move).
func (r *Room) act(seat int, a Action, own bool) (int64, error) {
	d, err := Decide(r.play, seat, a)
	if err != nil {
		return 0, err
	}
	if err := r.commitAs(r.ctx, d, own); err != nil {
		return 0, err
	}
	r.kickAI()
	return d.Events[0].Seq, nil
}

// Do handles a client's message (a move, resign, draw, undo or
// rematch); replies (ack or error) and events arrive on sub.Out. It
// returns false if the room has stopped.
func (r *Room) Do(sub *Sub, m protocol.ClientMsg) bool {
	return r.post(func() {
		if _, ok := r.subs[sub]; ok {
			r.do(sub, m)
		}
	})
}

func (r *Room) do(sub *Sub, m protocol.ClientMsg) {
	var version int64
	var rematchID string
	var err error
	// On a shared store another instance may append first: the room then
	// has caught up, and decides again.
	for try := 0; ; try++ {
		now := r.m.now()
		if err = r.flagDue(now, false); err != nil && !raced(err) {
			return // the room failed
		}
		var seat int
		var a Action
		if seat, a, err = Resolve(r.play, sub.seats, m, now); err != nil {
			r.refuse(sub, m.ID, err)
			return
		}
		a.Client, a.Account = true, sub.Account
		if a.Kind == ActRematch {
			rematchID, version, err = r.rematch(seat, a)
		} else {
			version, err = r.act(seat, a, false)
		}
		if !raced(err) || r.failed {
			break
		}
		if try == maxRaces {
			err = refuse("busy", "other moves kept coming first: retry")
			break
		}
	}
	switch {
	case r.failed:
		// Its clients have been told and are gone.
	case err != nil:
		r.refuse(sub, m.ID, err)
	default:
		r.send(sub, protocol.NewAck(m.ID, version, rematchID))
	}
}

func (r *Room) refuse(sub *Sub, id string, err error) {
	r.sendRaw(sub, protocol.RefusalJSON(id, asRefusal(err)))
}
