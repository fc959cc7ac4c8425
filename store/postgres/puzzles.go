package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"plateau/rating"
	"plateau/store"
)

// AddPuzzles implements store.Store.
func (s *Store) AddPuzzles(ctx context.Context, ps []store.Puzzle) (int, error) {
	added := 0
	err := s.write(ctx, fmt.Sprintf("add %d puzzles", len(ps)), func(tx pgx.Tx) error {
		added = 0
		for _, p := range ps {
			tag, err := tx.Exec(ctx, `INSERT INTO puzzles (id, game, rating, rd, vol, attempts, solved, data, created)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
				p.ID, p.Game, p.Rating.Rating, p.Rating.RD, p.Rating.Vol, p.Attempts, p.Solved, string(p.Data), nanos(p.Created))
			if err != nil {
				return fmt.Errorf("puzzle %q: %w", p.ID, err)
			}
			added += int(tag.RowsAffected())
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return added, nil
}

const puzzleCols = "id, game, rating, rd, vol, attempts, solved, data, created"

func scanPuzzle(sc pgx.Row) (store.Puzzle, error) {
	var p store.Puzzle
	var data string
	var created int64
	if err := sc.Scan(&p.ID, &p.Game, &p.Rating.Rating, &p.Rating.RD, &p.Rating.Vol, &p.Attempts, &p.Solved, &data, &created); err != nil {
		return p, err
	}
	p.Data, p.Created = json.RawMessage(data), fromNanos(created)
	return p, nil
}

// Puzzle implements store.Store.
func (s *Store) Puzzle(ctx context.Context, id string) (store.Puzzle, error) {
	p, err := scanPuzzle(s.pool.QueryRow(ctx, "SELECT "+puzzleCols+" FROM puzzles WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return p, fmt.Errorf("postgres: puzzle %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("postgres: puzzle %q: %w", id, err)
	}
	return p, nil
}

// NearPuzzles implements store.Store.
func (s *Store) NearPuzzles(ctx context.Context, q store.PuzzleQuery) ([]store.Puzzle, error) {
	if q.Limit <= 0 {
		q.Limit = 20
	}
	rows, err := s.pool.Query(ctx, "SELECT "+puzzleCols+` FROM puzzles p WHERE game = $1
		AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.account = $2 AND a.puzzle_id = p.id)
		AND id <> ALL($3) ORDER BY abs(rating - $4), id LIMIT $5`, q.Game, q.Account, append([]string{}, q.Exclude...), q.Near, q.Limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s puzzles near %v: %w", q.Game, q.Near, err)
	}
	defer rows.Close()
	out := []store.Puzzle{}
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: %s puzzles near %v: %w", q.Game, q.Near, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: %s puzzles near %v: %w", q.Game, q.Near, err)
	}
	return out, nil
}

// CountPuzzles implements store.Store.
func (s *Store) CountPuzzles(ctx context.Context, game string) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, "SELECT count(*) FROM puzzles WHERE $1 = '' OR game = $1", game).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: count the %s puzzles: %w", game, err)
	}
	return n, nil
}

const puzzlePlayerCols = "rating, rd, vol, attempts, solved, streak, best_streak, updated"

// rowQuerier is the pool or a transaction.
type rowQuerier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func puzzlePlayer(ctx context.Context, q rowQuerier, account, game string, lock string) (store.PuzzlePlayer, error) {
	p := store.PuzzlePlayer{Account: account, Game: game, Rating: rating.New()}
	var updated int64
	err := q.QueryRow(ctx, "SELECT "+puzzlePlayerCols+" FROM puzzle_players WHERE account = $1 AND game = $2"+lock, account, game).
		Scan(&p.Rating.Rating, &p.Rating.RD, &p.Rating.Vol, &p.Attempts, &p.Solved, &p.Streak, &p.BestStreak, &updated)
	if err == nil {
		p.Updated = fromNanos(updated)
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return p, fmt.Errorf("postgres: puzzle record of %q in %s: %w", account, game, err)
	}
	return p, nil
}

// PuzzlePlayer implements store.Store.
func (s *Store) PuzzlePlayer(ctx context.Context, account, game string) (store.PuzzlePlayer, error) {
	return puzzlePlayer(ctx, s.pool, account, game, "")
}

// AttemptPuzzle implements store.Store. The attempt's row is inserted
// first (of two racing first attempts one inserts, the other waits and
// then finds it), then the player's record and the puzzle are locked, the
// player's first (no deadlock between two attempts).
func (s *Store) AttemptPuzzle(ctx context.Context, a store.PuzzleAttempt, rate store.RatePuzzle) (store.PuzzleAttempt, bool, error) {
	what := fmt.Sprintf("record the attempt of %q at puzzle %q", a.Account, a.Puzzle)
	var out store.PuzzleAttempt
	var first bool
	err := s.write(ctx, what, func(tx pgx.Tx) error {
		var err error
		out, first, err = attempt(ctx, tx, a, rate)
		return err
	})
	if err != nil {
		return store.PuzzleAttempt{}, false, err
	}
	return out, first, nil
}

// attempt is AttemptPuzzle's transaction.
func attempt(ctx context.Context, tx pgx.Tx, a store.PuzzleAttempt, rate store.RatePuzzle) (store.PuzzleAttempt, bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO puzzle_attempts (account, puzzle_id, mode, solved, time, player_before, player_after, puzzle_before, puzzle_after)
		SELECT a.id, p.id, $3, $4, $5, '', '', '', '' FROM accounts a, puzzles p WHERE a.id = $1 AND p.id = $2
		ON CONFLICT (account, puzzle_id) DO NOTHING`, a.Account, a.Puzzle, a.Mode, a.Solved, nanos(a.Time))
	if err != nil {
		return a, false, err
	}
	if tag.RowsAffected() == 0 {
		prev, err := scanAttempt(tx.QueryRow(ctx, "SELECT "+attemptCols+" FROM puzzle_attempts WHERE account = $1 AND puzzle_id = $2", a.Account, a.Puzzle))
		if errors.Is(err, pgx.ErrNoRows) {
			return a, false, store.ErrNotFound
		}
		return prev, false, err
	}
	var game string
	if err := tx.QueryRow(ctx, "SELECT game FROM puzzles WHERE id = $1", a.Puzzle).Scan(&game); err != nil {
		return a, false, err
	}
	n := rating.New()
	if _, err := tx.Exec(ctx, `INSERT INTO puzzle_players (account, game, `+puzzlePlayerCols+`) VALUES ($1, $2, $3, $4, $5, 0, 0, 0, 0, $6)
		ON CONFLICT (account, game) DO NOTHING`, a.Account, game, n.Rating, n.RD, n.Vol, nanos(a.Time)); err != nil {
		return a, false, fmt.Errorf("puzzle record: %w", err)
	}
	p, err := puzzlePlayer(ctx, tx, a.Account, game, " FOR UPDATE")
	if err != nil {
		return a, false, err
	}
	if err := tx.QueryRow(ctx, "SELECT rating, rd, vol FROM puzzles WHERE id = $1 FOR UPDATE", a.Puzzle).
		Scan(&a.PuzzleBefore.Rating, &a.PuzzleBefore.RD, &a.PuzzleBefore.Vol); err != nil {
		return a, false, err
	}
	a.PlayerBefore = p.Rating
	if err := store.ApplyAttempt(&p, &a, rate); err != nil {
		return a, false, err
	}
	if _, err := tx.Exec(ctx, `UPDATE puzzle_players SET rating = $3, rd = $4, vol = $5, attempts = $6, solved = $7, streak = $8,
		best_streak = $9, updated = $10 WHERE account = $1 AND game = $2`,
		a.Account, game, p.Rating.Rating, p.Rating.RD, p.Rating.Vol, p.Attempts, p.Solved, p.Streak, p.BestStreak, nanos(a.Time)); err != nil {
		return a, false, fmt.Errorf("puzzle record: %w", err)
	}
	if a.Mode == store.PuzzleRated {
		solved := 0
		if a.Solved {
			solved = 1
		}
		if _, err := tx.Exec(ctx, `UPDATE puzzles SET rating = $1, rd = $2, vol = $3, attempts = attempts + 1, solved = solved + $4 WHERE id = $5`,
			a.PuzzleAfter.Rating, a.PuzzleAfter.RD, a.PuzzleAfter.Vol, solved, a.Puzzle); err != nil {
			return a, false, fmt.Errorf("puzzle rating: %w", err)
		}
	}
	rs, err := ratingsJSON(a)
	if err != nil {
		return a, false, err
	}
	if _, err := tx.Exec(ctx, `UPDATE puzzle_attempts SET player_before = $3, player_after = $4, puzzle_before = $5, puzzle_after = $6
		WHERE account = $1 AND puzzle_id = $2`, a.Account, a.Puzzle, rs[0], rs[1], rs[2], rs[3]); err != nil {
		return a, false, fmt.Errorf("attempt: %w", err)
	}
	return a, true, nil
}

const attemptCols = "account, puzzle_id, mode, solved, time, player_before, player_after, puzzle_before, puzzle_after"

func scanAttempt(sc pgx.Row) (store.PuzzleAttempt, error) {
	var a store.PuzzleAttempt
	var t int64
	var rs [4]string
	if err := sc.Scan(&a.Account, &a.Puzzle, &a.Mode, &a.Solved, &t, &rs[0], &rs[1], &rs[2], &rs[3]); err != nil {
		return a, err
	}
	a.Time = fromNanos(t)
	for i, r := range []*rating.Rating{&a.PlayerBefore, &a.PlayerAfter, &a.PuzzleBefore, &a.PuzzleAfter} {
		if err := json.Unmarshal([]byte(rs[i]), r); err != nil {
			return a, fmt.Errorf("attempt's rating %q: %w", rs[i], err)
		}
	}
	return a, nil
}

// ratingsJSON is an attempt's four ratings as JSON.
func ratingsJSON(a store.PuzzleAttempt) ([4]string, error) {
	var out [4]string
	for i, r := range []rating.Rating{a.PlayerBefore, a.PlayerAfter, a.PuzzleBefore, a.PuzzleAfter} {
		b, err := json.Marshal(r)
		if err != nil {
			return out, fmt.Errorf("attempt's rating: %w", err)
		}
		out[i] = string(b)
	}
	return out, nil
}

// DailyPuzzle implements store.Store.
func (s *Store) DailyPuzzle(ctx context.Context, day, id string) (string, error) {
	var got string
	err := s.write(ctx, "set the puzzle of "+day, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO daily_puzzles (day, puzzle_id) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING", day, id); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT puzzle_id FROM daily_puzzles WHERE day = $1", day).Scan(&got)
	})
	if err != nil {
		return "", err
	}
	return got, nil
}
