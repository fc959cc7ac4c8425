package store

import (
	"encoding/json"
	"fmt"
)

// Seat events: the changes of a game's seats after its creation. They are
// events of the game's log like its moves, and Append projects them onto
// the game's seats in the same transaction: a game's Seats are its Start
// seats with its log's seat events applied, and nothing else writes them.
// Each event's Player is the seat concerned.
const (
	// KindJoin: the seat's token connected for the first time
	// (Seat.Joined).
	KindJoin = "join"
	// KindClaim: an open seat got its player (Seat.TokenHash, from the
	// event's SeatData). Append refuses the claim of a seat that is not
	// open (ErrSeatNotOpen) or is claimed already (ErrSeatTaken).
	KindClaim = "claim"
	// KindAccount: a human seat was given to an account (Seat.Account,
	// from the event's SeatData). Append refuses it when the seat is not a
	// human's or belongs to another account (ErrSeatTaken), or the
	// account does not exist (ErrNotFound).
	KindAccount = "account"
)

// SeatData is what the store reads of a seat event's Data (other fields
// are the room's).
type SeatData struct {
	TokenHash []byte `json:"token_hash,omitempty"`
	Account   string `json:"account,omitempty"`
}

// IsSeatEvent reports whether events of kind change a game's seats.
func IsSeatEvent(kind string) bool {
	return kind == KindJoin || kind == KindClaim || kind == KindAccount
}

// SeatChange decodes the data of seat event e and checks it: a claim
// names its token hash, an account event its account.
func SeatChange(e Event) (SeatData, error) {
	var d SeatData
	if len(e.Data) > 0 {
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return d, fmt.Errorf("%s event %d: data: %w", e.Kind, e.Seq, err)
		}
	}
	switch {
	case e.Kind == KindClaim && len(d.TokenHash) == 0:
		return d, fmt.Errorf("claim event %d: no token hash", e.Seq)
	case e.Kind == KindAccount && d.Account == "":
		return d, fmt.Errorf("account event %d: no account", e.Seq)
	}
	return d, nil
}

// CheckSeatEvent says why the seat event of kind with data d does not
// apply to seat (wrapping ErrSeatNotOpen or ErrSeatTaken), nil if it does.
// A join always applies.
func CheckSeatEvent(seat Seat, kind string, d SeatData) error {
	switch kind {
	case KindClaim:
		if seat.Kind != Human || !seat.Open {
			return fmt.Errorf("the seat was not created open: %w", ErrSeatNotOpen)
		}
		if !seat.Claimable() {
			return fmt.Errorf("the seat is claimed already: %w", ErrSeatTaken)
		}
	case KindAccount:
		if seat.Kind != Human || seat.Account != "" && seat.Account != d.Account {
			return fmt.Errorf("the seat is not a guest's: %w", ErrSeatTaken)
		}
	}
	return nil
}

// StartSeat returns the seat a game's log starts from, as a store reads
// it (its start token hash, joined flag and account) beside the seat now,
// whose other fields it shares (and its account's name: an account, once
// given, stays).
func StartSeat(now Seat, hash []byte, joined bool, account string) Seat {
	st := now
	st.TokenHash, st.Joined, st.Account = hash, joined, account
	if account != now.Account {
		st.Name = ""
	}
	return st
}
