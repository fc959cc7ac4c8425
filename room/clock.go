package room

import (
	"fmt"
	"slices"
	"time"

	"plateau/game"
	"plateau/store"
)

// KindTimeout is the event of a seat whose time ran out; the game ends
// with the reason "time".
const KindTimeout = "timeout"

// Clocks is the time of a timed game, rebuilt from the events' times (so
// that a restart, or another server instance, finds the same clocks).
//
// Only the seats in Timed have a clock (human seats: AI seats are not
// timed). Clocks start with the first player's move: from then on the
// clock of the timed seat to move runs from the time of the event that gave
// it the move (Since) until its next event; chance moves (the server's
// rolls, made in the same write as the move before them) and AI seats take
// no time. A seat gains the increment after each of its timed moves. Time
// spent stays spent when an undo takes moves back.
//
// A correspondence clock (Cfg.PerMove) gives each move its own time: after
// every move the seat to move has PerMove, and so does a seat that gets
// the move back without one (an undo); the seats' time is not carried over.
type Clocks struct {
	Cfg     store.Clock
	Timed   []bool
	Left    []time.Duration // each seat's time left at Since
	Running int             // the seat whose clock runs since Since, -1 for none
	Since   time.Time
	Started bool // a player has moved
	// Berserked are the seats that berserked: half their initial time
	// taken away, no increment from then on.
	Berserked []bool
}

// NewClocks returns the clocks of a game with time control c (nil if c is
// off) for the seats given by their kinds.
func NewClocks(c store.Clock, kinds []string) *Clocks {
	if !c.On() {
		return nil
	}
	k := &Clocks{Cfg: c, Timed: make([]bool, len(kinds)), Left: make([]time.Duration, len(kinds)), Running: -1, Berserked: make([]bool, len(kinds))}
	for i, kind := range kinds {
		k.Timed[i] = kind == store.Human
		k.Left[i] = max(c.Initial, c.PerMove)
	}
	return k
}

func (k *Clocks) clone() *Clocks {
	if k == nil {
		return nil
	}
	c := *k
	c.Timed = append([]bool(nil), k.Timed...)
	c.Left = append([]time.Duration(nil), k.Left...)
	c.Berserked = append([]bool(nil), k.Berserked...)
	return &c
}

// LeftAt returns the time seat has left at t (negative once it has run out).
func (k *Clocks) LeftAt(seat int, t time.Time) time.Duration {
	left := k.Left[seat]
	if seat == k.Running {
		left -= max(t.Sub(k.Since), 0)
	}
	return left
}

// after stops the running clock at e's time, adds the increment of a timed
// move, and starts the clock of the seat to move after e, the event just
// applied to p.
func (k *Clocks) after(p *Play, e store.Event) {
	moved := k.Running
	if moved >= 0 {
		k.Left[moved] = k.LeftAt(moved, e.Time)
	}
	if e.Kind == KindMove {
		if moved == e.Player && !k.Berserked[moved] {
			k.Left[moved] += k.Cfg.Increment
		}
		k.Started = true
	}
	k.Running, k.Since = -1, e.Time
	if tm := int(p.State.ToMove()); k.Started && !p.Over() && tm >= 0 && tm < len(k.Timed) && k.Timed[tm] {
		k.Running = tm
	}
	if k.Cfg.PerMove > 0 && k.Running >= 0 && (e.Kind == KindMove || k.Running != moved) {
		for i := range k.Left {
			k.Left[i] = k.Cfg.PerMove
		}
	}
}

// check refuses e if it comes from a running clock that ran out, or if it
// is a timeout of a seat that still has time.
func (k *Clocks) check(e store.Event) error {
	switch {
	case e.Kind == KindTimeout && (k == nil || e.Player != k.Running):
		return refuse("not_allowed", "seat %d's clock is not running", e.Player)
	case e.Kind == KindTimeout && k.LeftAt(e.Player, e.Time) > 0:
		return refuse("not_allowed", "seat %d still has %v", e.Player, k.LeftAt(e.Player, e.Time))
	case k != nil && e.Kind == KindMove && e.Player == k.Running && k.LeftAt(e.Player, e.Time) <= 0:
		return refuse("time", "seat %d's time ran out", e.Player)
	}
	return nil
}

// timeoutOutcome is the result of a game in which seat ran out of time.
// Two players: the other wins. Four-player Intercept in teams: the other
// team wins. Other games of more players (Shut the Box): the game ends,
// the seat loses and the others share first place (a draw between them):
// their scores so far would not be comparable, some having played fewer
// turns.
func timeoutOutcome(n int, cfg game.Config, seat int) game.Outcome {
	const reason = "time"
	switch {
	case n == 2:
		return game.Finished(2, reason, game.Player(1-seat))
	case n == 4 && cfg["mode"] == "teams":
		return game.Finished(4, reason, game.Player((seat+1)%4), game.Player((seat+3)%4))
	}
	o := game.Drawn(n, reason)
	o.Results[seat] = game.Loss
	return o
}

// ClockConfigJSON is the time control alone (lobby entries, exports).
func ClockConfigJSON(c store.Clock) *ClockJSON {
	if !c.On() {
		return nil
	}
	return &ClockJSON{InitialMS: c.Initial.Milliseconds(), IncrementMS: c.Increment.Milliseconds(), PerMoveMS: c.PerMove.Milliseconds(), Running: -1,
		Berserk: c.Berserk}
}

// JSON returns the clocks at t.
func (k *Clocks) JSON(t time.Time) *ClockJSON {
	if k == nil {
		return nil
	}
	j := ClockConfigJSON(k.Cfg)
	j.Running = k.Running
	if slices.Contains(k.Berserked, true) {
		j.Berserked = k.Berserked
	}
	for i := range k.Left {
		if !k.Timed[i] {
			j.LeftMS = append(j.LeftMS, nil)
			continue
		}
		ms := max(k.LeftAt(i, t), 0).Milliseconds()
		j.LeftMS = append(j.LeftMS, &ms)
	}
	return j
}

func (k *Clocks) String() string {
	if k.Cfg.PerMove > 0 {
		return fmt.Sprintf("clocks %v a move left %v running %d since %v", k.Cfg.PerMove, k.Left, k.Running, k.Since)
	}
	return fmt.Sprintf("clocks %v+%v left %v running %d since %v", k.Cfg.Initial, k.Cfg.Increment, k.Left, k.Running, k.Since)
}

// KindBerserk is the event of a seat that berserks: before its first
// move, in a game that allows it (store.Clock.Berserk, an arena's), a
// player gives up half their initial time and the increment for the
// tournament's extra point (tournament/arena).
const KindBerserk = store.KindBerserk

// berserk takes half the initial time from seat's clock and its
// increment from then on.
func (k *Clocks) berserk(seat int) error {
	switch {
	case k == nil || !k.Cfg.Berserk || k.Cfg.PerMove > 0:
		return refuse("not_allowed", "this game does not allow berserk (the games of an arena that allows it do)")
	case seat < 0 || seat >= len(k.Left) || !k.Timed[seat]:
		return refuse("not_allowed", "seat %d has no clock to berserk", seat)
	case k.Berserked[seat]:
		return refuse("not_allowed", "seat %d has berserked already", seat)
	}
	k.Berserked[seat] = true
	k.Left[seat] -= k.Cfg.Initial - k.Cfg.Initial/2
	return nil
}
