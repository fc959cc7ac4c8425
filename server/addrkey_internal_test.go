package server

import "testing"

func TestAddressKey(t *testing.T) {
	for _, c := range []struct{ host, want string }{
		{"203.0.113.7", "203.0.113.7"},
		{"::ffff:203.0.113.7", "203.0.113.7"},
		{"2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"},
		{"2001:db8:1:2::1", "2001:db8:1:2::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"not an address", "not an address"},
	} {
		if got := addressKey(c.host); got != c.want {
			t.Errorf("addressKey(%q) = %q, want %q", c.host, got, c.want)
		}
	}
	if addressKey("2001:db8:1:2::1") == addressKey("2001:db8:1:3::1") {
		t.Error("two /64s count as one")
	}
}
