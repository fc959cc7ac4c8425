package sqlite

import (
	"database/sql"
	"errors"
	"fmt"

	"plateau/store"
)

// projectSeats applies the seat events of events (see store.KindJoin) to
// the seats of game id, in the append's transaction tx.
func (s *Store) projectSeats(tx *sql.Tx, id string, events []store.Event) error {
	for _, e := range events {
		if !store.IsSeatEvent(e.Kind) {
			continue
		}
		if err := s.projectSeat(tx, id, e); err != nil {
			return fmt.Errorf("sqlite: game %q: %s event %d of seat %d: %w", id, e.Kind, e.Seq, e.Player, err)
		}
	}
	return nil
}

// projectSeat applies seat event e to its seat of game id.
func (s *Store) projectSeat(tx *sql.Tx, id string, e store.Event) error {
	d, err := store.SeatChange(e)
	if err != nil {
		return err
	}
	var kind string
	var open bool
	var hash []byte
	var account sql.NullString
	err = tx.QueryRow(`SELECT kind, open, token_hash, account_id FROM seats WHERE game_id = ? AND seat = ?`, id, e.Player).Scan(&kind, &open, &hash, &account)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("no such seat: %w", store.ErrNotFound)
	case err != nil:
		return err
	}
	seat := store.Seat{Kind: kind, Open: open, TokenHash: hash, Account: account.String}
	switch e.Kind {
	case store.KindJoin:
		_, err = s.stmt(tx, qJoinSeat).Exec(id, e.Player)
	case store.KindClaim:
		if err := store.CheckSeatEvent(seat, e.Kind, d); err != nil {
			return err
		}
		_, err = tx.Exec(`UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ?`, d.TokenHash, id, e.Player)
	case store.KindAccount:
		if err := store.CheckSeatEvent(seat, e.Kind, d); err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?)`, d.Account).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return fmt.Errorf("no account %s: %w", d.Account, store.ErrNotFound)
		}
		_, err = tx.Exec(`UPDATE seats SET account_id = ? WHERE game_id = ? AND seat = ?`, d.Account, id, e.Player)
	}
	return err
}
