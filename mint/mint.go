package mint

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// ID returns a fresh id: 12 lowercase base-32 characters (60 random bits).
func ID() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// Token returns a fresh secret token: 128 random bits in hex.
func Token() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// HashToken is how a token is stored: its SHA-256.
func HashToken(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}
