package record

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Alg is the signature algorithm of every key.
const Alg = "ed25519"

// KeyFileFormat names the key file's format and version.
const KeyFileFormat = "plateau-key/1"

// PublicKey is one public key of a server, current or retired.
type PublicKey struct {
	ID  string `json:"id"` // KeyID of the key
	Alg string `json:"alg"`
	// Public is the 32-byte Ed25519 public key in standard base64.
	Public  string     `json:"public"`
	Created time.Time  `json:"created"`
	Retired *time.Time `json:"retired,omitempty"` // when a rotation replaced it
}

// KeySet is a server's public keys: the one it signs with now and those
// it signed with before (GET /.well-known/plateau-key, plateau key --json).
type KeySet struct {
	Current string      `json:"current"` // the ID of the key signing now
	Keys    []PublicKey `json:"keys"`    // the current key first
}

// Keys is a server's signing key and the public keys it retired.
type Keys struct {
	priv     ed25519.PrivateKey
	pub      PublicKey
	previous []PublicKey
}

// keyFile is the key file's JSON. The private key is its 32-byte seed,
// in standard base64.
type keyFile struct {
	Format   string      `json:"format"`
	Alg      string      `json:"alg"`
	Private  string      `json:"private"`
	Created  time.Time   `json:"created"`
	Previous []PublicKey `json:"previous,omitempty"`
}

// KeyID names a public key: the first 8 bytes of its SHA-256, in hex.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

func publicKey(pub ed25519.PublicKey, created time.Time) PublicKey {
	return PublicKey{ID: KeyID(pub), Alg: Alg, Public: base64.StdEncoding.EncodeToString(pub), Created: created.UTC()}
}

// Generate makes a new key, created at now.
func Generate(now time.Time) (*Keys, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("generate an Ed25519 key: %w", err)
	}
	return &Keys{priv: priv, pub: publicKey(pub, now)}, nil
}

// ID is the ID of the key signing now.
func (k *Keys) ID() string { return k.pub.ID }

// Public returns the public keys: the current one, then the retired ones
// from the most recently retired.
func (k *Keys) Public() KeySet {
	set := KeySet{Current: k.pub.ID, Keys: []PublicKey{k.pub}}
	for i := len(k.previous) - 1; i >= 0; i-- {
		set.Keys = append(set.Keys, k.previous[i])
	}
	return set
}

// Load reads a key file.
func Load(path string) (*Keys, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the key: %w", err)
	}
	var f keyFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	if f.Format != KeyFileFormat || f.Alg != Alg {
		return nil, fmt.Errorf("key file %s: format %q, alg %q: want %s, %s", path, f.Format, f.Alg, KeyFileFormat, Alg)
	}
	seed, err := base64.StdEncoding.DecodeString(f.Private)
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("key file %s: the private key is not %d bytes of base64", path, ed25519.SeedSize)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	return &Keys{priv: priv, pub: publicKey(priv.Public().(ed25519.PublicKey), f.Created), previous: f.Previous}, nil
}

// LoadOrCreate reads the key file at path, or makes it (mode 0600, its
// directory too) with a new key when there is none. created says that it
// made it. Two processes starting at once on one path get the same key.
func LoadOrCreate(path string, now time.Time) (k *Keys, created bool, err error) {
	k, err = Load(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return k, false, err
	}
	if k, err = Generate(now); err != nil {
		return nil, false, err
	}
	if err := k.write(path, false); errors.Is(err, fs.ErrExist) {
		k, err := Load(path)
		return k, false, err
	} else if err != nil {
		return nil, false, err
	}
	return k, true, nil
}

// Rotate replaces the key of the file at path with a new one, retiring
// the old one at now: its public key stays in the file (and in Public),
// so that the records it signed still verify.
func Rotate(path string, now time.Time) (*Keys, error) {
	old, err := Load(path)
	if err != nil {
		return nil, err
	}
	k, err := Generate(now)
	if err != nil {
		return nil, err
	}
	retired := old.pub
	at := now.UTC()
	retired.Retired = &at
	k.previous = append(append([]PublicKey{}, old.previous...), retired)
	if err := k.write(path, true); err != nil {
		return nil, err
	}
	return k, nil
}

// write writes the key file whole, then links it at path (replace false:
// fails with fs.ErrExist if path exists) or renames it there (replace
// true), so that no reader ever sees half a file.
func (k *Keys) write(path string, replace bool) error {
	b, err := json.MarshalIndent(keyFile{Format: KeyFileFormat, Alg: Alg, Private: base64.StdEncoding.EncodeToString(k.priv.Seed()),
		Created: k.pub.Created, Previous: k.previous}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode the key: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create the key's directory: %w", err)
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write the key: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(append(b, '\n'))
	if err == nil {
		err = tmp.Chmod(0o600)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write the key: %w", err)
	}
	if replace {
		err = os.Rename(tmp.Name(), path)
	} else {
		err = os.Link(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("write the key %s: %w", path, err)
	}
	return nil
}

// maxKeySet bounds the key set read from a URL.
const maxKeySet = 1 << 16

// ReadKeySet reads public keys from source: an http:// or https:// URL
// (a server's /.well-known/plateau-key), a file holding a key set's JSON
// or a public key, or a public key in base64 itself (ParseKeySet).
func ReadKeySet(ctx context.Context, client *http.Client, source string) (KeySet, error) {
	if strings.HasPrefix(source, "http://") || strings.HasPrefix(source, "https://") {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, source, nil)
		if err != nil {
			return KeySet{}, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return KeySet{}, fmt.Errorf("fetch the keys: %w", err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(io.LimitReader(resp.Body, maxKeySet))
		if err != nil {
			return KeySet{}, fmt.Errorf("fetch the keys: %w", err)
		}
		if resp.StatusCode != http.StatusOK {
			return KeySet{}, fmt.Errorf("fetch the keys: %s: %s", resp.Status, bytes.TrimSpace(b))
		}
		return ParseKeySet(b)
	}
	b, err := os.ReadFile(source)
	if errors.Is(err, fs.ErrNotExist) {
		if set, perr := ParseKeySet([]byte(source)); perr == nil {
			return set, nil
		}
	}
	if err != nil {
		return KeySet{}, fmt.Errorf("read the keys: %w", err)
	}
	set, err := ParseKeySet(b)
	if err != nil {
		return KeySet{}, fmt.Errorf("%s: %w", source, err)
	}
	return set, nil
}
