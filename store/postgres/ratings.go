package postgres

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/rating"
	"plateau/store"
)

// rate applies a rated game's rating update inside its append's
// transaction (store.Update.Rate). The accounts' rows are created if
// missing and locked, in account order (no deadlock between two games
// ending at once with the same players), before they are read.
func rate(ctx context.Context, tx pgx.Tx, gameID string, r *store.Rate, now time.Time) error {
	n := rating.New()
	sorted := slices.Clone(r.Accounts)
	slices.Sort(sorted)
	for _, acc := range sorted {
		if _, err := tx.Exec(ctx, `INSERT INTO ratings (account, game, rating, rd, vol, games, updated) VALUES ($1, $2, $3, $4, $5, 0, $6)
			ON CONFLICT (account, game) DO NOTHING`, acc, r.Game, n.Rating, n.RD, n.Vol, nanos(now)); err != nil {
			return fmt.Errorf("rating of %q in %s: %w", acc, r.Game, err)
		}
		if _, err := tx.Exec(ctx, "SELECT 1 FROM ratings WHERE account = $1 AND game = $2 FOR UPDATE", acc, r.Game); err != nil {
			return fmt.Errorf("lock the rating of %q in %s: %w", acc, r.Game, err)
		}
	}
	before := make([]rating.Rating, len(r.Accounts))
	for i, acc := range r.Accounts {
		if err := tx.QueryRow(ctx, "SELECT rating, rd, vol FROM ratings WHERE account = $1 AND game = $2", acc, r.Game).
			Scan(&before[i].Rating, &before[i].RD, &before[i].Vol); err != nil {
			return fmt.Errorf("rating of %q in %s: %w", acc, r.Game, err)
		}
	}
	after, err := r.Compute(before)
	if err != nil {
		return fmt.Errorf("rate game %q: %w", gameID, err)
	}
	if len(after) != len(before) {
		return fmt.Errorf("rate game %q: %d ratings computed for %d accounts", gameID, len(after), len(before))
	}
	b := &pgx.Batch{}
	for i, acc := range r.Accounts {
		a, bf := after[i], before[i]
		b.Queue(`UPDATE ratings SET rating = $3, rd = $4, vol = $5, games = games + 1, updated = $6 WHERE account = $1 AND game = $2`,
			acc, r.Game, a.Rating, a.RD, a.Vol, nanos(now))
		b.Queue(`INSERT INTO rating_history (account, game, game_id, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after, time)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, acc, r.Game, gameID, bf.Rating, bf.RD, bf.Vol, a.Rating, a.RD, a.Vol, nanos(now))
	}
	if err := runBatch(ctx, tx, b, nil); err != nil {
		return fmt.Errorf("rate game %q: %w", gameID, err)
	}
	return nil
}

const ratingCols = "r.account, coalesce(a.name, ''), r.game, r.rating, r.rd, r.vol, r.games, r.updated"

// ratingsFrom joins the accounts' names to ratingCols.
const ratingsFrom = " FROM ratings r LEFT JOIN accounts a ON a.id = r.account"

func scanRatings(rows pgx.Rows) ([]store.Rating, error) {
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
	rows, err := s.pool.Query(ctx, "SELECT "+ratingCols+ratingsFrom+" WHERE r.account = $1 ORDER BY r.game", account)
	if err == nil {
		var rs []store.Rating
		if rs, err = scanRatings(rows); err == nil {
			return rs, nil
		}
	}
	return nil, fmt.Errorf("postgres: ratings of %q: %w", account, err)
}

// Leaderboard implements store.Store.
func (s *Store) Leaderboard(ctx context.Context, b store.Board) ([]store.Rating, error) {
	limit := b.Limit
	if limit <= 0 {
		limit = 50
	}
	var maxRD any // NULL: no bound
	if b.MaxRD > 0 {
		maxRD = b.MaxRD
	}
	rows, err := s.pool.Query(ctx, `SELECT `+ratingCols+ratingsFrom+` WHERE r.game = $1 AND r.games > 0 AND ($2::double precision IS NULL OR r.rd <= $2)
		AND r.games >= $4 ORDER BY r.rating DESC, r.games DESC, r.account LIMIT $3`, b.Game, maxRD, limit, b.MinGames)
	if err == nil {
		var rs []store.Rating
		if rs, err = scanRatings(rows); err == nil {
			return rs, nil
		}
	}
	return nil, fmt.Errorf("postgres: leaderboard of %s: %w", b.Game, err)
}

// RatedPairings implements store.Store.
func (s *Store) RatedPairings(ctx context.Context, a, b string, since time.Time) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM games g WHERE g.rated AND g.created >= $1
		AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.account_id = $2)
		AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.account_id = $3)`, nanos(since), a, b).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: rated games of %q and %q since %s: %w", a, b, since, err)
	}
	return n, nil
}

// SeedRating implements store.Store.
func (s *Store) SeedRating(ctx context.Context, account, game string, r rating.Rating, now time.Time) (bool, error) {
	var stored bool
	err := s.write(ctx, fmt.Sprintf("seed the rating of %q in %s", account, game), func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO ratings (account, game, rating, rd, vol, games, updated) VALUES ($1, $2, $3, $4, $5, 0, $6)
			ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, updated = excluded.updated
			WHERE ratings.games = 0`, account, game, r.Rating, r.RD, r.Vol, nanos(now))
		stored = err == nil && tag.RowsAffected() > 0
		return err
	})
	return stored, err
}

// RatingHistory implements store.Store.
func (s *Store) RatingHistory(ctx context.Context, account, game string) ([]store.RatingChange, error) {
	rows, err := s.pool.Query(ctx, `SELECT game_id, rating_before, rd_before, vol_before, rating_after, rd_after, vol_after, time
		FROM rating_history WHERE account = $1 AND game = $2 ORDER BY time, game_id`, account, game)
	if err != nil {
		return nil, fmt.Errorf("postgres: rating history of %q in %s: %w", account, game, err)
	}
	defer rows.Close()
	var cs []store.RatingChange
	for rows.Next() {
		c := store.RatingChange{Account: account, Game: game}
		var t int64
		if err := rows.Scan(&c.GameID, &c.Before.Rating, &c.Before.RD, &c.Before.Vol, &c.After.Rating, &c.After.RD, &c.After.Vol, &t); err != nil {
			return nil, fmt.Errorf("postgres: rating history of %q in %s: %w", account, game, err)
		}
		c.Time = fromNanos(t)
		cs = append(cs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: rating history of %q in %s: %w", account, game, err)
	}
	return cs, nil
}
