package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"plateau/rating"
	"plateau/store"
)

// rate applies a rated game's rating update inside its append's
// transaction (store.Update.Rate). SQLite has one writer: the ratings read
// here cannot change before the transaction commits.
func rate(tx *sql.Tx, gameID string, r *store.Rate, now time.Time) error {
	before := make([]rating.Rating, len(r.Accounts))
	for i, acc := range r.Accounts {
		before[i] = rating.New()
		err := tx.QueryRow("SELECT rating, rd, vol FROM ratings WHERE account = ? AND game = ?", acc, r.Game).
			Scan(&before[i].Rating, &before[i].RD, &before[i].Vol)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("sqlite: rating of %q in %s: %w", acc, r.Game, err)
		}
	}
	after, err := r.Compute(before)
	if err != nil {
		return fmt.Errorf("sqlite: rate game %q: %w", gameID, err)
	}
	if len(after) != len(before) {
		return fmt.Errorf("sqlite: rate game %q: %d ratings computed for %d accounts", gameID, len(after), len(before))
	}
	for i, acc := range r.Accounts {
		a, b := after[i], before[i]
		if _, err := tx.Exec(`INSERT INTO ratings (account, game, rating, rd, vol, games, updated) VALUES (?, ?, ?, ?, ?, 1, ?)
			ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
			games = games + 1, updated = excluded.updated`, acc, r.Game, a.Rating, a.RD, a.Vol, nanos(now)); err != nil {
			return fmt.Errorf("sqlite: rating of %q in %s: %w", acc, r.Game, err)
		}
		if _, err := tx.Exec(`INSERT INTO rating_history (account, game, game_id, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after, time)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, acc, r.Game, gameID, b.Rating, b.RD, b.Vol, a.Rating, a.RD, a.Vol, nanos(now)); err != nil {
			return fmt.Errorf("sqlite: rating history of %q for game %q: %w", acc, gameID, err)
		}
	}
	return nil
}

const ratingCols = "r.account, coalesce(a.name, ''), r.game, r.rating, r.rd, r.vol, r.games, r.updated"

// ratingsFrom joins the accounts' names to ratingCols.
const ratingsFrom = " FROM ratings r LEFT JOIN accounts a ON a.id = r.account"

func scanRatings(rows *sql.Rows) ([]store.Rating, error) {
	defer rows.Close()
	var rs []store.Rating
	for rows.Next() {
		var r store.Rating
		var updated int64
		if err := rows.Scan(&r.Account, &r.Name, &r.Game, &r.Rating.Rating, &r.RD, &r.Vol, &r.Games, &updated); err != nil {
			return nil, err
		}
		r.Updated = fromNanos(updated)
		rs = append(rs, r)
	}
	return rs, rows.Err()
}

// Ratings implements store.Store.
func (s *Store) Ratings(ctx context.Context, account string) ([]store.Rating, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+ratingCols+ratingsFrom+" WHERE r.account = ? ORDER BY r.game", account)
	if err == nil {
		var rs []store.Rating
		if rs, err = scanRatings(rows); err == nil {
			return rs, nil
		}
	}
	return nil, fmt.Errorf("sqlite: ratings of %q: %w", account, err)
}

// Leaderboard implements store.Store.
func (s *Store) Leaderboard(ctx context.Context, b store.Board) ([]store.Rating, error) {
	limit := b.Limit
	if limit <= 0 {
		limit = 50
	}
	maxRD := b.MaxRD
	if maxRD <= 0 {
		maxRD = 1e308
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+ratingCols+ratingsFrom+" WHERE r.game = ? AND r.games > 0 AND r.rd <= ? AND r.games >= ? ORDER BY r.rating DESC, r.games DESC, r.account LIMIT ?",
		b.Game, maxRD, b.MinGames, limit)
	if err == nil {
		var rs []store.Rating
		if rs, err = scanRatings(rows); err == nil {
			return rs, nil
		}
	}
	return nil, fmt.Errorf("sqlite: leaderboard of %s: %w", b.Game, err)
}

// RatedPairings implements store.Store.
func (s *Store) RatedPairings(ctx context.Context, a, b string, since time.Time) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM games g WHERE g.rated AND g.created >= ?
		AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.account_id = ?)
		AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.account_id = ?)`, nanos(since), a, b).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: rated games of %q and %q since %s: %w", a, b, since, err)
	}
	return n, nil
}

// SeedRating implements store.Store.
func (s *Store) SeedRating(ctx context.Context, account, game string, r rating.Rating, now time.Time) (bool, error) {
	what := fmt.Sprintf("seed the rating of %q in %s", account, game)
	var stored bool
	err := s.write(ctx, what, func(tx *sql.Tx) error {
		res, err := tx.Exec(`INSERT INTO ratings (account, game, rating, rd, vol, games, updated) VALUES (?, ?, ?, ?, ?, 0, ?)
			ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, updated = excluded.updated
			WHERE ratings.games = 0`, account, game, r.Rating, r.RD, r.Vol, nanos(now))
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		stored = n > 0
		return nil
	})
	return stored, err
}

// RatingHistory implements store.Store.
func (s *Store) RatingHistory(ctx context.Context, account, game string) ([]store.RatingChange, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT game_id, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after, time
		FROM rating_history WHERE account = ? AND game = ? ORDER BY time, game_id`, account, game)
	if err != nil {
		return nil, fmt.Errorf("sqlite: rating history of %q in %s: %w", account, game, err)
	}
	defer rows.Close()
	var cs []store.RatingChange
	for rows.Next() {
		c := store.RatingChange{Account: account, Game: game}
		var t int64
		if err := rows.Scan(&c.GameID, &c.Before.Rating, &c.Before.RD, &c.Before.Vol, &c.After.Rating, &c.After.RD, &c.After.Vol, &t); err != nil {
			return nil, fmt.Errorf("sqlite: rating history of %q in %s: %w", account, game, err)
		}
		c.Time = fromNanos(t)
		cs = append(cs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: rating history of %q in %s: %w", account, game, err)
	}
	return cs, nil
}
