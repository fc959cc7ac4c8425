package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// projectSeats applies the seat events of events (see store.KindJoin) to
// the seats of game id, in the append's transaction tx. Seat events are
// rare (a game has a few): one statement each, after the append's batch.
func projectSeats(ctx context.Context, tx pgx.Tx, id string, events []store.Event) error {
	for _, e := range events {
		if !store.IsSeatEvent(e.Kind) {
			continue
		}
		if err := projectSeat(ctx, tx, id, e); err != nil {
			return fmt.Errorf("game %q: %s event %d of seat %d: %w", id, e.Kind, e.Seq, e.Player, err)
		}
	}
	return nil
}

// projectSeat applies seat event e to its seat of game id, the seat's row
// locked while it is checked and set.
func projectSeat(ctx context.Context, tx pgx.Tx, id string, e store.Event) error {
	d, err := store.SeatChange(e)
	if err != nil {
		return err
	}
	var seat store.Seat
	var account *string
	err = tx.QueryRow(ctx, `SELECT kind, open, token_hash, account_id FROM seats WHERE game_id = $1 AND seat = $2 FOR UPDATE`, id, e.Player).
		Scan(&seat.Kind, &seat.Open, &seat.TokenHash, &account)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("no such seat: %w", store.ErrNotFound)
	case err != nil:
		return err
	}
	if account != nil {
		seat.Account = *account
	}
	if err := store.CheckSeatEvent(seat, e.Kind, d); err != nil {
		return err
	}
	switch e.Kind {
	case store.KindJoin:
		_, err = tx.Exec(ctx, `UPDATE seats SET joined = true WHERE game_id = $1 AND seat = $2`, id, e.Player)
	case store.KindClaim:
		_, err = tx.Exec(ctx, `UPDATE seats SET token_hash = $1 WHERE game_id = $2 AND seat = $3`, d.TokenHash, id, e.Player)
	case store.KindAccount:
		_, err = tx.Exec(ctx, `UPDATE seats SET account_id = $1 WHERE game_id = $2 AND seat = $3`, d.Account, id, e.Player)
		if code, _ := pgCode(err); code == foreignKeyViolation {
			return fmt.Errorf("no account %s: %w", d.Account, store.ErrNotFound)
		}
	}
	return err
}
