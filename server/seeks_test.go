package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/room"
	"plateau/seek"
	"plateau/server"
	"plateau/server/lobby"
	"plateau/store"
	"plateau/store/storetest"
)

// signedIn creates an account named name with a session and returns the
// session's cookie header.
func signedIn(t *testing.T, ts *testServer, name string) string {
	t.Helper()
	ctx := context.Background()
	id := "id-" + name
	if err := ts.Store.CreateAccount(ctx, storetest.NewAccount(id, name)); err != nil {
		t.Fatal(err)
	}
	return sessionFor(t, ts, id)
}

// sessionFor opens a session of the account id and returns its cookie
// header.
func sessionFor(t *testing.T, ts *testServer, id string) string {
	t.Helper()
	ctx := context.Background()
	tok := room.NewToken()
	now := time.Now().UTC()
	if err := ts.Store.CreateSession(ctx, &store.Session{TokenHash: room.HashToken(tok), Account: id, Created: now, LastSeen: now,
		Expires: now.Add(server.DefaultSessionTTL)}); err != nil {
		t.Fatal(err)
	}
	return "plateau_session=" + tok
}

// lobbyConn is a connection to GET /api/seeks/ws.
type lobbyConn struct {
	t *testing.T
	c *websocket.Conn
}

func dialSeeks(t *testing.T, ts *testServer, cookie string) *lobbyConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hdr := http.Header{}
	if cookie != "" {
		hdr.Set("Cookie", cookie)
	}
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/seeks/ws", &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &lobbyConn{t: t, c: c}
}

func (l *lobbyConn) send(v any) {
	l.t.Helper()
	b, _ := json.Marshal(v)
	if err := l.c.Write(context.Background(), websocket.MessageText, b); err != nil {
		l.t.Fatal(err)
	}
}

// next returns the next message of one of the types, skipping others.
func (l *lobbyConn) next(types ...string) lobby.SeekMessage {
	l.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := l.c.Read(ctx)
		if err != nil {
			l.t.Fatalf("waiting for %v: %v", types, err)
		}
		var m lobby.SeekMessage
		if err := json.Unmarshal(data, &m); err != nil {
			l.t.Fatalf("%s: %v", data, err)
		}
		if slices.Contains(types, m.Type) {
			return m
		}
	}
}

// seeksUntil reads lists of seeks until the names of one satisfy ok.
func (l *lobbyConn) seeksUntil(what string, ok func(names []string) bool) {
	l.t.Helper()
	l.seeksWhere(what, func(ss []seek.Seek) bool {
		var names []string
		for _, s := range ss {
			names = append(names, s.Name)
		}
		return ok(names)
	})
}

// seeksWhere reads lists of seeks until one satisfies ok.
func (l *lobbyConn) seeksWhere(what string, ok func([]seek.Seek) bool) {
	l.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var last []seek.Seek
	for {
		_, data, err := l.c.Read(ctx)
		if err != nil {
			l.t.Fatalf("waiting for a list with %s (last: %+v): %v", what, last, err)
		}
		var m lobby.SeekMessage
		if json.Unmarshal(data, &m) != nil || m.Type != "seeks" {
			continue
		}
		if last = m.Seeks; ok(last) {
			return
		}
	}
}

func TestSeeksPairAutomatically(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	annCookie := signedIn(t, ts, "ann")
	ann := dialSeeks(t, ts, annCookie)
	if m := ann.next("seeks"); len(m.Seeks) != 0 || m.Account != "ann" {
		t.Fatalf("first list: %+v, want none", m.Seeks)
	}
	spec := map[string]any{"type": "seek", "game": "shutbox", "rated": true, "clock": map[string]any{"minutes": 5, "increment": 3}}
	ann.send(spec)
	mine := ann.next("seeking")
	if mine.Seek == nil || mine.Seek.Name != "ann" || mine.Seek.Rating != 1500 || !mine.Seek.Provisional || mine.Seek.Variant["players"] != "2" {
		t.Fatalf("seeking: %+v", mine.Seek)
	}
	bob := dialSeeks(t, ts, signedIn(t, ts, "bob"))
	bob.seeksUntil("ann's seek", func(n []string) bool { return slices.Equal(n, []string{"ann"}) })
	// Another clock: no pairing, both listed.
	cid := dialSeeks(t, ts, signedIn(t, ts, "cid"))
	cid.send(map[string]any{"type": "seek", "game": "shutbox", "rated": true})
	cid.next("seeking")
	bob.seeksUntil("two seeks", func(n []string) bool { return slices.Equal(n, []string{"ann", "cid"}) })
	bob.send(spec)
	pa, pb := ann.next("paired", "error"), bob.next("paired", "error")
	if pa.Type != "paired" || pb.Type != "paired" || pa.Game == "" || pa.Game != pb.Game || pa.Seat == nil || pb.Seat == nil || *pa.Seat+*pb.Seat != 1 ||
		pa.Token == "" || pa.URL != "/g/"+pa.Game+"?seat="+itoa(*pa.Seat)+"&token="+pa.Token {
		t.Fatalf("paired: %+v and %+v", pa, pb)
	}
	cid.seeksUntil("cid's alone", func(n []string) bool { return slices.Equal(n, []string{"cid"}) })
	g, err := ts.Store.Game(ctx, pa.Game)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Rated || g.Casual || g.Game != "shutbox" || g.Variant["players"] != "2" || g.Clock.Initial != 5*time.Minute || g.Clock.Increment != 3*time.Second {
		t.Errorf("paired game %+v", g)
	}
	if g.Seats[*pa.Seat].Account != "id-ann" || g.Seats[*pb.Seat].Account != "id-bob" {
		t.Errorf("seats %+v: want ann at %d, bob at %d", g.Seats, *pa.Seat, *pb.Seat)
	}
	// Each token plays its seat.
	p := joinAs(t, ts, annCookie, pa.Game, pa.Token)
	if len(p.seats) != 1 || p.seats[0] != *pa.Seat {
		t.Errorf("ann's token holds seats %v, want %d", p.seats, *pa.Seat)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestSeekAcceptCancelAndLeave(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	eve := dialSeeks(t, ts, signedIn(t, ts, "eve"))
	fay := dialSeeks(t, ts, signedIn(t, ts, "fay"))
	eve.send(map[string]any{"type": "seek", "game": "dames", "rated": false})
	s := eve.next("seeking").Seek
	// fay's own seek, of another game, goes when she accepts eve's.
	fay.send(map[string]any{"type": "seek", "game": "mahbousse"})
	fay.next("seeking")
	fay.seeksUntil("eve's and fay's seeks", func(n []string) bool { return slices.Equal(n, []string{"eve", "fay"}) })
	eve.send(map[string]any{"type": "accept", "id": s.ID})
	if m := eve.next("error"); m.Code != "seek_refused" {
		t.Errorf("accepting one's own seek: %+v", m)
	}
	fay.send(map[string]any{"type": "accept", "id": s.ID})
	pe, pf := eve.next("paired"), fay.next("paired")
	fay.seeksUntil("no seek left", func(n []string) bool { return len(n) == 0 })
	if pe.Game != pf.Game {
		t.Fatalf("paired in %s and %s", pe.Game, pf.Game)
	}
	g, err := ts.Store.Game(ctx, pe.Game)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rated || !g.Casual || g.Game != "dames" || g.Clock.On() {
		t.Errorf("accepted casual seek made %+v", g)
	}
	fay.send(map[string]any{"type": "accept", "id": s.ID})
	if m := fay.next("error"); m.Code != "seek_refused" {
		t.Errorf("accepting a seek taken already: %+v", m)
	}
	// A seek disappears when cancelled, and when its owner leaves.
	gus := dialSeeks(t, ts, signedIn(t, ts, "gus"))
	gus.send(map[string]any{"type": "seek", "game": "benedictine"})
	gus.next("seeking")
	fay.seeksUntil("gus's seek", func(n []string) bool { return slices.Equal(n, []string{"gus"}) })
	gus.send(map[string]any{"type": "cancel"})
	fay.seeksUntil("none", func(n []string) bool { return len(n) == 0 })
	gus.send(map[string]any{"type": "seek", "game": "dames", "rated": true})
	first := gus.next("seeking").Seek
	// A new seek replaces the connection's.
	gus.send(map[string]any{"type": "seek", "game": "benedictine"})
	if again := gus.next("seeking").Seek; again.ID == first.ID || again.Game != "benedictine" {
		t.Errorf("the replacing seek %+v, after %+v", again, first)
	}
	fay.seeksWhere("gus's benedictine seek alone", func(ss []seek.Seek) bool {
		return len(ss) == 1 && ss[0].Name == "gus" && ss[0].Game == "benedictine"
	})
	gus.c.Close(websocket.StatusNormalClosure, "")
	fay.seeksUntil("none after gus left", func(n []string) bool { return len(n) == 0 })
}

func TestSeekRefusals(t *testing.T) {
	ts := newTestServer(t, nil)
	guest := dialSeeks(t, ts, "")
	if m := guest.next("seeks"); m.Account != "" {
		t.Errorf("a guest's first list names account %q", m.Account)
	}
	guest.send(map[string]any{"type": "seek", "game": "dames"})
	if m := guest.next("error"); m.Code != "sign_in" {
		t.Errorf("a guest's seek: %+v, want sign_in", m)
	}
	hal := dialSeeks(t, ts, signedIn(t, ts, "hal"))
	for _, c := range []struct {
		msg  map[string]any
		code string
		part string
	}{
		{map[string]any{"type": "seek", "game": "chess"}, "bad_request", "game"},
		{map[string]any{"type": "seek", "game": "shutbox", "variant": map[string]string{"players": "3"}}, "bad_request", "two"},
		{map[string]any{"type": "seek", "game": "dames", "range": 5000}, "bad_request", "range"},
		{map[string]any{"type": "seek", "game": "dames", "clock": map[string]any{"minutes": 0.001}}, "bad_request", "clock.minutes"},
		{map[string]any{"type": "dance"}, "bad_message", "dance"},
		{map[string]any{"type": "seek", "colour": "white"}, "bad_message", "colour"},
	} {
		hal.send(c.msg)
		if m := hal.next("error", "seeking"); m.Code != c.code || !strings.Contains(m.Message, c.part) {
			t.Errorf("%v: %+v, want %s naming %q", c.msg, m, c.code, c.part)
		}
	}
}

// TestSeekFlood: the lobby's connection has the message limit of a game's
// (--rate): past it, messages are refused, and a flood closes it.
func TestSeekFlood(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Rate, o.Burst = 1, 2 })
	l := dialSeeks(t, ts, "")
	l.next("seeks")
	for range 3 {
		l.send(map[string]any{"type": "cancel"})
	}
	if m := l.next("error"); m.Code != "rate_limited" {
		t.Fatalf("the third message at once: %+v, want rate_limited", m)
	}
	for range 10 {
		if err := l.c.Write(context.Background(), websocket.MessageText, []byte(`{"type":"cancel"}`)); err != nil {
			break
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, _, err := l.c.Read(ctx)
		if err != nil {
			if s := websocket.CloseStatus(err); s != websocket.StatusPolicyViolation {
				t.Fatalf("a flood ended with %v (status %d), want 1008", err, s)
			}
			return
		}
	}
}
