package server_test

import (
	"fmt"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"plateau/server"
	"plateau/server/accounts"
)

// signInServer is a test server with the default sign-in limits, a fake
// clock, and X-Forwarded-For trusted, so that a browser's address can be
// chosen.
func signInServer(t *testing.T) (*testServer, *fakeClock) {
	t.Helper()
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	ts := newTestServer(t, func(o *server.Options) {
		withFastPasswords(o)
		o.Now = clock.Now
		o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	})
	return ts, clock
}

// signInFrom signs in to name with password from the client address addr.
func (ts *testServer) signInFrom(t *testing.T, addr, name, password string) answer {
	t.Helper()
	b := ts.browser(t)
	b.xff = addr
	return b.do(t, "POST", "/api/account/signin", accounts.Credentials{Name: name, Password: password})
}

// limitOf is the limit named by a 429 answer.
func limitOf(a answer) string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["limit"].(string)
	return s
}

// TestSignInNoLockOut: a stranger's wrong guesses from many addresses do
// not stop the owner signing in from another (issue 66: on main b61b991
// the name's limit answered the owner 429).
func TestSignInNoLockOut(t *testing.T) {
	for _, c := range []struct {
		name  string
		guess func(i int) string
		owner string
	}{
		{"IPv4", func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, "198.51.100.1"},
		{"IPv6", func(i int) string { return fmt.Sprintf("2001:db8:%x::1", i+1) }, "2001:db8:ffff::1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts, _ := signInServer(t)
			ts.browser(t).signUp(t, "dave", testPassword)
			for i := range 50 {
				if a := ts.signInFrom(t, c.guess(i), "dave", fmt.Sprintf("wrong guess %d", i)); a.status != http.StatusUnauthorized {
					t.Fatalf("guess %d from %s: %d %s, want 401", i+1, c.guess(i), a.status, a.raw)
				}
			}
			if a := ts.signInFrom(t, c.owner, "dave", testPassword); a.status != http.StatusOK {
				t.Errorf("after 50 guesses from 50 addresses, the owner from a new address: %d %s, want 200", a.status, a.raw)
			}
		})
	}
}

// TestSignInThrottle: what still slows a guesser. One address gets a few
// tries on a name, then one every five minutes; while a name is under
// attack, an address that has failed on it in the last 25 minutes is
// refused; one address (IPv6: one /64) gets ten attempts on any names. A
// right password forgets the address's failures on the name.
func TestSignInThrottle(t *testing.T) {
	ts, clock := signInServer(t)
	ts.browser(t).signUp(t, "dave", testPassword)
	ts.browser(t).signUp(t, "erin", testPassword)

	// The pair's back-off: five wrong guesses on dave from one address,
	// then refused for five minutes, though the address may sign in to
	// another name and another address to dave.
	const home = "192.0.2.1"
	for i := range 5 {
		if a := ts.signInFrom(t, home, "dave", "wrong password"); a.status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s, want 401", i+1, a.status, a.raw)
		}
	}
	a := ts.signInFrom(t, home, "dave", testPassword)
	if a.status != http.StatusTooManyRequests || limitOf(a) != "sign-in-per-name-and-address" || a.header.Get("Retry-After") != "300" {
		t.Errorf("6th try on dave from one address: %d Retry-After %q %s; want 429 sign-in-per-name-and-address after 300 s",
			a.status, a.header.Get("Retry-After"), a.raw)
	}
	if a := ts.signInFrom(t, home, "erin", testPassword); a.status != http.StatusOK {
		t.Errorf("erin from the same address: %d %s, want 200", a.status, a.raw)
	}
	if a := ts.signInFrom(t, "192.0.2.2", "dave", testPassword); a.status != http.StatusOK {
		t.Errorf("dave from another address: %d %s, want 200", a.status, a.raw)
	}
	clock.Add(5 * time.Minute)
	if a := ts.signInFrom(t, home, "dave", testPassword); a.status != http.StatusOK {
		t.Errorf("dave from the first address five minutes later: %d %s, want 200", a.status, a.raw)
	}
	// That success forgot the address's failures on dave: five more tries.
	for i := range 5 {
		if a := ts.signInFrom(t, home, "dave", "wrong password"); a.status != http.StatusUnauthorized {
			t.Fatalf("after a success, guess %d: %d %s, want 401", i+1, a.status, a.raw)
		}
	}

	// The name under attack: erin's ten tokens spent by ten addresses;
	// then the first of them, which has failed on erin, is refused, and
	// a fresh address is not.
	for i := range 10 {
		if a := ts.signInFrom(t, fmt.Sprintf("203.0.113.%d", i+1), "erin", "wrong password"); a.status != http.StatusUnauthorized {
			t.Fatalf("guess %d on erin: %d %s, want 401", i+1, a.status, a.raw)
		}
	}
	a = ts.signInFrom(t, "203.0.113.1", "erin", "wrong password")
	if a.status != http.StatusTooManyRequests || limitOf(a) != "sign-in-per-name" || a.header.Get("Retry-After") != "30" {
		t.Errorf("a second guess on erin under attack: %d Retry-After %q %s; want 429 sign-in-per-name after 30 s",
			a.status, a.header.Get("Retry-After"), a.raw)
	}
	if a := ts.signInFrom(t, "203.0.113.99", "erin", "wrong password"); a.status != http.StatusUnauthorized {
		t.Errorf("a fresh address on erin under attack: %d %s, want 401", a.status, a.raw)
	}
	// Six minutes later, the first address's own bucket is full again, but
	// its failure is remembered for 25 minutes: with erin under attack
	// again, it is still refused.
	clock.Add(6 * time.Minute)
	for i := range 10 {
		if a := ts.signInFrom(t, fmt.Sprintf("203.0.113.%d", 100+i), "erin", "wrong password"); a.status != http.StatusUnauthorized {
			t.Fatalf("guess %d on erin, later: %d %s, want 401", i+1, a.status, a.raw)
		}
	}
	if a := ts.signInFrom(t, "203.0.113.1", "erin", "wrong password"); a.status != http.StatusTooManyRequests || limitOf(a) != "sign-in-per-name" {
		t.Errorf("a guess on erin under attack, 6 minutes after a failure: %d %s; want 429 sign-in-per-name", a.status, a.raw)
	}
	clock.Add(20 * time.Minute)
	for i := range 10 {
		ts.signInFrom(t, fmt.Sprintf("203.0.113.%d", 120+i), "erin", "wrong password")
	}
	if a := ts.signInFrom(t, "203.0.113.1", "erin", "wrong password"); a.status != http.StatusUnauthorized {
		t.Errorf("a guess on erin under attack, 26 minutes after a failure: %d %s; want 401", a.status, a.raw)
	}

	// One address, or one IPv6 /64: ten attempts on any names, then
	// refused, sign-ups too; another /64 is not.
	for i := range 10 {
		addr := fmt.Sprintf("2001:db8:5:6::%x", i+1)
		if a := ts.signInFrom(t, addr, fmt.Sprintf("name%d", i), "wrong password"); a.status != http.StatusUnauthorized {
			t.Fatalf("attempt %d from the /64: %d %s, want 401", i+1, a.status, a.raw)
		}
	}
	a = ts.signInFrom(t, "2001:db8:5:6::ffff", "erin", testPassword)
	if a.status != http.StatusTooManyRequests || limitOf(a) != "sign-in-per-address" || a.header.Get("Retry-After") != "30" {
		t.Errorf("11th attempt from one /64: %d %s; want 429 sign-in-per-address after 30 s", a.status, a.raw)
	}
	b := ts.browser(t)
	b.xff = "2001:db8:5:6::abcd"
	if a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "frank", Password: testPassword}); a.status != http.StatusTooManyRequests {
		t.Errorf("sign-up from a limited /64: %d %s, want 429", a.status, a.raw)
	}
	if a := ts.signInFrom(t, "2001:db8:5:7::1", "erin", testPassword); a.status != http.StatusOK {
		t.Errorf("erin from the next /64: %d %s, want 200", a.status, a.raw)
	}
}
