// Package record signs game records: the server's Ed25519 keys (made at
// its first start, kept in a file beside the database, rotated with old
// public keys kept so that old records still verify), the canonical,
// length-prefixed encoding that a record's hash is computed over, and the
// signature an export carries.
//
// What a record's encoding holds, field by field, is package room's
// (RecordHash); this package knows keys, bytes and signatures only.
package record

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// Hasher writes fields into a SHA-256 hash so that no two sequences of
// fields hash alike: a string is its length (8 bytes, big-endian) then
// its bytes, an integer its 8 bytes big-endian (two's complement), a bool
// one byte (0 or 1). The first field is the encoding's name, which
// separates its hashes from any other use of SHA-256.
type Hasher struct {
	h   hash.Hash
	buf [8]byte
}

// NewHasher starts the hash of a record encoded as encoding.
func NewHasher(encoding string) *Hasher {
	h := &Hasher{h: sha256.New()}
	h.String(encoding)
	return h
}

// String writes a length-prefixed string.
func (h *Hasher) String(s string) {
	h.Int(int64(len(s)))
	h.h.Write([]byte(s))
}

// Int writes an integer.
func (h *Hasher) Int(n int64) {
	binary.BigEndian.PutUint64(h.buf[:], uint64(n))
	h.h.Write(h.buf[:])
}

// Bool writes a bool.
func (h *Hasher) Bool(b bool) {
	h.buf[0] = 0
	if b {
		h.buf[0] = 1
	}
	h.h.Write(h.buf[:1])
}

// Sum returns the hash of the fields written.
func (h *Hasher) Sum() []byte { return h.h.Sum(nil) }
