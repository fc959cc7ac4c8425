package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// PutFairPlay implements store.Store.
func (s *Store) PutFairPlay(ctx context.Context, fp store.FairPlaySample) error {
	what := fmt.Sprintf("store the fair-play sample of account %q in game %q", fp.Account, fp.GameID)
	return s.write(ctx, what, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO fairplay_samples (account_id, game_id, game, moves, agreed, loss, created)
			SELECT a.id, g.id, $3, $4, $5, $6, $7 FROM accounts a, games g WHERE a.id = $1 AND g.id = $2
			ON CONFLICT (account_id, game_id) DO UPDATE SET game = excluded.game, moves = excluded.moves,
				agreed = excluded.agreed, loss = excluded.loss, created = excluded.created`,
			fp.Account, fp.GameID, fp.Game, fp.Moves, fp.Agreed, fp.Loss, nanos(fp.Created))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		return nil
	})
}

// FairPlaySamples implements store.Store.
func (s *Store) FairPlaySamples(ctx context.Context, account, game string, after time.Time, limit int) ([]store.FairPlaySample, error) {
	if limit <= 0 {
		limit = 500
	}
	rows, err := s.pool.Query(ctx, `SELECT game_id, moves, agreed, loss, created FROM fairplay_samples
		WHERE account_id = $1 AND game = $2 AND created > $3 ORDER BY created DESC, game_id DESC LIMIT $4`,
		account, game, nanos(after), limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: fair-play samples of account %q: %w", account, err)
	}
	defer rows.Close()
	out := []store.FairPlaySample{}
	for rows.Next() {
		fp := store.FairPlaySample{Account: account, Game: game}
		var created int64
		if err := rows.Scan(&fp.GameID, &fp.Moves, &fp.Agreed, &fp.Loss, &created); err != nil {
			return nil, fmt.Errorf("postgres: fair-play samples of account %q: %w", account, err)
		}
		fp.Created = fromNanos(created)
		out = append(out, fp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: fair-play samples of account %q: %w", account, err)
	}
	return out, nil
}

// MarkFairPlay implements store.Store.
func (s *Store) MarkFairPlay(ctx context.Context, account, game, reason string, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("mark account %q for fair play", account), func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM accounts WHERE id = $1", account).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return store.ErrNotFound
		}
		_, err := tx.Exec(ctx, `INSERT INTO fairplay_marks (account_id, marked, game, reason, marked_at) VALUES ($1, true, $2, $3, $4)
			ON CONFLICT (account_id) DO UPDATE SET marked = true, game = excluded.game, reason = excluded.reason,
				marked_at = excluded.marked_at WHERE NOT fairplay_marks.marked`,
			account, game, reason, nanos(at))
		return err
	})
}

// ClearFairPlay implements store.Store.
func (s *Store) ClearFairPlay(ctx context.Context, account, by string, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("clear the fair-play mark of account %q", account), func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE fairplay_marks SET marked = false, cleared_by = $1, cleared_at = $2
			WHERE account_id = $3 AND marked`, by, nanos(at), account)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("not marked: %w", store.ErrNotFound)
		}
		return nil
	})
}

const fairPlayColumns = "account_id, marked, game, reason, marked_at, cleared_by, cleared_at"

func scanFairPlay(row pgx.Row) (store.FairPlayStatus, error) {
	var st store.FairPlayStatus
	var markedAt, clearedAt int64
	if err := row.Scan(&st.Account, &st.Marked, &st.Game, &st.Reason, &markedAt, &st.ClearedBy, &clearedAt); err != nil {
		return st, err
	}
	st.MarkedAt = fromNanos(markedAt)
	if clearedAt != 0 {
		st.ClearedAt = fromNanos(clearedAt)
	}
	return st, nil
}

// FairPlayStatus implements store.Store.
func (s *Store) FairPlayStatus(ctx context.Context, account string) (store.FairPlayStatus, error) {
	st, err := scanFairPlay(s.pool.QueryRow(ctx, "SELECT "+fairPlayColumns+" FROM fairplay_marks WHERE account_id = $1", account))
	if errors.Is(err, pgx.ErrNoRows) {
		return store.FairPlayStatus{Account: account}, nil
	}
	if err != nil {
		return store.FairPlayStatus{}, fmt.Errorf("postgres: fair-play status of account %q: %w", account, err)
	}
	return st, nil
}

// FairPlayStatuses implements store.Store.
func (s *Store) FairPlayStatuses(ctx context.Context, limit int) ([]store.FairPlayStatus, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, "SELECT "+fairPlayColumns+" FROM fairplay_marks ORDER BY marked DESC, marked_at DESC, account_id LIMIT $1", limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: fair-play statuses: %w", err)
	}
	defer rows.Close()
	out := []store.FairPlayStatus{}
	for rows.Next() {
		st, err := scanFairPlay(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: fair-play statuses: %w", err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: fair-play statuses: %w", err)
	}
	return out, nil
}
