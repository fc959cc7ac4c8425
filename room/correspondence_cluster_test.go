package room_test

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"plateau/games"
	"plateau/room"
	"plateau/store"
	"plateau/store/postgres"
	"plateau/store/postgres/pgtest"
)

// killable is a PostgreSQL store whose instance can be killed: once dead,
// it neither gives up its leases nor stores a deadline, as a process that
// vanished would not.
type killable struct {
	*postgres.Store
	dead *atomic.Bool
}

var errKilled = errors.New("instance killed")

func (k killable) Unlease(ctx context.Context, owner string, ids []string) error {
	if k.dead.Load() {
		return errKilled
	}
	return k.Store.Unlease(ctx, owner, ids)
}

func (k killable) SetDeadline(ctx context.Context, id string, at time.Time, seat int) error {
	if k.dead.Load() {
		return errKilled
	}
	return k.Store.SetDeadline(ctx, id, at, seat)
}

// A correspondence game outlives the instance that ran it: instance a
// owns it and is killed (its lease left to expire, nothing stored on the
// way out); the deadline stored at the turn stays, so "your move" still
// lists it; instance b takes the game over, its player moves there, and
// b's clock wheel ends it on time at the next deadline, days later on the
// injected clock.
func TestCorrespondenceClusterTakeover(t *testing.T) {
	url := pgtest.URL(t)
	sa, sb := openPostgres(t, url), openPostgres(t, url)
	dead := &atomic.Bool{}
	clock := &fakeClock{t: time.Now().UTC().Truncate(time.Millisecond)}
	opts := func(st store.Store, instance string) room.Options {
		return room.Options{Store: st, Games: games.Registry(), Log: quiet, Instance: instance, Now: clock.Now,
			WheelEvery: 20 * time.Millisecond, LeaseTTL: time.Second, LeaseRenew: 100 * time.Millisecond}
	}
	ma := room.NewManager(opts(killable{sa, dead}, "a"))
	const ann, bob = "ann", "bob"
	id, toks := corrGame(t, sa, day, ann, bob)
	moveAndLeave(t, ma, id, 0, toks)
	first := clock.Now()
	awaiting(t, sa, bob, []store.Deadline{{Game: id, At: first.Add(day), Seat: 1}})

	dead.Store(true)
	ma.Close()
	mb := room.NewManager(opts(sb, "b"))
	defer mb.Close()
	clock.Add(20 * time.Hour)
	awaiting(t, sb, bob, []store.Deadline{{Game: id, At: first.Add(day), Seat: 1}})
	moveAndLeave(t, mb, id, 1, toks)
	second := clock.Now()
	// b stores the next deadline once it owns the game (a's lease expired).
	for i := 0; ; i++ {
		got, err := sb.Awaiting(context.Background(), ann, 0)
		if err == nil && slices.Equal(got, []store.Deadline{{Game: id, At: second.Add(day), Seat: 0}}) {
			break
		}
		if i == 300 {
			t.Fatalf("ann's games awaiting her move: %v, %v; want game %s due %v", got, err, id, second.Add(day))
		}
		time.Sleep(20 * time.Millisecond)
	}
	awaiting(t, sb, bob, nil)
	clock.Add(day)
	lostOnTime(t, sb, id, 0, second.Add(day))
}
