package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/server"
)

// TestCloseProtocolErrors breaks RFC 6455's framing before and after the
// hello: each is closed with 1002 (issue 67: an unmasked frame closed 1008
// "no hello" before the hello and 1011 after it).
func TestCloseProtocolErrors(t *testing.T) {
	ts := newTestServer(t, nil)
	g := ts.create(t, "dames", nil, "hh", false)
	ping := []byte(`{"type":"ping"}`)
	tests := []struct {
		name  string
		hello bool
		bad   []byte
	}{
		{"unmasked frame before hello", false, frame(0x1, true, false, []byte(`{"type":"hello","version":0}`))},
		{"unmasked frame after hello", true, frame(0x1, true, false, ping)},
		{"unmasked ping after hello", true, frame(0x9, true, false, nil)},
		{"reserved opcode", true, frame(0x3, true, true, ping)},
		{"reserved bit", true, append([]byte{0x80 | 0x40 | 0x1}, frame(0x1, true, true, ping)[1:]...)},
		{"continuation outside a message", true, frame(0x0, true, true, ping)},
		{"fragmented ping", true, frame(0x9, false, true, nil)},
	}
	for _, tt := range tests {
		w := dialRaw(t, ts, g.ID)
		if tt.hello {
			w.hello(t)
		}
		if _, err := w.c.Write(tt.bad); err != nil {
			t.Fatal(err)
		}
		if code, reason := w.closeFrame(); code != 1002 || !strings.HasPrefix(reason, "protocol error") {
			t.Errorf("%s: closed with %d %q, want 1002 protocol error", tt.name, code, reason)
		}
	}
}

// TestCloseNoHello opens a WebSocket and says nothing: it is closed with
// 1008 and a reason after HelloTimeout (issue 67: the TCP connection was
// dropped with no close frame).
func TestCloseNoHello(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.HelloTimeout = 100 * time.Millisecond })
	g := ts.create(t, "dames", nil, "hh", false)
	w := dialRaw(t, ts, g.ID)
	if code, reason := w.closeFrame(); code != 1008 || reason != "no hello within 100ms" {
		t.Errorf("no hello: closed with %d %q, want 1008 \"no hello within 100ms\"", code, reason)
	}
}

// TestCloseShutdown closes the server under a connected client: 1001.
func TestCloseShutdown(t *testing.T) {
	ts := newTestServer(t, nil)
	g := ts.create(t, "dames", nil, "hh", false)
	c := ts.dial(t, g.ID)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.Hello(ctx, 0); err != nil {
		t.Fatal(err)
	}
	go ts.Srv.Close()
	for {
		_, err := c.Next(ctx)
		if err == nil {
			continue
		}
		if s := websocket.CloseStatus(err); s != websocket.StatusGoingAway {
			t.Errorf("at shutdown: %v (close %d), want 1001", err, s)
		}
		return
	}
}
