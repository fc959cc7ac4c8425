package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"plateau/store"
)

// SetDeadline implements store.Store.
func (s *Store) SetDeadline(ctx context.Context, id string, at time.Time, seat int) error {
	what := fmt.Sprintf("set the clock deadline of game %q", id)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRow("SELECT count(*) FROM games WHERE id = ?", id).Scan(&n); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n == 0 {
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		}
		var err error
		if at.IsZero() {
			_, err = tx.Exec("DELETE FROM deadlines WHERE game_id = ?", id)
		} else {
			_, err = tx.Exec(`INSERT INTO deadlines (game_id, deadline, seat) VALUES (?, ?, ?)
				ON CONFLICT (game_id) DO UPDATE SET deadline = excluded.deadline, seat = excluded.seat`, id, nanos(at), seat)
		}
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// Due implements store.Store.
func (s *Store) Due(ctx context.Context, before time.Time, limit int) ([]store.Deadline, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, `SELECT d.game_id, d.deadline, d.seat FROM deadlines d JOIN games g ON g.id = d.game_id
		WHERE d.deadline <= ? AND g.status <> ? ORDER BY d.deadline, d.game_id LIMIT ?`, nanos(before), store.StatusFinished, limit)
	return scanDeadlines(rows, err, "clock deadlines due")
}

// Awaiting implements store.Store.
func (s *Store) Awaiting(ctx context.Context, account string, limit int) ([]store.Deadline, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, `SELECT d.game_id, d.deadline, d.seat FROM deadlines d
		JOIN games g ON g.id = d.game_id
		JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat
		WHERE s.account_id = ? AND g.status <> ? AND g.clock_per_move > 0
		ORDER BY d.deadline, d.game_id LIMIT ?`, account, store.StatusFinished, limit)
	return scanDeadlines(rows, err, "games awaiting the move of account "+account)
}

// scanDeadlines reads the rows of a deadlines query, whose error was err.
func scanDeadlines(rows *sql.Rows, err error, what string) ([]store.Deadline, error) {
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", what, err)
	}
	defer rows.Close()
	var out []store.Deadline
	for rows.Next() {
		var d store.Deadline
		var at int64
		if err := rows.Scan(&d.Game, &at, &d.Seat); err != nil {
			return nil, fmt.Errorf("sqlite: %s: %w", what, err)
		}
		d.At = fromNanos(at)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", what, err)
	}
	return out, nil
}
