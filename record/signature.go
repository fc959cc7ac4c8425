package record

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Signature is a record's signature, as an export carries it.
type Signature struct {
	// Encoding names the canonical encoding the hash was computed over
	// ("plateau-record-v1"): a verifier that does not know it cannot check.
	Encoding string `json:"encoding"`
	Alg      string `json:"alg"` // Alg
	Key      string `json:"key"` // the ID of the key that signed
	// Hash is the SHA-256 of the record's encoding, in hex.
	Hash string `json:"hash"`
	// Sig is the Ed25519 signature of the hash's 32 bytes, in standard
	// base64.
	Sig string `json:"sig"`
}

// Sign signs the hash of a record encoded as encoding.
func (k *Keys) Sign(encoding string, hash []byte) Signature {
	return Signature{Encoding: encoding, Alg: Alg, Key: k.pub.ID, Hash: hex.EncodeToString(hash),
		Sig: base64.StdEncoding.EncodeToString(ed25519.Sign(k.priv, hash))}
}

// ErrUnknownKey: a signature's key is not among the keys given.
var ErrUnknownKey = errors.New("unknown key")

// Verify checks that sig signs hash with one of the set's keys.
func (s KeySet) Verify(sig Signature, hash []byte) error {
	if sig.Alg != Alg {
		return fmt.Errorf("algorithm %q, want %s", sig.Alg, Alg)
	}
	if got, err := hex.DecodeString(sig.Hash); err != nil || !bytes.Equal(got, hash) {
		return fmt.Errorf("the record hashes to %x but its signature was made over %s: the record was changed after it was signed", hash, sig.Hash)
	}
	var pk *PublicKey
	ids := make([]string, len(s.Keys))
	for i := range s.Keys {
		ids[i] = s.Keys[i].ID
		if s.Keys[i].ID == sig.Key {
			pk = &s.Keys[i]
		}
	}
	if pk == nil {
		return fmt.Errorf("signed with key %s, not among the keys given (%s): %w", sig.Key, strings.Join(ids, ", "), ErrUnknownKey)
	}
	pub, err := pk.key()
	if err != nil {
		return err
	}
	raw, err := base64.StdEncoding.DecodeString(sig.Sig)
	if err != nil || len(raw) != ed25519.SignatureSize {
		return fmt.Errorf("the signature is not %d bytes of base64", ed25519.SignatureSize)
	}
	if !ed25519.Verify(pub, hash, raw) {
		return fmt.Errorf("the signature is not key %s's signature of hash %s: it was forged", sig.Key, sig.Hash)
	}
	return nil
}

// key decodes the public key, checking that it has the ID it claims.
func (pk PublicKey) key() (ed25519.PublicKey, error) {
	raw, err := base64.StdEncoding.DecodeString(pk.Public)
	if err != nil || len(raw) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("key %s: the public key is not %d bytes of base64", pk.ID, ed25519.PublicKeySize)
	}
	if pk.Alg != Alg {
		return nil, fmt.Errorf("key %s: algorithm %q, want %s", pk.ID, pk.Alg, Alg)
	}
	if id := KeyID(raw); id != pk.ID {
		return nil, fmt.Errorf("key %s: the public key's ID is %s", pk.ID, id)
	}
	return raw, nil
}

// ParseKeySet reads public keys: a KeySet's JSON (as served at
// /.well-known/plateau-key), or one public key in standard base64 (as
// plateau key prints it).
func ParseKeySet(b []byte) (KeySet, error) {
	t := bytes.TrimSpace(b)
	if len(t) > 0 && t[0] == '{' {
		var s KeySet
		if err := json.Unmarshal(t, &s); err != nil {
			return KeySet{}, fmt.Errorf("key set: %w", err)
		}
		if len(s.Keys) == 0 {
			return KeySet{}, errors.New("key set: no keys")
		}
		for _, pk := range s.Keys {
			if _, err := pk.key(); err != nil {
				return KeySet{}, fmt.Errorf("key set: %w", err)
			}
		}
		return s, nil
	}
	raw, err := base64.StdEncoding.DecodeString(string(t))
	if err != nil || len(raw) != ed25519.PublicKeySize {
		return KeySet{}, fmt.Errorf("want a key set's JSON or a %d-byte Ed25519 public key in base64", ed25519.PublicKeySize)
	}
	pk := PublicKey{ID: KeyID(raw), Alg: Alg, Public: string(t)}
	return KeySet{Current: pk.ID, Keys: []PublicKey{pk}}, nil
}
