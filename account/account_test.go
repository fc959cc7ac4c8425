package account

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
		why  string // a word the error must contain
	}{
		{"bob", true, ""},
		{"Alice_B-2", true, ""},
		{"9lives", true, ""},
		{strings.Repeat("a", 20), true, ""},
		{"ab", false, "3 to 20"},
		{strings.Repeat("a", 21), false, "3 to 20"},
		{"_bob", false, "begins"},
		{"-bob", false, "begins"},
		{"bo b", false, "' '"},
		{"élodie", false, "'é'"},
		{"bob!", false, "'!'"},
		{"", false, "3 to 20"},
	} {
		err := CheckName(c.name)
		if (err == nil) != c.ok || (err != nil && !strings.Contains(err.Error(), c.why)) {
			t.Errorf("CheckName(%q) = %v, want ok=%v (error with %q)", c.name, err, c.ok, c.why)
		}
	}
}

// TestCheckPassword: the passwords of issue 66's attack (accepted on main
// b61b991) are refused, each with its reason.
func TestCheckPassword(t *testing.T) {
	for _, c := range []struct {
		name, pw string
		why      string // in the error; "" when accepted
	}{
		{"alice", "correct horse", ""},
		{"alice", "password", "most common"},
		{"alice", "PassWord", "most common"},
		{"alice", "12345678", "most common"},
		{"alice", "1234567890", "most common"},
		{"alice", "        ", "only spaces or control"},
		{"alice", "\x00\x00\x00\x00\x00\x00\x00\x00", "only spaces or control"},
		{"alice", " \t\n\r\u00a0\u2003 \x7f\x01 \u3000", "only spaces or control"},
		{"alice_b", "alice_b", "name"},
		{"Alice_B", "my alice_b pass", "name"},
		{"alice", "x9k2#qv", "at least 10"},
		{"alice", "ééééééééé", "at least 10"}, // 9 characters, 18 bytes
		{"alice", "éééééééééé", ""},
		{"alice", strings.Repeat("x", MaxPass), ""},
		{"alice", strings.Repeat("x", MaxPass+1), "at most"},
	} {
		err := CheckPassword(c.name, c.pw)
		if c.why == "" && err != nil || c.why != "" && (err == nil || !strings.Contains(err.Error(), c.why)) {
			t.Errorf("CheckPassword(%q, %q) = %v, want an error with %q", c.name, c.pw, err, c.why)
		}
		if pe, ok := err.(*PasswordError); err != nil && (!ok || pe.Reason == "") {
			t.Errorf("CheckPassword(%q, %q) = %#v, want a *PasswordError with a reason", c.name, c.pw, err)
		}
		if err != nil && strings.TrimSpace(c.pw) != "" && c.pw != "password" && strings.Contains(err.Error(), c.pw) { // the word "password" is in every message
			t.Errorf("CheckPassword's error quotes the password: %v", err)
		}
	}
}

func TestCommonPasswords(t *testing.T) {
	if n := len(commonSet()); n != commonCount {
		t.Errorf("the list holds %d distinct passwords, want %d", n, commonCount)
	}
	for _, pw := range []string{"password", "123456", "qwerty", "iloveyou!", "qwertyuiop", "basketball"} {
		if !IsCommonPassword(pw) {
			t.Errorf("%q is not in the common list", pw)
		}
	}
	if IsCommonPassword("correct horse") {
		t.Error(`"correct horse" is in the common list`)
	}
}

// fast are cheap parameters for the tests.
var fast = Params{Memory: 64, Time: 1, Threads: 1}

func TestHashVerify(t *testing.T) {
	h, err := fast.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("hash %q is not a PHC argon2id string with its parameters", h)
	}
	if h2, _ := fast.Hash("correct horse"); h2 == h {
		t.Errorf("two hashes of one password are equal: the salt is not random")
	}
	for _, c := range []struct {
		pw   string
		want bool
	}{{"correct horse", true}, {"correct horsE", false}, {"", false}, {"correct horse ", false}} {
		if ok, err := Verify(h, c.pw); err != nil || ok != c.want {
			t.Errorf("Verify(%q) = %v, %v; want %v", c.pw, ok, err, c.want)
		}
	}
	// The parameters come from the hash, not from the defaults.
	d, err := DefaultParams.Hash("pw")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := Verify(d, "pw"); !ok || err != nil {
		t.Errorf("Verify with the default parameters = %v, %v", ok, err)
	}
}

func TestVerifyBadHash(t *testing.T) {
	good, _ := fast.Hash("pw")
	f := strings.Split(good, "$")
	for _, bad := range []string{
		"", "plain", "$argon2i$v=19$m=64,t=1,p=1$" + f[4] + "$" + f[5],
		"$argon2id$v=16$m=64,t=1,p=1$" + f[4] + "$" + f[5],
		"$argon2id$v=19$m=64,t=0,p=1$" + f[4] + "$" + f[5],
		"$argon2id$v=19$m=64,t=1,p=1,x=2$" + f[4] + "$" + f[5],
		"$argon2id$v=19$m=99999999,t=1,p=1$" + f[4] + "$" + f[5],
		"$argon2id$v=19$m=64,t=1,p=1$!!$" + f[5],
		"$argon2id$v=19$m=64,t=1,p=1$" + f[4] + "$c2hvcnQ",
	} {
		if ok, err := Verify(bad, "pw"); ok || !errors.Is(err, ErrBadHash) {
			t.Errorf("Verify(%q) = %v, %v; want ErrBadHash", bad, ok, err)
		}
	}
}
