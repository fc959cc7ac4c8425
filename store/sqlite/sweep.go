package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"plateau/store"
)

// sweepBatch bounds the games deleted in one write, so that a large sweep
// does not hold the writer (and every game's moves) for long.
const sweepBatch = 200

// DeleteStale implements store.Store. The database of a new file runs in
// auto_vacuum=INCREMENTAL mode: each sweep gives the freed pages back to
// the file system. A database created before (auto_vacuum=NONE) keeps
// its free pages and reuses them for new games; "VACUUM" it once, server
// stopped, with auto_vacuum=INCREMENTAL to shrink it (see docs/operations.md).
func (s *Store) DeleteStale(ctx context.Context, before time.Time) (int, error) {
	total := 0
	for {
		n, err := s.deleteStaleBatch(ctx, before)
		total += n
		if err != nil || n < sweepBatch {
			return total, err
		}
	}
}

func (s *Store) deleteStaleBatch(ctx context.Context, before time.Time) (int, error) {
	var n int
	err := s.write(ctx, "delete stale games", func(tx *sql.Tx) error {
		rows, err := tx.Query(`SELECT g.id FROM games g
			WHERE g.updated < ? AND g.updated + g.clock_per_move * 1000000 < ? AND g.status != ?
			AND NOT EXISTS (SELECT 1 FROM events e JOIN seats s ON s.game_id = e.game_id AND s.seat = e.player
				WHERE e.game_id = g.id AND e.kind = 'move' AND s.kind = ?)
			LIMIT ?`, nanos(before), nanos(before), store.StatusFinished, store.Human, sweepBatch)
		if err != nil {
			return fmt.Errorf("sqlite: find stale games: %w", err)
		}
		var ids []any
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return fmt.Errorf("sqlite: find stale games: %w", err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("sqlite: find stale games: %w", err)
		}
		if len(ids) == 0 {
			return nil
		}
		if err := stop(ctx, "delete stale games"); err != nil {
			return err
		}
		in := "(?" + strings.Repeat(",?", len(ids)-1) + ")"
		for _, table := range []string{"reviews", "deadlines", "events", "seats"} {
			if _, err := tx.Exec("DELETE FROM "+table+" WHERE game_id IN "+in, ids...); err != nil {
				return fmt.Errorf("sqlite: delete stale games' %s: %w", table, err)
			}
		}
		if _, err := tx.Exec("DELETE FROM games WHERE id IN "+in, ids...); err != nil {
			return fmt.Errorf("sqlite: delete stale games: %w", err)
		}
		if _, err := tx.Exec("PRAGMA incremental_vacuum"); err != nil {
			return fmt.Errorf("sqlite: reclaim the stale games' pages: %w", err)
		}
		n = len(ids)
		return nil
	})
	return n, err
}
