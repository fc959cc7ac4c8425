package room

import (
	"time"

	"plateau/dice"
	"plateau/mint"
	"plateau/store"
)

// NewID returns a fresh game id (mint.ID).
func NewID() string { return mint.ID() }

// NewToken returns a fresh seat token (mint.Token).
func NewToken() string { return mint.Token() }

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
