package room

import (
	"crypto/rand"
	"encoding/hex"
	"time"

	"plateau/dice"
	"plateau/store"
)

// NewID returns a fresh game id: 12 lowercase base-32 characters (60 random bits).
func NewID() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// NewToken returns a fresh seat token: 128 random bits in hex.
func NewToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// NewGameRecord returns the record of a new game with a fresh id and dice
// seed. Seats are copied as given (human seats carry their token hash).
func NewGameRecord(gameID string, variant map[string]string, casual bool, seats []store.Seat) (*store.Game, error) {
	now := time.Now().UTC()
	status := store.StatusLive
	for _, s := range seats {
		if s.Kind == store.Human && !s.Joined {
			status = store.StatusOpen
		}
	}
	return &store.Game{ID: NewID(), Game: gameID, Variant: variant, Casual: casual, Seats: seats,
		Status: status, DiceSeed: dice.NewSeed(), Created: now, Updated: now}, nil
}
