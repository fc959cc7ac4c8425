package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

// Issue 66: a rated game is played by accounts, not tokens; a session's
// end closes its sockets.

// closeSignedOut is the close code of the sockets of a session that ended.
const closeSignedOut websocket.StatusCode = 4001

// postAs sends an empty JSON POST to path with the session cookie header.
func postAs(t *testing.T, ts *testServer, cookie, path string) int {
	t.Helper()
	req, err := http.NewRequest("POST", ts.URL+path, strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", cookie)
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// closedWithin reads c until it fails, and says how: the close status, or
// the error of a read still waiting after d.
func closedWithin(c *websocket.Conn, d time.Duration) (websocket.StatusCode, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			if ctx.Err() != nil {
				return -1, err
			}
			return websocket.CloseStatus(err), nil
		}
	}
}

// ratedStatus is game id's stored status and number of events.
func ratedStatus(t *testing.T, ts *testServer, id string) (string, int) {
	t.Helper()
	ctx := context.Background()
	rec, err := ts.Store.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := ts.Store.Events(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Status, len(evs)
}

// TestSignOutEverywhereClosesSockets: after "sign out everywhere" from one
// session, the game and seeks sockets opened with another session of the
// account are closed within a second (signed_out), so that they can
// neither seek nor play. Red on main b61b991: both stayed open.
func TestSignOutEverywhereClosesSockets(t *testing.T) {
	ts := newTestServer(t, nil)
	id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"ann", "bob"})
	other := sessionFor(t, ts, "ann") // ann on another device
	game := joinAs(t, ts, other, id, tok[0])
	joinAs(t, ts, ck[1], id, tok[1])
	lobby := dialSeeks(t, ts, other)
	lobby.next("seeks")
	if st := postAs(t, ts, ck[0], "/api/account/signout-all"); st != http.StatusOK {
		t.Fatalf("sign out everywhere: %d", st)
	}
	for name, c := range map[string]*websocket.Conn{"game": game.conn.C, "seeks": lobby.c} {
		code, err := closedWithin(c, time.Second)
		if err != nil || code != closeSignedOut {
			t.Errorf("the %s socket after sign-out everywhere: closed with %d, %v; want closed with %d within 1 s", name, code, err, closeSignedOut)
		}
	}
	if st, _ := ratedStatus(t, ts, id); st == store.StatusFinished {
		t.Errorf("the rated game is %s", st)
	}
}

// TestSignOutClosesOnlyItsSockets: signing out closes the sockets of that
// session, not those of the account's other sessions.
func TestSignOutClosesOnlyItsSockets(t *testing.T) {
	ts := newTestServer(t, nil)
	id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"ann", "bob"})
	other := sessionFor(t, ts, "ann")
	here := dialSeeks(t, ts, ck[0])
	here.next("seeks")
	there := joinAs(t, ts, other, id, tok[0])
	if st := postAs(t, ts, ck[0], "/api/account/signout"); st != http.StatusOK {
		t.Fatalf("sign out: %d", st)
	}
	if code, err := closedWithin(here.c, time.Second); err != nil || code != closeSignedOut {
		t.Errorf("the signed-out session's seeks socket: closed with %d, %v; want %d within 1 s", code, err, closeSignedOut)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := there.conn.Send(ctx, map[string]any{"type": "ping"}); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := there.conn.Next(ctx)
		if err != nil {
			t.Fatalf("the other session's game socket: %v; want it open", err)
		}
		if m.Type == "pong" {
			break
		}
	}
}

// TestRatedSeatNeedsItsAccount: a third account holding a rated seat's
// token can neither join nor play it (the loss would go to the owner).
// Red on main b61b991: cara resigned ann's game.
func TestRatedSeatNeedsItsAccount(t *testing.T) {
	ts := newTestServer(t, nil)
	id, tok, _ := ratedTable(t, ts, "dames", nil, true, [2]string{"ann", "bob"})
	cara := signedIn(t, ts, "cara")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cara}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	conn := &wsclient.Conn{C: c}
	_, err = conn.Hello(ctx, 0, tok[0])
	if err == nil {
		conn.Send(ctx, map[string]any{"type": "resign", "seat": 0})
		time.Sleep(100 * time.Millisecond) // the resignation, had it been taken, is stored
	}
	if err == nil || !strings.Contains(err.Error(), "not_your_seat") {
		t.Errorf("cara's hello with ann's token: %v; want refused as not_your_seat", err)
	}
	if st, _ := ratedStatus(t, ts, id); st == store.StatusFinished {
		t.Errorf("cara finished ann's rated game")
	}
}

// TestRatedCommandNeedsLiveSession: a command on a rated seat from a
// socket whose session is gone from the store (ended on another server
// instance, which could not close this socket) is refused, and the socket
// closed.
func TestRatedCommandNeedsLiveSession(t *testing.T) {
	ts := newTestServer(t, nil)
	id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"ann", "bob"})
	p := joinAs(t, ts, ck[0], id, tok[0])
	joinAs(t, ts, ck[1], id, tok[1])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sess := strings.TrimPrefix(ck[0], "plateau_session=")
	if err := ts.Store.DeleteSession(ctx, room.HashToken(sess)); err != nil { // as another instance does
		t.Fatal(err)
	}
	_, before := ratedStatus(t, ts, id)
	if err := p.conn.Send(ctx, map[string]any{"type": "resign", "seat": 0}); err != nil {
		t.Fatal(err)
	}
	var refusal string
	for {
		m, err := p.conn.Next(ctx)
		if err != nil {
			if websocket.CloseStatus(err) != closeSignedOut {
				t.Errorf("the socket closed with %v; want %d", err, closeSignedOut)
			}
			break
		}
		if m.Type == "error" {
			refusal = m.Code
		}
		if m.Type == "ack" {
			t.Fatalf("the resignation of a session gone was taken")
		}
	}
	if refusal != "signed_out" {
		t.Errorf("refusal %q, want signed_out", refusal)
	}
	if st, n := ratedStatus(t, ts, id); st == store.StatusFinished || n != before {
		t.Errorf("the game is %s with %d events (was %d)", st, n, before)
	}
}

// TestSeekSessionEndedElsewhere: a seeks socket whose session was deleted
// by another instance of a cluster (not through this one's sign-out) is
// closed, and its open seek withdrawn, within a ping interval.
func TestSeekSessionEndedElsewhere(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.PingInterval = 50 * time.Millisecond })
	ann := signedIn(t, ts, "ann")
	watcher := dialSeeks(t, ts, "")
	l := dialSeeks(t, ts, ann)
	l.next("seeks")
	l.send(map[string]any{"type": "seek", "game": "dames", "rated": true})
	l.next("seeking")
	watcher.seeksUntil("ann's seek", func(names []string) bool { return slices.Contains(names, "ann") })
	sess := strings.TrimPrefix(ann, "plateau_session=")
	if err := ts.Store.DeleteSession(context.Background(), room.HashToken(sess)); err != nil {
		t.Fatal(err)
	}
	if code, err := closedWithin(l.c, 5*time.Second); err != nil || code != closeSignedOut {
		t.Errorf("the seeks socket of a session deleted elsewhere: closed with %d, %v; want %d", code, err, closeSignedOut)
	}
	watcher.seeksUntil("no seek", func(names []string) bool { return len(names) == 0 })
}
