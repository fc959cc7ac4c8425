package dice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"

	"plateau/game"
)

// SeedSize is the size of a dice seed in bytes.
const SeedSize = 32

// NewSeed returns a fresh secret seed from the operating system's random source.
func NewSeed() []byte {
	seed := make([]byte, SeedSize)
	rand.Read(seed) // never fails (crypto/rand panics rather than return an error)
	return seed
}

// Commitment is the hex SHA-256 of seed, published before any roll.
func Commitment(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}

// CheckCommitment reports whether seed matches a published commitment.
func CheckCommitment(seed []byte, commitment string) error {
	if got := Commitment(seed); !hmac.Equal([]byte(got), []byte(commitment)) {
		return fmt.Errorf("seed %x does not match commitment %s (its sha256 is %s)", seed, commitment, got)
	}
	return nil
}

// Number returns the number in [0, total) that roll k draws from seed.
// total must be positive.
func Number(seed []byte, k uint64, total int) (int, error) {
	if total <= 0 {
		return 0, fmt.Errorf("roll %d: total weight %d is not positive", k, total)
	}
	w := uint64(total)
	// Candidates below limit, the largest multiple of w not above 2^64, are
	// accepted. 2^64 mod w is (2^64-w) mod w; limit 0 stands for 2^64.
	limit := -(-w % w)
	mac := hmac.New(sha256.New, seed)
	var msg [12]byte
	binary.BigEndian.PutUint64(msg[:8], k)
	var block []byte
	for j := uint32(0); j < 1<<20; j++ {
		binary.BigEndian.PutUint32(msg[8:], j)
		mac.Reset()
		mac.Write(msg[:])
		block = mac.Sum(block[:0])
		for i := 0; i < 4; i++ {
			x := binary.BigEndian.Uint64(block[8*i:])
			if limit == 0 || x < limit {
				return int(x % w), nil
			}
		}
	}
	return 0, errors.New("dice: rejection sampling did not terminate") // probability below 2^-4000000
}

// Roll returns the outcome that roll k of a game with the given seed picks
// among ms, the outcomes of the chance node (State.ChanceMoves).
func Roll(seed []byte, k uint64, ms []game.ChanceMove) (game.Move, error) {
	total := game.TotalWeight(ms)
	r, err := Number(seed, k, total)
	if err != nil {
		return 0, err
	}
	return game.Pick(ms, r)
}
