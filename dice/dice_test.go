package dice

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"testing"

	"plateau/game"
)

func TestNumberMatchesSpec(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, SeedSize)
	for k := uint64(1); k <= 50; k++ {
		for _, total := range []int{1, 2, 6, 11, 36, 1000} {
			got, err := Number(seed, k, total)
			if err != nil {
				t.Fatal(err)
			}
			// Recompute with the documented derivation (block 0, first candidate
			// accepted: the chance of rejection for these totals is < 2^-50).
			mac := hmac.New(sha256.New, seed)
			var msg [12]byte
			binary.BigEndian.PutUint64(msg[:8], k)
			mac.Write(msg[:])
			x := binary.BigEndian.Uint64(mac.Sum(nil))
			if want := int(x % uint64(total)); got != want {
				t.Errorf("Number(k=%d, total=%d) = %d, want %d", k, total, got, want)
			}
		}
	}
}

func TestNumberUniform(t *testing.T) {
	seed := NewSeed()
	const total, n = 6, 60000
	var counts [total]int
	for k := uint64(1); k <= n; k++ {
		r, err := Number(seed, k, total)
		if err != nil || r < 0 || r >= total {
			t.Fatalf("Number = %d, %v", r, err)
		}
		counts[r]++
	}
	for i, c := range counts {
		if c < n/total*9/10 || c > n/total*11/10 {
			t.Errorf("value %d drawn %d times of %d: not uniform (%v)", i, c, n, counts)
		}
	}
}

func TestNumberErrors(t *testing.T) {
	if _, err := Number(NewSeed(), 1, 0); err == nil {
		t.Error("total 0 accepted")
	}
}

func TestRollPicksByWeight(t *testing.T) {
	ms := []game.ChanceMove{{Move: 10, Weight: 1}, {Move: 20, Weight: 2}}
	seed := NewSeed()
	seen := map[game.Move]int{}
	for k := uint64(1); k <= 3000; k++ {
		m, err := Roll(seed, k, ms)
		if err != nil {
			t.Fatal(err)
		}
		seen[m]++
	}
	if len(seen) != 2 || seen[20] < seen[10] {
		t.Errorf("rolls %v do not follow weights 1:2", seen)
	}
}

func TestCommitment(t *testing.T) {
	seed := NewSeed()
	if len(seed) != SeedSize {
		t.Fatalf("seed has %d bytes", len(seed))
	}
	c := Commitment(seed)
	if err := CheckCommitment(seed, c); err != nil {
		t.Error(err)
	}
	if err := CheckCommitment(NewSeed(), c); err == nil {
		t.Error("another seed matches the commitment")
	}
}

func ExampleNumber() {
	seed := make([]byte, SeedSize) // all zero, for the example only
	for k := uint64(1); k <= 3; k++ {
		r, _ := Number(seed, k, 6)
		fmt.Print(r+1, " ")
	}
	fmt.Println()
	// Output: 1 2 1
}
