package server_test

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"plateau/server"
)

// TestGlobalConnectionCap holds slow-header connections from two
// addresses up to the server's cap (issue 67: 160 addresses × 128 of them
// reached the descriptor limit and accept failed): beyond the cap a
// connection is refused, or takes the place of one from the address that
// holds the most; a normal client still gets its answer.
func TestGlobalConnectionCap(t *testing.T) {
	ts := newTestServer(t, nil)
	l := server.DefaultHTTPLimits
	l.ConnsPerAddr, l.MaxConns, l.ReadHeaderTimeout = 4, 6, time.Minute
	addr := serveLimited(t, ts.Srv, l)
	slow := func(from string) *keepAlive {
		k := dialFrom(t, from, addr)
		if _, err := io.WriteString(k.c, "GET /healthz HTTP/1.1\r\nHost: plat"); err != nil {
			t.Fatal(err)
		}
		return k
	}
	var attack []*keepAlive
	for range 4 {
		attack = append(attack, slow("127.0.0.2"))
	}
	for range 4 { // the first two fill the cap, the third takes a place of 127.0.0.2's, the fourth is refused
		attack = append(attack, slow("127.0.0.3"))
	}
	if st, err := dialFrom(t, "127.0.0.9", addr).get(); err != nil || st != http.StatusOK {
		t.Fatalf("a normal client at the cap: %d, %v; want 200", st, err)
	}
	// Two connections gave their place (to 127.0.0.3's third and to the
	// normal client), one was refused: 5 of 8 remain, the cap of 6 with
	// the normal client's.
	closed := 0
	for _, k := range attack {
		if k.goneWithin(300 * time.Millisecond) {
			closed++
		}
	}
	if closed != 3 {
		t.Errorf("%d of the 8 slow-header connections closed, want 3 (a cap of 6 with the normal client's)", closed)
	}
}

// goneWithin reports whether k's connection ends within d, by EOF or
// reset (a connection closed with unread data is reset).
func (k *keepAlive) goneWithin(d time.Duration) bool {
	k.c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, k.r)
	var ne net.Error
	return !errors.As(err, &ne) || !ne.Timeout()
}

// fakeListener fails its first accepts with EMFILE, as a server out of
// file descriptors, then waits to be closed.
type fakeListener struct {
	fails  int
	served chan struct{} // closed when the failures are all returned
	closed chan struct{}
	once   sync.Once
}

func (f *fakeListener) Accept() (net.Conn, error) {
	if f.fails > 0 {
		f.fails--
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: syscall.EMFILE}
	}
	close(f.served)
	<-f.closed
	return nil, net.ErrClosed
}

func (f *fakeListener) Close() error {
	f.once.Do(func() { close(f.closed) })
	return nil
}

func (f *fakeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)} }

// TestAcceptErrorsLoggedOnce serves on a listener out of file
// descriptors: its failures are retried and logged once, not once each
// (issue 67: "accept4: too many open files" ×199 in the log).
func TestAcceptErrorsLoggedOnce(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	log := slog.New(slog.NewTextHandler(&lockedWriter{&mu, &logs}, nil))
	ts := newTestServer(t, func(o *server.Options) { o.Log = log })
	ln := &fakeListener{fails: 6, served: make(chan struct{}), closed: make(chan struct{})}
	hs := server.DefaultHTTPLimits.HTTPServer(ts.Srv.Handler(), log)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ts.Srv.Listener(ln, server.DefaultHTTPLimits)) }()
	<-ln.served
	hs.Close()
	<-done
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(logs.String(), "too many open files"); n != 1 {
		t.Errorf("6 failed accepts logged %d times, want once:\n%s", n, logs.String())
	}
}
