package room

import (
	"encoding/json"
	"fmt"

	"plateau/game"
	"plateau/rating"
	"plateau/store"
)

// RateOf is the rating update of a rated game's end with the outcome
// result (its JSON): the two seats' accounts rated in the game's pool, one
// game as one Glicko-2 rating period (rating.Game). It is nil for a game
// that is not rated or that was aborted (abort.go). It fails for a rated game that cannot be rated: not
// two seats, a seat without an account, an outcome that is not over.
func RateOf(rec *store.Game, result json.RawMessage) (*store.Rate, error) {
	if !rec.Rated {
		return nil, nil
	}
	if len(rec.Seats) != 2 {
		return nil, fmt.Errorf("rated game %s has %d seats, not 2", rec.ID, len(rec.Seats))
	}
	var o game.Outcome
	err := json.Unmarshal(result, &o)
	if err == nil && o.Over && o.Reason == AbortedReason { // abort.go
		return nil, nil
	}
	if err != nil || !o.Over || len(o.Results) != 2 {
		return nil, fmt.Errorf("rated game %s: result %s is not the end of a two-player game (%v)", rec.ID, result, err)
	}
	accounts := make([]string, 2)
	for i, st := range rec.Seats {
		if st.Account == "" {
			return nil, fmt.Errorf("rated game %s: seat %d has no account", rec.ID, i)
		}
		accounts[i] = st.Account
	}
	if accounts[0] == accounts[1] {
		return nil, fmt.Errorf("rated game %s: both seats are account %s's", rec.ID, accounts[0])
	}
	score := o.Value(0)
	return &store.Rate{Game: rec.Game, Accounts: accounts, Compute: func(before []rating.Rating) ([]rating.Rating, error) {
		a, b, err := rating.Game(before[0], before[1], score)
		return []rating.Rating{a, b}, err
	}}, nil
}

// Rated reports whether the room's game is rated (fixed at its creation).
// The room must have been acquired (its record is loaded).
func (r *Room) Rated() bool {
	<-r.ready
	return r.rated
}
