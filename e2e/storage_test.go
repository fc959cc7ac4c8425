package e2e

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"plateau/server"
	"plateau/store"
)

// flakyStore is a store whose game writes fail while full is set (a full
// disk), or wait while frozen is set (a stalled disk) until their ctx ends.
type flakyStore struct {
	store.Store
	full, frozen atomic.Bool
}

func (f *flakyStore) Append(ctx context.Context, id string, evs []store.Event, upd *store.Update) error {
	if f.frozen.Load() {
		<-ctx.Done()
		return ctx.Err()
	}
	if f.full.Load() {
		return errors.New("database or disk is full (13) (SQLITE_FULL)")
	}
	return f.Store.Append(ctx, id, evs, upd)
}

// TestBrowserStorageUnavailable: a move made while the disk is full is
// not played and the page says so, staying connected (issue 67 item 8:
// it showed "internal: the game's room failed: reconnect" and reconnected
// about 30 times a second); a stalled disk drops the connection, and the
// page reconnects with a back-off, never more than once a second.
func TestBrowserStorageUnavailable(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	var fs *flakyStore
	base, _ := startServerWith(t, func(o *server.Options) {
		fs = &flakyStore{Store: o.Store}
		o.Store = fs
		o.WriteTimeout = 300 * time.Millisecond
	})
	tb := newTab(t, bctx, "player")
	tb.allow("storage_unavailable")
	tb.open(base+"/", `!!document.body`)
	_, invite := postGame(tb, `{game: 'dames', seats: [{kind: 'human'}, {kind: 'ai', level: 'easy'}]}`)
	tb.open(base+invite, boardReady)
	// Welcomed: the seat's join is recorded (the page can say "your turn"
	// from the state it was served, before its socket joins).
	tb.waitJS("my turn, joined", `document.querySelector('#status')?.dataset.turn === 'me' && window.plateauPage.conn.welcomed`)
	// Count the page's connection attempts from now on.
	eval[bool](tb, `(() => { const c = window.plateauPage.conn, open = c.open.bind(c);
		window.opens = []; c.open = () => { window.opens.push(Date.now()); open(); }; return true; })()`)

	fs.full.Store(true)
	eval[bool](tb, `(window.plateauPage.send(window.plateauPage.view.moves[0]), true)`)
	tb.waitJSWithin("the storage message", `document.querySelector('#reconnect:not([hidden])')?.dataset.storage === '1'`, 5*time.Second)
	if got := eval[string](tb, `document.querySelector('#reconnect').textContent`); got != "The server cannot save moves right now; your move was not played. Try again in a moment." {
		t.Errorf("the banner says %q", got)
	}
	screenshot(t, tb, "storage-unavailable-desktop")
	time.Sleep(3 * time.Second)
	if n := eval[int](tb, `window.opens.length`); n != 0 || !eval[bool](tb, `window.plateauPage.conn.welcomed`) {
		t.Errorf("on a full disk the page reconnected %d times (connected: %v); want none, still connected", n, eval[bool](tb, `window.plateauPage.conn.welcomed`))
	}
	if v := eval[int](tb, `+document.querySelector('#board').dataset.version`); v != eval[int](tb, `window.plateauPage.version`) {
		t.Errorf("the board shows version %d", v)
	}

	// A stalled disk: the move's write is cut at its deadline, the room
	// unloaded, the page dropped; it reconnects with a back-off.
	fs.full.Store(false)
	fs.frozen.Store(true)
	eval[bool](tb, `(window.plateauPage.send(window.plateauPage.view.moves[0]), true)`)
	tb.waitJSWithin("the first reconnection", `window.opens.length >= 1`, 10*time.Second)
	fs.frozen.Store(false)
	time.Sleep(4 * time.Second)
	opens := eval[[]float64](tb, `window.opens`)
	for i := 1; i < len(opens); i++ {
		if gap := opens[i] - opens[i-1]; gap < 1000 {
			t.Errorf("reconnection attempts %d and %d %v ms apart; want at least 1 s (%v)", i, i+1, gap, opens)
		}
	}
	if len(opens) > 3 {
		t.Errorf("%d reconnection attempts in about 5 s: %v", len(opens), opens)
	}
	tb.waitJSWithin("connected again", `window.plateauPage.conn.welcomed`, 10*time.Second)
	// Once the disk writes again, the move plays and the message goes.
	eval[bool](tb, `(window.plateauPage.send(window.plateauPage.view.moves[0]), true)`)
	tb.waitJSWithin("the move played, the message gone", `document.querySelector('#reconnect').hidden && window.plateauPage.version > 0`, 10*time.Second)
}
