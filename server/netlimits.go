package server

import (
	"net/http"
	"net/netip"
	"time"

	"plateau/server/internal/httpx"
)

// Defaults of the network limits (see Options).
const (
	DefaultIPv6Prefix       = 64
	DefaultHelloTimeout     = 10 * time.Second
	DefaultWSBytesPerSecond = 64 << 10
)

// netDefaults fills in the defaults of the network limits.
func (o *Options) netDefaults() {
	if o.IPv6Prefix <= 0 || o.IPv6Prefix > 128 {
		o.IPv6Prefix = DefaultIPv6Prefix
	}
	if o.HelloTimeout <= 0 {
		o.HelloTimeout = DefaultHelloTimeout
	}
	if o.WSBytesPerSecond <= 0 {
		o.WSBytesPerSecond = DefaultWSBytesPerSecond
	}
}

// limitedAddr is what the per-address limits count for ip: an IPv6
// address stands for its prefix of v6bits (one host usually holds a whole
// /64, so counting /128s would give it billions of addresses), an IPv4
// address for itself.
func limitedAddr(ip netip.Addr, v6bits int) netip.Addr {
	ip = ip.Unmap()
	if !ip.Is6() || v6bits <= 0 || v6bits >= 128 {
		return ip.WithZone("")
	}
	p, err := ip.WithZone("").Prefix(v6bits)
	if err != nil {
		return ip
	}
	return p.Addr()
}

// clientAddr is the key of r's client in every per-address limit: its
// address, or for IPv6 its prefix of Options.IPv6Prefix ("2001:db8::/64").
func (s *Server) clientAddr(r *http.Request) string {
	ip, err := netip.ParseAddr(httpx.ClientIP(r))
	if err != nil {
		return httpx.ClientIP(r)
	}
	key := limitedAddr(ip, s.o.IPv6Prefix)
	if key.Is6() && s.o.IPv6Prefix < 128 {
		return netip.PrefixFrom(key, s.o.IPv6Prefix).String()
	}
	return key.String()
}

// maxConnsOf is the connection cap under a file descriptor limit of fds:
// it leaves 128 and a tenth of fds for the rest of the process.
func maxConnsOf(fds uint64) int {
	reserve := 128 + fds/10
	if fds <= reserve {
		return 1
	}
	return int(min(fds-reserve, 1<<30))
}
