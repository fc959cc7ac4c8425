package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// SetDeadline implements store.Store.
func (s *Store) SetDeadline(ctx context.Context, id string, at time.Time) error {
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
			_, err = tx.Exec(ctx, `INSERT INTO deadlines (game_id, deadline) VALUES ($1, $2)
				ON CONFLICT (game_id) DO UPDATE SET deadline = excluded.deadline`, id, nanos(at))
		}
		return err
	})
}

// Due implements store.Store.
func (s *Store) Due(ctx context.Context, before time.Time, limit int) ([]store.Deadline, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, `SELECT d.game_id, d.deadline FROM deadlines d JOIN games g ON g.id = d.game_id
		WHERE d.deadline <= $1 AND g.status <> $2 ORDER BY d.deadline, d.game_id LIMIT $3`, nanos(before), store.StatusFinished, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: clock deadlines due: %w", err)
	}
	defer rows.Close()
	var out []store.Deadline
	for rows.Next() {
		var d store.Deadline
		var at int64
		if err := rows.Scan(&d.Game, &at); err != nil {
			return nil, fmt.Errorf("postgres: clock deadlines due: %w", err)
		}
		d.At = fromNanos(at)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: clock deadlines due: %w", err)
	}
	return out, nil
}
