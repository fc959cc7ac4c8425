package server_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"plateau/server"
	"plateau/server/wsclient"
)

// serveLimited serves srv's handler with limits l on a loopback port and
// returns its address.
func serveLimited(t *testing.T, srv *server.Server, l server.HTTPLimits) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := l.HTTPServer(srv.Handler(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	go hs.Serve(srv.Listener(ln, l))
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// keepAlive is one HTTP/1.1 connection from a given loopback address.
type keepAlive struct {
	c net.Conn
	r *bufio.Reader
}

func dialFrom(t *testing.T, from, addr string) *keepAlive {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &keepAlive{c: c, r: bufio.NewReader(c)}
}

// get asks /healthz on the connection and returns the status, or the error.
func (k *keepAlive) get() (int, error) {
	k.c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(k.c, "GET /healthz HTTP/1.1\r\nHost: plateau\r\n\r\n"); err != nil {
		return 0, err
	}
	resp, err := http.ReadResponse(k.r, nil)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

func TestConnectionsPerAddressCap(t *testing.T) {
	ts := newTestServer(t, nil)
	l := server.DefaultHTTPLimits
	l.ConnsPerAddr = 3
	addr := serveLimited(t, ts.Srv, l)
	var held []*keepAlive
	for i := range 3 { // idle keep-alive connections up to the cap
		k := dialFrom(t, "127.0.0.1", addr)
		if st, err := k.get(); err != nil || st != http.StatusOK {
			t.Fatalf("connection %d under the cap: %d, %v", i+1, st, err)
		}
		held = append(held, k)
	}
	if st, err := dialFrom(t, "127.0.0.1", addr).get(); err == nil {
		t.Errorf("a 4th connection from the same address got %d, want it closed", st)
	}
	if m := metricsText(t, ts); !strings.Contains(m, "plateau_http_conns_refused_total 1\n") {
		t.Errorf("/metrics after one refused connection:\n%s", m)
	}
	// Another address still gets answers, and the held ones still work.
	if st, err := dialFrom(t, "127.0.0.2", addr).get(); err != nil || st != http.StatusOK {
		t.Errorf("another address: %d, %v; want 200", st, err)
	}
	if st, err := held[0].get(); err != nil || st != http.StatusOK {
		t.Errorf("a held connection: %d, %v; want 200", st, err)
	}
	// Closing one gives its place back.
	held[1].c.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		st, err := dialFrom(t, "127.0.0.1", addr).get()
		if err == nil && st == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after closing a connection, a new one still refused: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestWebSocketOutlivesHTTPTimeouts(t *testing.T) {
	ts := newTestServer(t, nil)
	l := server.DefaultHTTPLimits
	l.ReadTimeout, l.WriteTimeout = 100*time.Millisecond, 100*time.Millisecond
	base := "http://" + serveLimited(t, ts.Srv, l)
	g := ts.create(t, "dames", nil, "hh", false)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := wsclient.Dial(ctx, base, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer c.C.CloseNow()
	if _, err := c.Hello(ctx, 0, g.Seats[0].Token); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * l.WriteTimeout) // past both deadlines of the HTTP request that became the WebSocket
	if err := c.Send(ctx, map[string]any{"type": "move", "version": 0, "move": "32-28"}); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := c.Next(ctx)
		if err != nil {
			t.Fatalf("the WebSocket after the HTTP timeouts: %v", err)
		}
		if m.Type == "ack" {
			break
		}
		if m.Type == "error" {
			t.Fatalf("the move: %s %s", m.Code, m.Message)
		}
	}
}

// closedWithin reports whether the server closes k's connection within d.
func (k *keepAlive) closedWithin(d time.Duration) bool {
	k.c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, k.r) // returns nil at EOF
	return err == nil
}

func TestHTTPTimeoutsAndHeaderBound(t *testing.T) {
	ts := newTestServer(t, nil)
	l := server.DefaultHTTPLimits
	l.ReadHeaderTimeout, l.IdleTimeout, l.MaxHeaderBytes = 200*time.Millisecond, 200*time.Millisecond, 1024
	addr := serveLimited(t, ts.Srv, l)

	slow := dialFrom(t, "127.0.0.1", addr) // headers never finished
	io.WriteString(slow.c, "GET /healthz HTTP/1.1\r\nHost: plateau\r\n")
	if !slow.closedWithin(5 * time.Second) {
		t.Error("a request whose headers never end: the connection stays open")
	}

	idle := dialFrom(t, "127.0.0.1", addr)
	if st, err := idle.get(); err != nil || st != http.StatusOK {
		t.Fatalf("a request: %d, %v", st, err)
	}
	if !idle.closedWithin(5 * time.Second) {
		t.Error("an idle keep-alive connection stays open past the idle timeout")
	}

	big := dialFrom(t, "127.0.0.1", addr)
	big.c.SetDeadline(time.Now().Add(5 * time.Second))
	io.WriteString(big.c, "GET /healthz HTTP/1.1\r\nHost: plateau\r\nX-Big: "+strings.Repeat("x", 8<<10)+"\r\n\r\n")
	if resp, err := http.ReadResponse(big.r, nil); err != nil || resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("8 KiB of headers over a 1 KiB bound: %v, %v; want 431", resp, err)
	}
}
