package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// PutReview implements store.Store.
func (s *Store) PutReview(ctx context.Context, id, engine string, report json.RawMessage) error {
	return s.write(ctx, fmt.Sprintf("store the review of game %q", id), func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO reviews (game_id, engine, report, created)
			SELECT id, $2, $3::json, $4 FROM games WHERE id = $1
			ON CONFLICT (game_id) DO UPDATE SET engine = excluded.engine, report = excluded.report, created = excluded.created`,
			id, engine, string(report), nanos(time.Now()))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		return nil
	})
}

// Review implements store.Store.
func (s *Store) Review(ctx context.Context, id string) (*store.Review, error) {
	var r store.Review
	var report []byte
	var created int64
	err := s.pool.QueryRow(ctx, "SELECT engine, report, created FROM reviews WHERE game_id = $1", id).Scan(&r.Engine, &report, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: review of game %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: review of game %q: %w", id, err)
	}
	r.Report, r.Created = json.RawMessage(report), fromNanos(created)
	return &r, nil
}
