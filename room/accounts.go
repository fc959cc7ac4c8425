package room

import (
	"context"
	"errors"
	"fmt"

	"plateau/store"
)

// AttachAccount gives the human seats of tokens that belong to no account
// yet to the account id named name (an account event each), and tells the
// clients their new names. It returns the seats attached. A token that
// matches no seat is an error (bad_token); a seat that belongs to another
// account already is left to it.
func (r *Room) AttachAccount(ctx context.Context, tokens []string, account, name string) ([]int, error) {
	var seats []int
	var err error
	if !r.call(func() { seats, err = r.attachAccount(tokens, account, name) }) {
		return nil, fmt.Errorf("game %s: the room closed", r.id)
	}
	return seats, err
}

// ErrBadToken: a token matches no seat of the game.
var ErrBadToken = errors.New("token matches no seat")

func (r *Room) attachAccount(tokens []string, account, name string) ([]int, error) {
	var attached []int
	for i, tok := range tokens {
		seat := r.seatOf(tok)
		if seat < 0 {
			return attached, fmt.Errorf("game %s: token %d: %w", r.id, i+1, ErrBadToken)
		}
		if r.rec.Seats[seat].Account != "" {
			continue
		}
		err := r.seatAct(seat, Action{Kind: ActAccount, Account: account, Name: name})
		if r.failed {
			return attached, nil // the record was stale: the next Acquire reloads it
		}
		if err != nil {
			return attached, fmt.Errorf("game %s: give seat %d to account %s: %w", r.id, seat, account, err)
		}
		attached = append(attached, seat)
	}
	return attached, nil
}

// otherAccount refuses a connection joining seat of a rated game when the
// seat is bound to another account than the connection's: a rated game is
// played by accounts, and holding a seat's token is not enough. A rated
// seat bound to no account yet may be joined: the server binds it to the
// connection's account at once (AttachAccount).
func (r *Room) otherAccount(sub *Sub, seat int) *Refusal {
	if !r.rec.Rated {
		return nil
	}
	if acc := r.rec.Seats[seat].Account; acc != "" && acc != sub.Account {
		return &Refusal{Code: "not_your_seat", Message: fmt.Sprintf("seat %d of rated game %s belongs to another account: sign in as its player to play it", seat, r.id)}
	}
	return nil
}

// seatAccount refuses an action of a client signed in as account on seat
// of a rated game unless the seat is the account's (the seat may have
// been bound since the connection joined).
func seatAccount(rec *store.Game, seat int, account string) error {
	if !rec.Rated || seat < 0 || seat >= len(rec.Seats) {
		return nil
	}
	switch acc := rec.Seats[seat].Account; {
	case acc == "":
		return refuse("not_your_seat", "seat %d of rated game %s belongs to no account yet: reconnect signed in", seat, rec.ID)
	case acc != account:
		return refuse("not_your_seat", "seat %d of rated game %s belongs to another account: sign in as its player to play it", seat, rec.ID)
	}
	return nil
}
