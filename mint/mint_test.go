package mint

import (
	"bytes"
	"regexp"
	"testing"
)

func TestMint(t *testing.T) {
	idRE, tokRE := regexp.MustCompile(`^[a-km-np-z2-9]{12}$`), regexp.MustCompile(`^[0-9a-f]{32}$`)
	seen := map[string]bool{}
	for range 1000 {
		id, tok := ID(), Token()
		if !idRE.MatchString(id) || !tokRE.MatchString(tok) {
			t.Fatalf("ID() = %q, Token() = %q", id, tok)
		}
		if seen[id] || seen[tok] {
			t.Fatalf("minted twice: %q or %q", id, tok)
		}
		seen[id], seen[tok] = true, true
	}
	if h := HashToken("abc"); len(h) != 32 || bytes.Equal(h, HashToken("abd")) || !bytes.Equal(h, HashToken("abc")) {
		t.Errorf("HashToken(abc) = %x", h)
	}
}
