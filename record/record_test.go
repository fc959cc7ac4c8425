package record_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/record"
)

var t0 = time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)

func TestHasherSeparatesFields(t *testing.T) {
	sum := func(fields ...string) []byte {
		h := record.NewHasher("test-v1")
		for _, f := range fields {
			h.String(f)
		}
		return h.Sum()
	}
	if bytes.Equal(sum("ab", "c"), sum("a", "bc")) {
		t.Error(`("ab","c") and ("a","bc") hash alike`)
	}
	if bytes.Equal(sum("a"), sum("a", "")) {
		t.Error(`("a") and ("a","") hash alike`)
	}
	other := record.NewHasher("test-v2")
	other.String("a")
	if bytes.Equal(sum("a"), other.Sum()) {
		t.Error("two encodings hash alike")
	}
	i, b := record.NewHasher("x"), record.NewHasher("x")
	i.Int(1)
	b.Bool(true)
	if bytes.Equal(i.Sum(), b.Sum()) {
		t.Error("Int(1) and Bool(true) hash alike")
	}
}

func TestKeyFileLifecycle(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "p.db.key")
	k, created, err := record.LoadOrCreate(path, t0)
	if err != nil || !created {
		t.Fatalf("LoadOrCreate = %v, created %v", err, created)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v; want 0600", err, fi.Mode())
	}
	again, created, err := record.LoadOrCreate(path, t0.Add(time.Hour))
	if err != nil || created || again.ID() != k.ID() {
		t.Fatalf("second LoadOrCreate: %v, created %v, key %s want %s", err, created, again.ID(), k.ID())
	}
	hash := bytes.Repeat([]byte{7}, 32)
	old := k.Sign("test-v1", hash)
	if err := again.Public().Verify(old, hash); err != nil {
		t.Fatalf("the reloaded key does not verify its own signature: %v", err)
	}

	rotated, err := record.Rotate(path, t0.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	set := rotated.Public()
	if rotated.ID() == k.ID() || set.Current != rotated.ID() || len(set.Keys) != 2 || set.Keys[1].ID != k.ID() || set.Keys[1].Retired == nil {
		t.Fatalf("after rotation: %+v (old key %s)", set, k.ID())
	}
	if err := set.Verify(old, hash); err != nil {
		t.Errorf("a record signed before the rotation: %v", err)
	}
	if err := set.Verify(rotated.Sign("test-v1", hash), hash); err != nil {
		t.Errorf("a record signed after the rotation: %v", err)
	}
	reread, err := record.Load(path)
	if err != nil || reread.ID() != rotated.ID() || len(reread.Public().Keys) != 2 {
		t.Fatalf("Load after rotation: %v, %+v", err, reread.Public())
	}
	// A public key set read back from its JSON verifies the same.
	b, _ := json.Marshal(set)
	parsed, err := record.ParseKeySet(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := parsed.Verify(old, hash); err != nil {
		t.Errorf("parsed key set: %v", err)
	}
}

func TestVerifyRefuses(t *testing.T) {
	k, err := record.Generate(t0)
	if err != nil {
		t.Fatal(err)
	}
	other, err := record.Generate(t0)
	if err != nil {
		t.Fatal(err)
	}
	hash := bytes.Repeat([]byte{1}, 32)
	changed := bytes.Repeat([]byte{2}, 32)
	sig := k.Sign("test-v1", hash)
	set := k.Public()
	one, err := record.ParseKeySet([]byte(set.Keys[0].Public + "\n"))
	if err != nil || one.Verify(sig, hash) != nil {
		t.Fatalf("a bare base64 public key: %v", err)
	}
	forged := other.Sign("test-v1", changed)
	forged.Key = sig.Key // the forger claims the server's key
	for _, tt := range []struct {
		name string
		sig  record.Signature
		hash []byte
		set  record.KeySet
		want string
	}{
		{"record changed", sig, changed, set, "the record was changed after it was signed"},
		{"signed by another key", other.Sign("test-v1", hash), hash, set, "not among the keys given"},
		{"forged with the server's key id", forged, changed, set, "it was forged"},
		{"wrong algorithm", func() record.Signature { s := sig; s.Alg = "rsa"; return s }(), hash, set, `algorithm "rsa"`},
	} {
		err := tt.set.Verify(tt.sig, tt.hash)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Verify = %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := set.Verify(other.Sign("test-v1", hash), hash); !errors.Is(err, record.ErrUnknownKey) {
		t.Errorf("another key: %v, want ErrUnknownKey", err)
	}
	for _, bad := range []string{"", "not base64", `{"current":"x","keys":[]}`, `{"current":"x","keys":[{"id":"x","alg":"ed25519","public":"` + set.Keys[0].Public + `"}]}`} {
		if _, err := record.ParseKeySet([]byte(bad)); err == nil {
			t.Errorf("ParseKeySet(%q) accepted", bad)
		}
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"garbage": "not json",
		"format":  `{"format":"other/1","alg":"ed25519","private":""}`,
		"short":   `{"format":"plateau-key/1","alg":"ed25519","private":"AAAA"}`,
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, _, err := record.LoadOrCreate(path, t0); err == nil {
			t.Errorf("%s: LoadOrCreate accepted %q", name, text)
		}
	}
	if _, err := record.Rotate(filepath.Join(dir, "absent"), t0); err == nil {
		t.Error("Rotate made a key where there was none")
	}
}

func TestReadKeySet(t *testing.T) {
	k, err := record.Generate(t0)
	if err != nil {
		t.Fatal(err)
	}
	set := k.Public()
	body, _ := json.Marshal(set)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/.well-known/plateau-key" {
			http.Error(w, `{"error":{"code":"not_found"}}`, http.StatusNotFound)
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	dir := t.TempDir()
	file := filepath.Join(dir, "keys.json")
	os.WriteFile(file, body, 0o644)
	pubFile := filepath.Join(dir, "key.pub")
	os.WriteFile(pubFile, []byte(set.Keys[0].Public+"\n"), 0o644)
	ctx := context.Background()
	for _, src := range []string{srv.URL + "/.well-known/plateau-key", file, pubFile, set.Keys[0].Public} {
		got, err := record.ReadKeySet(ctx, srv.Client(), src)
		if err != nil || got.Current != k.ID() || got.Keys[0].Public != set.Keys[0].Public {
			t.Errorf("ReadKeySet(%s) = %+v, %v; want key %s", src, got, err, k.ID())
		}
	}
	for _, src := range []string{srv.URL + "/nothing", filepath.Join(dir, "absent")} {
		if _, err := record.ReadKeySet(ctx, srv.Client(), src); err == nil {
			t.Errorf("ReadKeySet(%s) found keys", src)
		}
	}
}

// TestLoadOrCreateRace: servers starting at once on one key path all get
// the one key that was made.
func TestLoadOrCreateRace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db.key")
	const n = 8
	ids := make(chan string, n)
	errs := make(chan error, n)
	for range n {
		go func() {
			k, _, err := record.LoadOrCreate(path, t0)
			if err != nil {
				errs <- err
				return
			}
			ids <- k.ID()
		}()
	}
	var first string
	for range n {
		select {
		case err := <-errs:
			t.Fatal(err)
		case id := <-ids:
			if first == "" {
				first = id
			} else if id != first {
				t.Fatalf("two keys made: %s and %s", first, id)
			}
		}
	}
	if k, err := record.Load(path); err != nil || k.ID() != first {
		t.Fatalf("the file holds %v, %v; want %s", k, err, first)
	}
	if left, _ := filepath.Glob(path + ".tmp-*"); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
