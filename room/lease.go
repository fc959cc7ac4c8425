package room

import (
	"context"
	"errors"
	"slices"
	"time"

	"plateau/store"
)

// Several instances on one store (docs/cluster.md). When the store is a
// store.Notifier, every instance may load any game and append to it under
// the store's version check; a version conflict is a race lost to another
// instance: the room catches up with the store's log and decides again.
// Each instance hears of every write (Notifier.Listen) and brings its
// loaded rooms up to date, sending the new events to their clients; every
// LeaseRenew it also compares its rooms' versions with the store's
// (Notifier.Versions), for the notes lost with an instance that died. When
// the store is also a store.Leaser, a game with a clock or AI seats is
// run by one instance at a time, the holder of its lease: only it arms
// the flag timer and searches AI moves, and it writes those under its
// fencing token. Leases are renewed every LeaseRenew for LeaseTTL; a dead
// instance's games go to another instance that has them loaded within
// LeaseTTL + LeaseRenew.

// Defaults of Options.LeaseTTL and Options.LeaseRenew: a game whose owner
// died is taken over within 8 s.
const (
	DefaultLeaseTTL   = 6 * time.Second
	DefaultLeaseRenew = 2 * time.Second
)

// maxRaces is how many races to other instances a client's request may
// lose before it is refused as busy.
const maxRaces = 3

// raced reports whether err is a race lost to another instance (a version
// conflict or a lost lease) on a shared store.
func raced(err error) bool {
	return err != nil && (errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFenced))
}

// owner reports whether this instance runs the game's clock and AI seats:
// always on a store without leases.
func (r *Room) owner() bool { return r.m.leaser == nil || r.lease != 0 }

// wantsOwner reports whether the game has something for an owner to run:
// a clock or an AI seat, and is not over.
func (r *Room) wantsOwner() bool {
	if r.play.Over() {
		return false
	}
	return r.play.Clock != nil || slices.ContainsFunc(r.rec.Seats, func(s store.Seat) bool { return s.Kind == store.AI })
}

// raced handles a race lost (see commitAs): a lost lease is given up, and
// the room catches up with the store.
func (r *Room) raced(err error) {
	if errors.Is(err, store.ErrFenced) {
		r.setLease(0)
	}
	r.sync(r.ctx)
}

// sync brings the room up to date with the store: it applies the events
// appended since the room's version (by another instance: moves, and the
// seat events that change the record) and sends them out to its clients.
// The clock is rearmed and the AI kicked.
func (r *Room) sync(ctx context.Context) {
	if r.failed {
		return
	}
	evs, err := r.m.o.Store.Events(ctx, r.id, r.play.Version)
	if err != nil {
		if ctx.Err() == nil {
			r.fail(err)
		}
		return
	}
	if len(evs) > 0 {
		if r.applyEvents(evs) != nil {
			return
		}
	}
	r.kickAI()
}

// note queues a catch-up for a write of another instance (or this one's,
// which finds nothing new).
func (r *Room) note(n store.Note) {
	if n.Version != 0 { // 0: a write of the record alone, or notes missed
		if n.Version <= r.applied.Load() {
			return // this instance's own write, or one already read
		}
		r.raiseNoted(n.Version)
		if !r.syncing.CompareAndSwap(false, true) {
			return // a catch-up is queued: it reads up to the version noted
		}
	}
	fn := func() {
		if n.Version != 0 {
			r.syncing.Store(false)
			if r.noted.Load() <= r.play.Version {
				return // this instance's own writes, or already read
			}
		}
		r.sync(r.ctx)
	}
	select {
	case r.inbox <- fn:
	default: // a busy room: do not hold up the listener
		go r.post(fn)
	}
}

// raiseNoted raises r.noted to v.
func (r *Room) raiseNoted(v int64) {
	for cur := r.noted.Load(); v > cur && !r.noted.CompareAndSwap(cur, v); cur = r.noted.Load() {
	}
}

// setLease records the fencing token of the game's lease held by this
// instance (0: none). Becoming the owner starts the clock's timer and the
// AI; losing it stops the timer (an AI move searched meanwhile is refused
// by the fence).
func (r *Room) setLease(token int64) {
	if token == r.lease {
		return
	}
	was := r.lease
	r.lease = token
	r.owned.Store(token != 0)
	if was == 0 {
		r.m.o.Log.Info("game owned", "game", r.id, "instance", r.m.o.Instance, "token", token)
		r.sync(r.ctx) // the events the previous owner wrote last
	} else if token == 0 {
		r.m.o.Log.Info("game lease lost", "game", r.id, "instance", r.m.o.Instance)
	}
	r.armClock()
	r.kickAI()
}

// leaseAtLoad takes the game's lease when the room loads, if the game
// needs an owner and no other instance holds it.
func (r *Room) leaseAtLoad() {
	want := r.wantsOwner()
	r.needsOwner.Store(want)
	if r.m.leaser == nil || !want {
		return
	}
	tokens, err := r.m.leaser.Lease(r.ctx, r.m.o.Instance, []string{r.id}, r.m.o.LeaseTTL)
	if err != nil {
		r.m.o.Log.Warn("lease at load", "game", r.id, "err", err)
		return
	}
	r.lease = tokens[r.id]
	r.owned.Store(r.lease != 0)
}

// unlease gives up the game's lease when the room stops, so that another
// instance takes the game over at once.
func (r *Room) unlease() {
	if r.m.leaser == nil || r.lease == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := r.m.leaser.Unlease(ctx, r.m.o.Instance, []string{r.id}); err != nil {
		r.m.o.Log.Warn("give up lease", "game", r.id, "err", err)
	}
	r.lease = 0
	r.owned.Store(false)
}

// Owned is the number of loaded games whose lease this instance holds.
func (m *Manager) Owned() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, r := range m.rooms {
		if r.owned.Load() {
			n++
		}
	}
	return n
}

// Instance is the name of this instance in the cluster.
func (m *Manager) Instance() string { return m.o.Instance }

// notified passes a note of the store to the room it concerns, or to
// every room when notes may have been missed.
func (m *Manager) notified(n store.Note) {
	m.mu.Lock()
	var rooms []*Room
	if n.Game == "" {
		for _, r := range m.rooms {
			rooms = append(rooms, r)
		}
	} else if r := m.rooms[n.Game]; r != nil {
		rooms = append(rooms, r)
	}
	m.mu.Unlock()
	for _, r := range rooms {
		// A room still loading gets the note after its load: the catch-up
		// finds nothing new if the load read the write.
		if n.Game == "" {
			r.note(store.Note{Game: r.id}) // the record and the events
		} else {
			r.note(n)
		}
	}
}

// listen passes the store's notes to the rooms until the manager stops.
func (m *Manager) listen() {
	defer m.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-m.quit
		cancel()
	}()
	m.notifier.Listen(ctx, m.notified)
}

// clusterLoop, every LeaseRenew, renews the leases of the loaded games
// that need an owner and takes those whose lease expired, then brings up
// to date the loaded rooms whose game has moved on without a note heard
// (a note lost with the instance that wrote, or while the listener
// reconnected).
func (m *Manager) clusterLoop() {
	defer m.wg.Done()
	t := time.NewTicker(m.o.LeaseRenew)
	defer t.Stop()
	for {
		select {
		case <-m.quit:
			return
		case <-t.C:
		}
		m.mu.Lock()
		all := make([]string, 0, len(m.rooms))
		var owned []*Room
		var ids []string
		for id, r := range m.rooms {
			all = append(all, id)
			if r.needsOwner.Load() {
				owned = append(owned, r)
				ids = append(ids, id)
			}
		}
		m.mu.Unlock()
		// The leases first, each step with its own time: a slow sweep
		// must not let them expire.
		if m.leaser != nil && len(ids) > 0 {
			ctx, cancel := context.WithTimeout(m.ctx, m.o.LeaseRenew)
			m.renew(ctx, owned, ids)
			cancel()
		}
		ctx, cancel := context.WithTimeout(m.ctx, m.o.LeaseRenew)
		m.catchUp(ctx, all)
		cancel()
	}
}

// catchUp notes the games of ids whose version is past the last note heard.
func (m *Manager) catchUp(ctx context.Context, ids []string) {
	if len(ids) == 0 {
		return
	}
	versions, err := m.notifier.Versions(ctx, ids)
	if err != nil {
		m.o.Log.Warn("read the loaded games' versions", "games", len(ids), "err", err)
		return
	}
	m.mu.Lock()
	var late []*Room
	for id, v := range versions {
		if r := m.rooms[id]; r != nil && v > r.noted.Load() {
			late = append(late, r)
		}
	}
	m.mu.Unlock()
	for _, r := range late {
		r.note(store.Note{Game: r.id, Version: versions[r.id]})
	}
}

// renew renews or takes the leases of games ids, the games of rooms.
func (m *Manager) renew(ctx context.Context, rooms []*Room, ids []string) {
	tokens, err := m.leaser.Lease(ctx, m.o.Instance, ids, m.o.LeaseTTL)
	if err != nil {
		m.o.Log.Warn("renew leases", "games", len(ids), "err", err)
		return // the fence refuses what an owner writes once its lease has expired
	}
	for _, r := range rooms {
		// A lease renewed keeps its token: only a change of owner is news
		// for the room. (A lease lost and taken back between two renewals
		// has a new token: the room's fenced writes fail and it gives up
		// its old one, to take the new one at the next renewal.)
		if tok := tokens[r.id]; (tok != 0) != r.owned.Load() {
			r.post(func() { r.setLease(tok) })
		}
	}
}
