package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"plateau/store"
)

// PutReview implements store.Store.
func (s *Store) PutReview(ctx context.Context, id, engine string, report json.RawMessage) error {
	what := fmt.Sprintf("store the review of game %q", id)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRow("SELECT count(*) FROM games WHERE id = ?", id).Scan(&n); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n == 0 {
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		}
		_, err := tx.Exec(`INSERT INTO reviews (game_id, engine, report, created) VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET engine = excluded.engine, report = excluded.report, created = excluded.created`,
			id, engine, string(report), nanos(time.Now()))
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// Review implements store.Store.
func (s *Store) Review(ctx context.Context, id string) (*store.Review, error) {
	var r store.Review
	var report string
	var created int64
	err := s.r.QueryRowContext(ctx, "SELECT engine, report, created FROM reviews WHERE game_id = ?", id).Scan(&r.Engine, &report, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: review of game %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: review of game %q: %w", id, err)
	}
	r.Report, r.Created = json.RawMessage(report), fromNanos(created)
	return &r, nil
}
