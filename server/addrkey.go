package server

import "net/netip"

// addressKey is the key under which a per-address limit counts the client
// address host (clientIP's answer): an IPv4 address itself, an IPv6
// address by its /64, the block one subscriber is usually given and in
// which a host picks new addresses at will, so that a limit per IPv6
// address would limit nothing. An IPv4-mapped IPv6 address counts as its
// IPv4 address; a host that does not parse counts as itself.
func addressKey(host string) string {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, err := a.Prefix(64)
	if err != nil {
		return a.String()
	}
	return p.String()
}
