package server

import (
	"bytes"
	"errors"
	"log/slog"
	"net"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestClientAddr(t *testing.T) {
	for _, tt := range []struct {
		remote string
		bits   int
		want   string
	}{
		{"[2001:db8:1:2:3:4:5:6]:80", 64, "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:3:4:5:6]:80", 48, "2001:db8:1::/48"},
		{"[2001:db8:1:2:3:4:5:6]:80", 128, "2001:db8:1:2:3:4:5:6"},
		{"[::ffff:192.0.2.7]:80", 64, "192.0.2.7"},
		{"192.0.2.7:80", 64, "192.0.2.7"},
		{"[fe80::1%eth0]:80", 64, "fe80::/64"},
	} {
		s := &Server{o: Options{IPv6Prefix: tt.bits}}
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		if got := s.clientAddr(r); got != tt.want {
			t.Errorf("clientAddr(%s) with /%d: %q, want %q", tt.remote, tt.bits, got, tt.want)
		}
	}
}

func TestAcceptRetryBackOff(t *testing.T) {
	var slept []time.Duration
	var logs bytes.Buffer
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := acceptRetry{log: slog.New(slog.NewTextHandler(&logs, nil)), sleep: func(d time.Duration) { slept = append(slept, d) },
		now: func() time.Time { return now }}
	emfile := &net.OpError{Op: "accept", Net: "tcp", Err: syscall.EMFILE}
	for range 10 {
		if !r.wait(emfile) {
			t.Fatal("EMFILE not retried")
		}
	}
	want := []time.Duration{5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000}
	for i := range want {
		if slept[i] != want[i]*time.Millisecond {
			t.Fatalf("back-off %v, want %v ms", slept, want)
		}
	}
	now = now.Add(acceptLogEvery)
	r.wait(emfile)
	if n := strings.Count(logs.String(), "accept failed"); n != 2 {
		t.Errorf("11 failures over a minute logged %d times, want twice:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "failures=10") {
		t.Errorf("the second line does not count the 10 failures since the first:\n%s", logs.String())
	}
	r.reset()
	r.wait(emfile)
	if slept[len(slept)-1] != 5*time.Millisecond {
		t.Errorf("after an accept, back-off %v, want 5ms", slept[len(slept)-1])
	}
	if r.wait(net.ErrClosed) || r.wait(errors.New("lasting")) {
		t.Error("a closed listener or a lasting error retried")
	}
}

func TestMaxConnsOf(t *testing.T) {
	for _, tt := range []struct {
		fds  uint64
		want int
	}{{20000, 17872}, {1024, 794}, {100, 1}, {1 << 62, 1 << 30}} {
		if got := maxConnsOf(tt.fds); got != tt.want {
			t.Errorf("maxConnsOf(%d) = %d, want %d", tt.fds, got, tt.want)
		}
	}
}
