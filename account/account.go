// Package account holds what Plateau knows of its players' accounts that
// is not storage: the rules of account names, and password hashing with
// argon2id (golang.org/x/crypto/argon2) in PHC strings
// ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash"), which keep their
// parameters so that stronger ones can be chosen later without
// invalidating the hashes already stored.
//
// The server's handlers (server/accounts.go) and the store
// (store.Accounts) do the rest.
package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Names are 3 to 20 characters among the ASCII letters, digits, '_' and
// '-', beginning with a letter or a digit. They are unique compared
// without case (store.NameKey): "Alice" and "alice" are the same name.
const (
	MinName  = 3
	MaxName  = 20
	NameSet  = "A-Z a-z 0-9 _ -"
	MinPass  = 10
	MaxPass  = 256 // bytes: bounds the work of hashing
	saltSize = 16
	keySize  = 32
)

// CheckName returns why name is not a valid account name, or nil.
func CheckName(name string) error {
	n := utf8.RuneCountInString(name)
	if n < MinName || n > MaxName {
		return fmt.Errorf("a name has %d to %d characters, %q has %d", MinName, MaxName, name, n)
	}
	for i, c := range name {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !ok && i > 0 && (c == '_' || c == '-') {
			ok = true
		}
		if !ok {
			if i == 0 && (c == '_' || c == '-') {
				return fmt.Errorf("a name begins with a letter or a digit, %q begins with %q", name, c)
			}
			return fmt.Errorf("a name is made of the characters %s only, %q has %q", NameSet, name, c)
		}
	}
	return nil
}

// CheckPassword returns why password is not acceptable for the account
// name, or nil. Following NIST SP 800-63B (5.1.1.2), it asks for length
// and refuses the passwords a guesser tries first (the most common ones,
// the name itself) rather than imposing character classes. It never quotes
// the password.
func CheckPassword(name, password string) error {
	if len(password) > MaxPass {
		return &PasswordError{"too_long", fmt.Sprintf("a password has at most %d bytes, this one has %d", MaxPass, len(password))}
	}
	if strings.TrimFunc(password, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) == "" {
		return &PasswordError{"blank", "a password is not only spaces or control characters"}
	}
	if IsCommonPassword(password) {
		return &PasswordError{"common", fmt.Sprintf("this password is one of the %d most common ones, which guessers try first: choose another", commonCount)}
	}
	if name != "" && strings.Contains(strings.ToLower(password), strings.ToLower(name)) {
		return &PasswordError{"contains_name", "a password does not contain the account's name"}
	}
	if n := utf8.RuneCountInString(password); n < MinPass {
		return &PasswordError{"too_short", fmt.Sprintf("a password has at least %d characters, this one has %d", MinPass, n)}
	}
	return nil
}

// PasswordError says why CheckPassword refuses a password: Reason is one
// of too_long, blank, common, contains_name and too_short (for clients to
// say it in their language), the message says it in English.
type PasswordError struct {
	Reason  string
	message string
}

func (e *PasswordError) Error() string { return e.message }

// Params are argon2id's cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
}

// DefaultParams are OWASP's recommended minimum for argon2id (19 MiB, two
// passes, one thread): about 30 ms of one core per hash.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

// Hash returns the PHC string of password hashed with a fresh random salt.
func (p Params) Hash(password string) (string, error) {
	salt := make([]byte, saltSize)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash a password: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keySize)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrBadHash: a stored hash is not an argon2id PHC string this package
// can check.
var ErrBadHash = errors.New("not an argon2id hash")

// Verify reports whether password matches the PHC string encoded, with
// the parameters written in it; the comparison takes constant time.
func Verify(encoded, password string) (bool, error) {
	p, salt, key, err := parse(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// parse reads "$argon2id$v=19$m=M,t=T,p=P$salt$key".
func parse(encoded string) (p Params, salt, key []byte, err error) {
	bad := func(why string) error { return fmt.Errorf("%w: %s", ErrBadHash, why) }
	f := strings.Split(encoded, "$")
	if len(f) != 6 || f[0] != "" || f[1] != "argon2id" {
		return p, nil, nil, bad("want $argon2id$v=..$m=..,t=..,p=..$salt$hash")
	}
	if f[2] != "v="+strconv.Itoa(argon2.Version) {
		return p, nil, nil, bad("version " + f[2])
	}
	var m, t, th uint64
	for _, kv := range strings.Split(f[3], ",") {
		k, v, _ := strings.Cut(kv, "=")
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return p, nil, nil, bad("parameter " + kv)
		}
		switch k {
		case "m":
			m = n
		case "t":
			t = n
		case "p":
			th = n
		default:
			return p, nil, nil, bad("parameter " + kv)
		}
	}
	if m < 8 || t < 1 || th < 1 || th > 255 || m > 4<<20 || t > 100 {
		return p, nil, nil, bad("parameters " + f[3])
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(f[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, bad("salt")
	}
	if key, err = b64.DecodeString(f[5]); err != nil || len(key) < 16 {
		return p, nil, nil, bad("hash")
	}
	return Params{Memory: uint32(m), Time: uint32(t), Threads: uint8(th)}, salt, key, nil
}
