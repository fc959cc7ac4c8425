package server

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"plateau/server/internal/httpx"
)

func TestForwardedFor(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.7,::1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, peer string
		xff        []string
		want       string
	}{
		{"no proxy trusted: the header is ignored", "203.0.113.9", []string{"198.51.100.1"}, "203.0.113.9"},
		{"trusted proxy", "10.1.2.3", []string{"198.51.100.1"}, "198.51.100.1"},
		{"trusted single address", "192.168.1.7", []string{"198.51.100.1"}, "198.51.100.1"},
		{"IPv6 trusted proxy", "::1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"a chain of trusted proxies", "10.1.2.3", []string{"198.51.100.1, 10.9.9.9", "10.8.8.8"}, "198.51.100.1"},
		{"a forged left part is not the client", "10.1.2.3", []string{"1.1.1.1, 198.51.100.1"}, "198.51.100.1"},
		{"untrusted peer with a trusted-looking header", "203.0.113.9", []string{"10.1.2.3"}, "203.0.113.9"},
		{"malformed hop", "10.1.2.3", []string{"198.51.100.1, garbage"}, "10.1.2.3"},
		{"no header", "10.1.2.3", nil, "10.1.2.3"},
	}
	for _, tt := range tests {
		h := http.Header{}
		for _, v := range tt.xff {
			h.Add("X-Forwarded-For", v)
		}
		got := forwardedFor(trusted, netip.MustParseAddr(tt.peer), h)
		if got != netip.MustParseAddr(tt.want) {
			t.Errorf("%s: peer %s, X-Forwarded-For %q: client %s, want %s", tt.name, tt.peer, tt.xff, got, tt.want)
		}
	}
}

func TestFrontDoorClientAddress(t *testing.T) {
	trusted, _ := ParseTrustedProxies("127.0.0.1/32")
	s := &Server{o: Options{TrustedProxies: trusted}}
	var seen string
	h := s.frontDoor(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = httpx.ClientIP(r) }))
	for _, tt := range []struct{ peer, xff, want string }{
		{"127.0.0.1:5000", "198.51.100.1", "198.51.100.1"},
		{"192.0.2.1:5000", "198.51.100.1", "192.0.2.1"},
		{"127.0.0.1:5000", "", "127.0.0.1"},
	} {
		r := httptest.NewRequest("GET", "/healthz", nil)
		r.RemoteAddr = tt.peer
		if tt.xff != "" {
			r.Header.Set("X-Forwarded-For", tt.xff)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if seen != tt.want {
			t.Errorf("peer %s, X-Forwarded-For %q: client %s, want %s", tt.peer, tt.xff, seen, tt.want)
		}
	}
}

func TestParseTrustedProxies(t *testing.T) {
	for _, bad := range []string{"10.0.0.0/33", "example.com", "10.0.0"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("ParseTrustedProxies(%q): nil error", bad)
		}
	}
	got, err := ParseTrustedProxies(" 10.1.2.3/8 , ::ffff:192.0.2.1 ")
	if err != nil || len(got) != 2 || got[0].String() != "10.0.0.0/8" || got[1].String() != "192.0.2.1/32" {
		t.Errorf("ParseTrustedProxies = %v, %v", got, err)
	}
}
