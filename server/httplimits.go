package server

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"plateau/server/internal/httpx"
)

// HTTPLimits bounds what one client may hold of the HTTP server of
// "plateau serve". The zero value of a field means no limit (Go's
// defaults), DefaultHTTPLimits gives the documented defaults.
type HTTPLimits struct {
	// ReadHeaderTimeout bounds the reading of a request's headers.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds the reading of a whole request, body included.
	ReadTimeout time.Duration
	// WriteTimeout bounds the writing of a response. Neither it nor
	// ReadTimeout applies to a WebSocket once upgraded (net/http lifts
	// the deadlines of a hijacked connection): it has its own timeouts.
	WriteTimeout time.Duration
	// IdleTimeout closes keep-alive connections idle for this long.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds the size of a request's request line and
	// headers, their line ends included: a request over it is answered
	// 431. More than MinHeaderBytes.
	MaxHeaderBytes int
	// ConnsPerAddr bounds the open TCP connections from one IP address
	// (HTTP keep-alive and WebSockets alike); a connection over the limit
	// is closed as soon as it is accepted. Trusted proxies are exempt.
	ConnsPerAddr int
	// MaxConns bounds the open TCP connections of the whole server, so
	// that it never runs out of file descriptors. At the cap, a new
	// connection takes the place of one from the address that holds the
	// most, if that address holds more than the newcomer's plus one;
	// otherwise it is closed at once.
	MaxConns int
}

// DefaultHTTPLimits are the limits of "plateau serve" unless flags say
// otherwise.
var DefaultHTTPLimits = HTTPLimits{
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      60 * time.Second,
	IdleTimeout:       60 * time.Second,
	MaxHeaderBytes:    16 << 10,
	ConnsPerAddr:      128,
	MaxConns:          DefaultMaxConns(),
}

// headerSlack is what net/http reads beyond its MaxHeaderBytes before it
// answers 431 (the "bufio slop" of its initialReadLimitSize): the request
// line and headers may take MaxHeaderBytes+headerSlack bytes in all.
const headerSlack = 4096

// MinHeaderBytes is the bound under which HTTPLimits.MaxHeaderBytes
// cannot be enforced exactly (net/http reads headerSlack bytes ahead).
const MinHeaderBytes = headerSlack

// HTTPServer returns an HTTP server of h with l's timeouts and header
// bound; serve it on Server.Listener(ln, l) for the connection caps.
func (l HTTPLimits) HTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: l.ReadHeaderTimeout, ReadTimeout: l.ReadTimeout,
		WriteTimeout: l.WriteTimeout, IdleTimeout: l.IdleTimeout, MaxHeaderBytes: max(1, l.MaxHeaderBytes-headerSlack),
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
}

// addrOf is the IP address of a TCP address (invalid for others).
func addrOf(a net.Addr) netip.Addr {
	if ta, ok := a.(*net.TCPAddr); ok {
		ip, _ := netip.AddrFromSlice(ta.IP)
		return ip.Unmap()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

func trustedAddr(trusted []netip.Prefix, ip netip.Addr) bool {
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// ParseTrustedProxies reads a comma-separated list of CIDR prefixes or
// single addresses ("10.0.0.0/8,192.168.1.7").
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			if p.Addr().Is4In6() {
				p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q is not an IP address or a CIDR prefix (10.0.0.0/8)", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// forwardedFor returns the client address of a request received from
// peer: the right-most address of X-Forwarded-For that is not a trusted
// proxy, when peer is one; peer otherwise.
func forwardedFor(trusted []netip.Prefix, peer netip.Addr, h http.Header) netip.Addr {
	if !trustedAddr(trusted, peer) {
		return peer
	}
	var hops []string
	for _, v := range h.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return client // a malformed hop: trust nothing before it
		}
		client = a.Unmap()
		if !trustedAddr(trusted, client) {
			return client
		}
	}
	return client
}

// frontDoor wraps the server's routes: it sets the security headers
// (headers.go), sets the client address from X-Forwarded-For when the peer
// is a trusted proxy, and notes whether the proxy says it was reached over
// TLS (X-Forwarded-Proto: https).
func (s *Server) frontDoor(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.web.SecurityHeaders(w.Header())
		if len(s.o.TrustedProxies) > 0 {
			if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
				if trustedAddr(s.o.TrustedProxies, ap.Addr().Unmap()) && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
					r = httpx.WithHTTPS(r)
				}
				if c := forwardedFor(s.o.TrustedProxies, ap.Addr().Unmap(), r.Header); c != ap.Addr().Unmap() {
					r2 := *r
					r2.RemoteAddr = netip.AddrPortFrom(c, 0).String()
					r = &r2
				}
			}
		}
		h.ServeHTTP(w, s.accounts.WithDevice(w, r))
	})
}
