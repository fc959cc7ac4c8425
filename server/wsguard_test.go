package server_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"plateau/server"
)

// rawWS is a WebSocket client written by hand, to send what no library
// would: floods of control frames, unmasked frames.
type rawWS struct {
	c net.Conn
	r *bufio.Reader
}

// dialRaw upgrades a TCP connection to the WebSocket of game id.
func dialRaw(t *testing.T, ts *testServer, id string) *rawWS {
	t.Helper()
	return dialRawPath(t, ts, "/api/games/"+id+"/ws")
}

// dialRawPath upgrades a TCP connection to the WebSocket at path.
func dialRawPath(t *testing.T, ts *testServer, path string) *rawWS {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(20 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", path, strings.TrimPrefix(ts.URL, "http://"))
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %s", resp.Status)
	}
	return &rawWS{c: c, r: r}
}

// frame encodes a client frame of opcode op.
func frame(op byte, fin, masked bool, payload []byte) []byte {
	b := []byte{op, byte(len(payload))}
	if fin {
		b[0] |= 0x80
	}
	if masked {
		b[1] |= 0x80
		key := []byte{1, 2, 3, 4}
		b = append(b, key...)
		for i, c := range payload {
			b = append(b, c^key[i%4])
		}
		return b
	}
	return append(b, payload...)
}

// hello sends a spectator's hello.
func (w *rawWS) hello(t *testing.T) {
	t.Helper()
	if _, err := w.c.Write(frame(0x1, true, true, []byte(`{"type":"hello","version":0,"tokens":[]}`))); err != nil {
		t.Fatal(err)
	}
}

// closeFrame reads the server's frames until its close frame and returns
// its code and reason; code -1 if the connection ended without one.
func (w *rawWS) closeFrame() (int, string) {
	for {
		var h [2]byte
		if _, err := io.ReadFull(w.r, h[:]); err != nil {
			return -1, err.Error()
		}
		n := int(h[1] & 0x7f)
		switch n {
		case 126:
			var l [2]byte
			io.ReadFull(w.r, l[:])
			n = int(binary.BigEndian.Uint16(l[:]))
		case 127:
			var l [8]byte
			io.ReadFull(w.r, l[:])
			n = int(binary.BigEndian.Uint64(l[:]))
		}
		p := make([]byte, n)
		if _, err := io.ReadFull(w.r, p); err != nil {
			return -1, err.Error()
		}
		if h[0]&0x0f == 0x8 {
			if len(p) < 2 {
				return 1005, ""
			}
			return int(binary.BigEndian.Uint16(p)), string(p[2:])
		}
	}
}

// TestWSFrameFloodsClosed floods a WebSocket with frames the WebSocket
// library handles by itself (issue 67: pings, unsolicited pongs and empty
// continuation frames were not counted by --rate; one connection took
// half a core and none was closed): each flood is closed with 1008, while
// a normal client of the same game is served.
func TestWSFrameFloodsClosed(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Rate, o.Burst = 20, 40 })
	g := ts.create(t, "dames", nil, "hh", false)
	floods := map[string]func(w *rawWS) error{
		"ping": func(w *rawWS) error { return w.repeat(frame(0x9, true, true, []byte("x"))) },
		"pong": func(w *rawWS) error { return w.repeat(frame(0xa, true, true, nil)) },
		"empty continuation": func(w *rawWS) error {
			if _, err := w.c.Write(frame(0x1, false, true, []byte("{"))); err != nil {
				return err
			}
			return w.repeat(frame(0x0, false, true, nil))
		},
	}
	for name, flood := range floods {
		t.Run(name, func(t *testing.T) {
			w := dialRaw(t, ts, g.ID)
			w.hello(t)
			closed := make(chan [2]any, 1)
			go func() {
				code, reason := w.closeFrame()
				closed <- [2]any{code, reason}
			}()
			flood(w) // ends when the server closes the connection
			got := <-closed
			if got[0] != 1008 || !strings.Contains(got[1].(string), "flood") {
				t.Errorf("%s flood: closed with %v %q, want 1008 flood", name, got[0], got[1])
			}
			// A normal client of the same game is served.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			n := ts.dial(t, g.ID)
			if _, err := n.Hello(ctx, 0); err != nil {
				t.Fatalf("a normal client after the flood: %v", err)
			}
			if err := n.Send(ctx, map[string]any{"type": "ping"}); err != nil {
				t.Fatal(err)
			}
			if m, err := n.Next(ctx); err != nil || m.Type != "pong" {
				t.Errorf("a normal client's ping: %+v, %v", m, err)
			}
		})
	}
}

// repeat writes b 100,000 times (far beyond any budget), in batches,
// until the connection fails.
func (w *rawWS) repeat(b []byte) error {
	batch := []byte(strings.Repeat(string(b), 100))
	for range 1000 {
		if _, err := w.c.Write(batch); err != nil {
			return err
		}
	}
	return nil
}

// TestSeeksPingFloodClosed floods the lobby's seeks WebSocket with pings:
// closed with 1008 as a game's.
func TestSeeksPingFloodClosed(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Rate, o.Burst = 20, 40 })
	w := dialRawPath(t, ts, "/api/seeks/ws")
	closed := make(chan [2]any, 1)
	go func() {
		code, reason := w.closeFrame()
		closed <- [2]any{code, reason}
	}()
	w.repeat(frame(0x9, true, true, []byte("x")))
	if got := <-closed; got[0] != 1008 || !strings.Contains(got[1].(string), "flood") {
		t.Errorf("seeks ping flood: closed with %v %q, want 1008 flood", got[0], got[1])
	}
}
