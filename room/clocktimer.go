package room

import "time"

// armClock sets the timer of the running clock, if any.
func (r *Room) armClock() {
	if r.flagAt != nil {
		r.flagAt.Stop()
		r.flagAt = nil
	}
	if r.rec != nil && r.rec.Clock.Correspondence() && r.owner() {
		r.storeDeadline() // the account's "your move" and the wheel read it
	}
	c := r.play.Clock
	if c == nil || c.Running < 0 || r.play.Over() || !r.owner() {
		return // on a shared store, the lease owner's timer ends the game on time
	}
	version := r.play.Version
	r.flagAt = time.AfterFunc(c.LeftAt(c.Running, r.m.now()), func() {
		r.post(func() {
			if r.play.Version == version {
				r.flagDue(r.m.now(), true)
			}
		})
	})
}

// flagDue ends the game if the running clock has run out at now; own says
// that the lease owner's timer calls it. Its error is a failed commit (the
// room has failed, or on a shared store lost a race: see raced).
func (r *Room) flagDue(now time.Time, own bool) error {
	c := r.play.Clock
	if c == nil || c.Running < 0 || r.play.Over() {
		return nil
	}
	if c.LeftAt(c.Running, now) > 0 {
		r.armClock() // a timer that fired early
		return nil
	}
	d, err := Decide(r.play, c.Running, Action{Kind: ActFlag, Time: now})
	if err != nil {
		r.m.o.Log.Error("timeout refused", "game", r.id, "err", err)
		return nil
	}
	return r.commitAs(r.ctx, d, own)
}
