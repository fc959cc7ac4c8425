package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"plateau/store"
)

// PutFairPlay implements store.Store.
func (s *Store) PutFairPlay(ctx context.Context, fp store.FairPlaySample) error {
	what := fmt.Sprintf("store the fair-play sample of account %q in game %q", fp.Account, fp.GameID)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var n int
		err := tx.QueryRow("SELECT (SELECT count(*) FROM accounts WHERE id = ?) * (SELECT count(*) FROM games WHERE id = ?)",
			fp.Account, fp.GameID).Scan(&n)
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n == 0 {
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		}
		_, err = tx.Exec(`INSERT INTO fairplay_samples (account_id, game_id, game, moves, agreed, loss, created) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account_id, game_id) DO UPDATE SET game = excluded.game, moves = excluded.moves,
				agreed = excluded.agreed, loss = excluded.loss, created = excluded.created`,
			fp.Account, fp.GameID, fp.Game, fp.Moves, fp.Agreed, fp.Loss, nanos(fp.Created))
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// FairPlaySamples implements store.Store.
func (s *Store) FairPlaySamples(ctx context.Context, account, game string, after time.Time, limit int) ([]store.FairPlaySample, error) {
	if limit <= 0 {
		limit = 500
	}
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, moves, agreed, loss, created FROM fairplay_samples
		WHERE account_id = ? AND game = ? AND created > ? ORDER BY created DESC, game_id DESC LIMIT ?`,
		account, game, nanos(after), limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: fair-play samples of account %q: %w", account, err)
	}
	defer rows.Close()
	out := []store.FairPlaySample{}
	for rows.Next() {
		fp := store.FairPlaySample{Account: account, Game: game}
		var created int64
		if err := rows.Scan(&fp.GameID, &fp.Moves, &fp.Agreed, &fp.Loss, &created); err != nil {
			return nil, fmt.Errorf("sqlite: fair-play samples of account %q: %w", account, err)
		}
		fp.Created = fromNanos(created)
		out = append(out, fp)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: fair-play samples of account %q: %w", account, err)
	}
	return out, nil
}

// MarkFairPlay implements store.Store.
func (s *Store) MarkFairPlay(ctx context.Context, account, game, reason string, at time.Time) error {
	what := fmt.Sprintf("mark account %q for fair play", account)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRow("SELECT count(*) FROM accounts WHERE id = ?", account).Scan(&n); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n == 0 {
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		}
		_, err := tx.Exec(`INSERT INTO fairplay_marks (account_id, marked, game, reason, marked_at) VALUES (?, 1, ?, ?, ?)
			ON CONFLICT (account_id) DO UPDATE SET marked = 1, game = excluded.game, reason = excluded.reason,
				marked_at = excluded.marked_at WHERE fairplay_marks.marked = 0`,
			account, game, reason, nanos(at))
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// ClearFairPlay implements store.Store.
func (s *Store) ClearFairPlay(ctx context.Context, account, by string, at time.Time) error {
	what := fmt.Sprintf("clear the fair-play mark of account %q", account)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		res, err := tx.Exec(`UPDATE fairplay_marks SET marked = 0, cleared_by = ?, cleared_at = ? WHERE account_id = ? AND marked = 1`,
			by, nanos(at), account)
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("sqlite: %s: not marked: %w", what, errors.Join(store.ErrNotFound, err))
		}
		return nil
	})
}

const fairPlayColumns = "account_id, marked, game, reason, marked_at, cleared_by, cleared_at"

func scanFairPlay(sc interface{ Scan(...any) error }) (store.FairPlayStatus, error) {
	var st store.FairPlayStatus
	var markedAt, clearedAt int64
	if err := sc.Scan(&st.Account, &st.Marked, &st.Game, &st.Reason, &markedAt, &st.ClearedBy, &clearedAt); err != nil {
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
	st, err := scanFairPlay(s.r.QueryRowContext(ctx, "SELECT "+fairPlayColumns+" FROM fairplay_marks WHERE account_id = ?", account))
	if errors.Is(err, sql.ErrNoRows) {
		return store.FairPlayStatus{Account: account}, nil
	}
	if err != nil {
		return store.FairPlayStatus{}, fmt.Errorf("sqlite: fair-play status of account %q: %w", account, err)
	}
	return st, nil
}

// FairPlayStatuses implements store.Store.
func (s *Store) FairPlayStatuses(ctx context.Context, limit int) ([]store.FairPlayStatus, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+fairPlayColumns+" FROM fairplay_marks ORDER BY marked DESC, marked_at DESC, account_id LIMIT ?", limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: fair-play statuses: %w", err)
	}
	defer rows.Close()
	out := []store.FairPlayStatus{}
	for rows.Next() {
		st, err := scanFairPlay(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: fair-play statuses: %w", err)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: fair-play statuses: %w", err)
	}
	return out, nil
}
