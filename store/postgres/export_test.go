package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// LockGame locks game id's row in a transaction of s until release is
// called (release may be called more than once).
func LockGame(ctx context.Context, s *Store, id string) (release func(), err error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, "SELECT 1 FROM games WHERE id = $1 FOR UPDATE", id); err != nil {
		tx.Rollback(ctx)
		return nil, fmt.Errorf("lock game %s: %w", id, err)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		tx.Rollback(ctx)
	}, nil
}

// PoolOf is s's connection pool.
func PoolOf(s *Store) *pgxpool.Pool { return s.pool }
