package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// SetDeadline implements store.Store.
func (s *Store) SetDeadline(ctx context.Context, id string, at time.Time, seat int) error {
	return s.write(ctx, fmt.Sprintf("set the clock deadline of game %q", id), func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)", id).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return store.ErrNotFound
		}
		var err error
		if at.IsZero() {
			_, err = tx.Exec(ctx, "DELETE FROM deadlines WHERE game_id = $1", id)
		} else {
			_, err = tx.Exec(ctx, `INSERT INTO deadlines (game_id, deadline, seat) VALUES ($1, $2, $3)
				ON CONFLICT (game_id) DO UPDATE SET deadline = excluded.deadline, seat = excluded.seat`, id, nanos(at), seat)
		}
		return err
	})
}

// Due implements store.Store.
func (s *Store) Due(ctx context.Context, before time.Time, limit int) ([]store.Deadline, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, `SELECT d.game_id, d.deadline, d.seat FROM deadlines d JOIN games g ON g.id = d.game_id
		WHERE d.deadline <= $1 AND g.status <> $2 ORDER BY d.deadline, d.game_id LIMIT $3`, nanos(before), store.StatusFinished, limit)
	return scanDeadlines(rows, err, "clock deadlines due")
}

// Awaiting implements store.Store.
func (s *Store) Awaiting(ctx context.Context, account string, limit int) ([]store.Deadline, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, `SELECT d.game_id, d.deadline, d.seat FROM deadlines d
		JOIN games g ON g.id = d.game_id
		JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
		WHERE s.account_id = $1 AND g.status <> $2 AND g.clock_per_move > 0
		ORDER BY d.deadline, d.game_id LIMIT $3`, account, store.StatusFinished, limit)
	return scanDeadlines(rows, err, "games awaiting the move of account "+account)
}

// scanDeadlines reads the rows of a deadlines query, whose error was err.
func scanDeadlines(rows pgx.Rows, err error, what string) ([]store.Deadline, error) {
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", what, err)
	}
	defer rows.Close()
	var out []store.Deadline
	for rows.Next() {
		var d store.Deadline
		var at int64
		if err := rows.Scan(&d.Game, &at, &d.Seat); err != nil {
			return nil, fmt.Errorf("postgres: %s: %w", what, err)
		}
		d.At = fromNanos(at)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", what, err)
	}
	return out, nil
}
