package egdb

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"testing"

	"plateau/games/dames"
)

// built3 is the 3-piece database, built once for the tests.
var built3 = sync.OnceValues(func() (*DB, error) { return Build(3, nil, nil) })

func db3(t testing.TB) *DB {
	t.Helper()
	db, err := built3()
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestRankMatchesCombos(t *testing.T) {
	for g := range 4 {
		for k := 0; k <= 3; k++ {
			for i, m := range combos(g, k) {
				if r := rank(g, m); r != i {
					t.Fatalf("group %d, %d squares: mask %x has rank %d, want %d", g, k, m, r, i)
				}
			}
		}
	}
}

func TestFlip(t *testing.T) {
	p, err := dames.ParseFEN("B:W18,24,K46:BK3,12")
	if err != nil {
		t.Fatal(err)
	}
	q, err := dames.ParseFEN("W:WK48,39:B33,27,K5")
	if err != nil {
		t.Fatal(err)
	}
	if got := Flip(p); got != q {
		t.Errorf("Flip(%s) = %s, want %s", p.FEN(), got.FEN(), q.FEN())
	}
}

func TestVerify3(t *testing.T) {
	if err := db3(t).Verify(); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyFindsAWrongValue changes one stored value of a copy of the
// 3-piece database (the first won KK-K position made a draw) and checks that
// Verify, whose ranges run in parallel, reports that position.
func TestVerifyFindsAWrongValue(t *testing.T) {
	db := db3(t)
	m := Material{WK: 2, BK: 1}
	orig := db.tables[m.key()]
	i, fen := 0, ""
	for ; i < orig.l.size; i++ {
		if p, ok := orig.l.position(i, dames.White); ok && orig.get(i) == Win {
			fen = p.FEN()
			break
		}
	}
	if fen == "" {
		t.Fatal("no won KK-K position")
	}
	bad := &table{l: orig.l, bits: slices.Clone(orig.bits)}
	bad.bits[i>>2] &^= 3 << (uint(i&3) * 2)                                      // Draw is 0
	broken := &DB{pieces: db.pieces, materials: db.materials, tables: db.tables} // an array: a copy
	broken.tables[m.key()] = bad
	err := broken.Verify()
	if err == nil || !strings.Contains(err.Error(), fen) {
		t.Fatalf("Verify: %v; want the contradiction at %s", err, fen)
	}
}

func TestRoundTrip(t *testing.T) {
	db := db3(t)
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	t.Logf("3 pieces: %d bytes", buf.Len())
	back, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Materials(3) {
		if !bytes.Equal(back.tables[m.key()].bits, db.tables[m.key()].bits) {
			t.Fatalf("%v differs after a round trip", m)
		}
	}
	b := buf.Bytes()
	b[len(b)/2] ^= 0x55
	if _, err := Read(bytes.NewReader(b)); err == nil {
		t.Error("a damaged file was read without error")
	}
}
