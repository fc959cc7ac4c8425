package room

import (
	"context"
	"errors"
	"sync"
	"time"

	"plateau/store"
)

// A room whose clock runs is unloaded like any other once nobody follows
// it: before it goes, it stores its clock's deadline (Store.SetDeadline),
// and the manager's clock wheel loads the game again at that time, so the
// game ends on time (the loaded room's timer makes the timeout). The
// wheel reads the deadlines from the store, so it also finds those of
// games unloaded before a restart, or by another instance sharing the
// store (the instance that loads the game takes its lease and ends it).

// Defaults of the clock wheel.
const (
	// DefaultWheelEvery is how often the wheel reads the deadlines due
	// soon from the store.
	DefaultWheelEvery = time.Second
	// wheelBatch bounds the deadlines read at once.
	wheelBatch = 200
)

// deadline is when the running clock runs out and whose it is; false if
// no clock runs.
func (r *Room) deadline() (time.Time, int, bool) {
	c := r.play.Clock
	if c == nil || c.Running < 0 || r.play.Over() {
		return time.Time{}, -1, false
	}
	return c.Since.Add(c.Left[c.Running]), c.Running, true
}

// parkClock stores, as the room unloads, when its running clock runs out
// (or that none runs, for a timed game not over), for the wheel. Only the
// game's owner does: it is the one whose timer would have ended it.
func (r *Room) parkClock() {
	if r.failed || r.rec == nil || !r.rec.Clock.On() || r.play.Over() || !r.owner() {
		return
	}
	at, _, ok := r.deadline()
	if !r.storeDeadline() {
		return
	}
	if ok && at.Sub(r.m.now()) < r.m.wheel.every {
		r.m.wheel.schedule(r.id, at) // the next reading of the store finds the others
	}
}

// storeDeadline stores the running clock's deadline and seat (none when no
// clock runs), unless it is stored already, and reports whether it is.
func (r *Room) storeDeadline() bool {
	at, seat, _ := r.deadline()
	d := store.Deadline{Game: r.id, At: at, Seat: seat}
	if r.stored != nil && *r.stored == d {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.m.o.WriteTimeout)
	defer cancel()
	if err := r.m.o.Store.SetDeadline(ctx, r.id, at, seat); err != nil {
		r.m.o.Log.Error("store the clock's deadline of a game", "game", r.id, "err", err)
		return false
	}
	r.stored = &d
	return true
}

// wheel wakes the games unloaded while their clock runs at their deadline.
type wheel struct {
	m     *Manager
	every time.Duration
	mu    sync.Mutex
	timed map[string]*time.Timer // the games whose wake is scheduled
}

func newWheel(m *Manager, every time.Duration) *wheel {
	return &wheel{m: m, every: every, timed: map[string]*time.Timer{}}
}

// run reads the deadlines due before the next reading and schedules their
// wakes, until the manager quits.
func (w *wheel) run() {
	defer w.m.wg.Done()
	t := time.NewTicker(w.every)
	defer t.Stop()
	for {
		w.poll()
		select {
		case <-w.m.quit:
			w.mu.Lock()
			for id, tm := range w.timed {
				tm.Stop()
				delete(w.timed, id)
			}
			w.mu.Unlock()
			return
		case <-t.C:
		}
	}
}

// poll schedules the wakes of the deadlines due within the next period.
func (w *wheel) poll() {
	ctx, cancel := context.WithTimeout(w.m.ctx, 5*time.Second)
	defer cancel()
	ds, err := w.m.o.Store.Due(ctx, w.m.now().Add(w.every), wheelBatch)
	if err != nil {
		if ctx.Err() == nil {
			w.m.o.Log.Error("read the clock deadlines due", "err", err)
		}
		return
	}
	for _, d := range ds {
		w.schedule(d.Game, d.At)
	}
}

// schedule wakes game id at at, unless a wake of it is scheduled already.
func (w *wheel) schedule(id string, at time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.timed[id]; ok {
		return
	}
	select {
	case <-w.m.quit:
		return
	default:
	}
	w.timed[id] = time.AfterFunc(at.Sub(w.m.now()), func() { w.wake(id) })
}

// wake loads game id, whose clock may have run out: the room's timer ends
// it at load, and the timeout is committed before wake returns.
func (w *wheel) wake(id string) {
	defer func() {
		w.mu.Lock()
		delete(w.timed, id)
		w.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(w.m.ctx, 10*time.Second)
	defer cancel()
	r, err := w.m.Acquire(ctx, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) && w.m.ctx.Err() == nil {
			w.m.o.Log.Warn("load a game at its clock's deadline (retried at the next reading)", "game", id, "err", err)
		}
		return
	}
	defer w.m.Release(r)
	r.call(func() {
		if r.owner() {
			r.flagDue(w.m.now(), true)
		}
	})
}
