package server

import (
	"net/http/httptest"
	"testing"
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
