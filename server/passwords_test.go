package server_test

import (
	"net/http"
	"strings"
	"testing"

	"plateau/server/accounts"
)

// TestSignUpRefusesWeakPasswords: the passwords of issue 66's attack
// (accepted on main b61b991) are refused, each with a message saying why.
func TestSignUpRefusesWeakPasswords(t *testing.T) {
	ts := newTestServer(t, withFastPasswords)
	for _, c := range []struct{ password, why, reason string }{
		{"password", "most common", "common"},
		{"12345678", "most common", "common"},
		{"qwertyuiop", "most common", "common"},
		{"        ", "only spaces or control characters", "blank"},
		{"\x00\x00\x00\x00\x00\x00\x00\x00", "only spaces or control characters", "blank"},
		{"mallory_x", "name", "contains_name"},
		{"MALLORY_X!!", "name", "contains_name"},
		{"n0t-c0mm0", "at least 10", "too_short"},
	} {
		b := ts.browser(t)
		a := b.do(t, "POST", "/api/account/signup", accounts.Credentials{Name: "Mallory_X", Password: c.password})
		if a.status != http.StatusBadRequest || a.err("field") != "password" || a.err("reason") != c.reason || !strings.Contains(a.err("message"), c.why) {
			t.Errorf("sign up with %q: %d %s; want 400 on the password, reason %s, saying %q", c.password, a.status, a.raw, c.reason, c.why)
		}
	}
	ts.browser(t).signUp(t, "Mallory_X", "n0t-c0mm0n")
}

// testPassword is a password the sign-up accepts, for the tests.
const testPassword = "correct horse"
