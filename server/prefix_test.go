package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"plateau/server"
)

// TestPerAddressLimitsByIPv6Prefix creates games and signs in from
// addresses of one IPv6 /64: they share one address's limits (a host
// holds a whole /64, issue 67), while another /64 has its own.
func TestPerAddressLimitsByIPv6Prefix(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.GamesPerMinute = 1 })
	h := ts.Srv.Handler()
	create := func(from string) int {
		r := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}]}`))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = from
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	for _, tt := range []struct {
		from string
		want int
	}{
		{"[2001:db8:0:1::1]:4000", http.StatusCreated},
		{"[2001:db8:0:1:ffff::2]:4001", http.StatusTooManyRequests}, // the same /64
		{"[2001:db8:0:2::1]:4002", http.StatusCreated},              // another /64
		{"192.0.2.1:4003", http.StatusCreated},
		{"192.0.2.2:4004", http.StatusCreated}, // IPv4 addresses count alone
	} {
		if got := create(tt.from); got != tt.want {
			t.Errorf("creation from %s: %d, want %d", tt.from, got, tt.want)
		}
	}
}

func TestPerAddressLimitsIPv6PrefixFlag(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.GamesPerMinute = 1; o.IPv6Prefix = 128 })
	h := ts.Srv.Handler()
	for _, from := range []string{"[2001:db8:0:1::1]:4000", "[2001:db8:0:1::2]:4000"} {
		r := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"game":"dames","seats":[{"kind":"human"},{"kind":"human"}]}`))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = from
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusCreated {
			t.Errorf("with IPv6Prefix 128, creation from %s: %d, want 201", from, w.Code)
		}
	}
}
