package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"plateau/rating"
	"plateau/store"
)

// AddPuzzles implements store.Store.
func (s *Store) AddPuzzles(ctx context.Context, ps []store.Puzzle) (int, error) {
	added := 0
	what := fmt.Sprintf("add %d puzzles", len(ps))
	err := s.write(ctx, what, func(tx *sql.Tx) error {
		added = 0
		for _, p := range ps {
			res, err := tx.Exec(`INSERT INTO puzzles (id, game, rating, rd, vol, attempts, solved, data, created)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
				p.ID, p.Game, p.Rating.Rating, p.Rating.RD, p.Rating.Vol, p.Attempts, p.Solved, string(p.Data), nanos(p.Created))
			if err != nil {
				return fmt.Errorf("sqlite: %s: puzzle %q: %w", what, p.ID, err)
			}
			if n, err := res.RowsAffected(); err == nil {
				added += int(n)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return added, nil
}

const puzzleCols = "id, game, rating, rd, vol, attempts, solved, data, created"

func scanPuzzle(sc interface{ Scan(...any) error }) (store.Puzzle, error) {
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
	p, err := scanPuzzle(s.r.QueryRowContext(ctx, "SELECT "+puzzleCols+" FROM puzzles WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("sqlite: puzzle %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("sqlite: puzzle %q: %w", id, err)
	}
	return p, nil
}

// NearPuzzles implements store.Store.
func (s *Store) NearPuzzles(ctx context.Context, q store.PuzzleQuery) ([]store.Puzzle, error) {
	if q.Limit <= 0 {
		q.Limit = 20
	}
	exclude, err := json.Marshal(append([]string{}, q.Exclude...))
	if err != nil {
		return nil, fmt.Errorf("sqlite: puzzles near %v: %w", q.Near, err)
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+puzzleCols+` FROM puzzles p WHERE game = ?
		AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.account = ? AND a.puzzle_id = p.id)
		AND id NOT IN (SELECT value FROM json_each(?))
		ORDER BY abs(rating - ?), id LIMIT ?`, q.Game, q.Account, string(exclude), q.Near, q.Limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s puzzles near %v: %w", q.Game, q.Near, err)
	}
	defer rows.Close()
	out := []store.Puzzle{}
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: %s puzzles near %v: %w", q.Game, q.Near, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: %s puzzles near %v: %w", q.Game, q.Near, err)
	}
	return out, nil
}

// CountPuzzles implements store.Store.
func (s *Store) CountPuzzles(ctx context.Context, game string) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM puzzles WHERE ? = '' OR game = ?", game, game).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: count the %s puzzles: %w", game, err)
	}
	return n, nil
}

const puzzlePlayerCols = "rating, rd, vol, attempts, solved, streak, best_streak, updated"

func scanPuzzlePlayer(sc interface{ Scan(...any) error }, p *store.PuzzlePlayer) error {
	var updated int64
	err := sc.Scan(&p.Rating.Rating, &p.Rating.RD, &p.Rating.Vol, &p.Attempts, &p.Solved, &p.Streak, &p.BestStreak, &updated)
	if err == nil {
		p.Updated = fromNanos(updated)
	}
	return err
}

// PuzzlePlayer implements store.Store.
func (s *Store) PuzzlePlayer(ctx context.Context, account, game string) (store.PuzzlePlayer, error) {
	return puzzlePlayer(ctx, s.r, account, game)
}

// rowQuerier is a *sql.DB or a *sql.Tx.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func puzzlePlayer(ctx context.Context, q rowQuerier, account, game string) (store.PuzzlePlayer, error) {
	p := store.PuzzlePlayer{Account: account, Game: game, Rating: rating.New()}
	err := scanPuzzlePlayer(q.QueryRowContext(ctx, "SELECT "+puzzlePlayerCols+" FROM puzzle_players WHERE account = ? AND game = ?", account, game), &p)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("sqlite: puzzle record of %q in %s: %w", account, game, err)
	}
	return p, nil
}

// AttemptPuzzle implements store.Store.
func (s *Store) AttemptPuzzle(ctx context.Context, a store.PuzzleAttempt, rate store.RatePuzzle) (store.PuzzleAttempt, bool, error) {
	what := fmt.Sprintf("record the attempt of %q at puzzle %q", a.Account, a.Puzzle)
	var out store.PuzzleAttempt
	var first bool
	err := s.write(ctx, what, func(tx *sql.Tx) error {
		var err error
		if out, first, err = attempt(ctx, tx, a, rate); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
	if err != nil {
		return store.PuzzleAttempt{}, false, err
	}
	return out, first, nil
}

// attempt is AttemptPuzzle's transaction.
func attempt(ctx context.Context, tx *sql.Tx, a store.PuzzleAttempt, rate store.RatePuzzle) (store.PuzzleAttempt, bool, error) {
	if prev, err := scanAttempt(tx.QueryRow("SELECT "+attemptCols+" FROM puzzle_attempts WHERE account = ? AND puzzle_id = ?",
		a.Account, a.Puzzle)); err == nil {
		return prev, false, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return a, false, err
	}
	var game string
	var n int
	if err := tx.QueryRow("SELECT count(*) FROM accounts WHERE id = ?", a.Account).Scan(&n); err != nil {
		return a, false, err
	}
	err := tx.QueryRow("SELECT game, rating, rd, vol FROM puzzles WHERE id = ?", a.Puzzle).
		Scan(&game, &a.PuzzleBefore.Rating, &a.PuzzleBefore.RD, &a.PuzzleBefore.Vol)
	if n == 0 || errors.Is(err, sql.ErrNoRows) {
		return a, false, store.ErrNotFound
	} else if err != nil {
		return a, false, err
	}
	p, err := puzzlePlayer(ctx, tx, a.Account, game)
	if err != nil {
		return a, false, err
	}
	a.PlayerBefore, a.PlayerAfter, a.PuzzleAfter = p.Rating, p.Rating, a.PuzzleBefore
	if err := store.ApplyAttempt(&p, &a, rate); err != nil {
		return a, false, err
	}
	if _, err := tx.Exec(`INSERT INTO puzzle_players (account, game, `+puzzlePlayerCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (account, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
			attempts = excluded.attempts, solved = excluded.solved, streak = excluded.streak,
			best_streak = excluded.best_streak, updated = excluded.updated`,
		a.Account, game, p.Rating.Rating, p.Rating.RD, p.Rating.Vol, p.Attempts, p.Solved, p.Streak, p.BestStreak, nanos(a.Time)); err != nil {
		return a, false, fmt.Errorf("puzzle record: %w", err)
	}
	if a.Mode == store.PuzzleRated {
		if _, err := tx.Exec(`UPDATE puzzles SET rating = ?, rd = ?, vol = ?, attempts = attempts + 1, solved = solved + ? WHERE id = ?`,
			a.PuzzleAfter.Rating, a.PuzzleAfter.RD, a.PuzzleAfter.Vol, b2i(a.Solved), a.Puzzle); err != nil {
			return a, false, fmt.Errorf("puzzle rating: %w", err)
		}
	}
	rs, err := ratingsJSON(a)
	if err != nil {
		return a, false, err
	}
	if _, err := tx.Exec("INSERT INTO puzzle_attempts (account, puzzle_id, mode, solved, time, player_before, player_after, puzzle_before, puzzle_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
		a.Account, a.Puzzle, a.Mode, a.Solved, nanos(a.Time), rs[0], rs[1], rs[2], rs[3]); err != nil {
		return a, false, fmt.Errorf("attempt: %w", err)
	}
	return a, true, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

const attemptCols = "account, puzzle_id, mode, solved, time, player_before, player_after, puzzle_before, puzzle_after"

func scanAttempt(sc interface{ Scan(...any) error }) (store.PuzzleAttempt, error) {
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
	what := fmt.Sprintf("set the puzzle of %s", day)
	var got string
	err := s.write(ctx, what, func(tx *sql.Tx) error {
		_, err := tx.Exec("INSERT INTO daily_puzzles (day, puzzle_id) VALUES (?, ?) ON CONFLICT (day) DO NOTHING", day, id)
		if err == nil {
			err = tx.QueryRow("SELECT puzzle_id FROM daily_puzzles WHERE day = ?", day).Scan(&got)
		}
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return got, nil
}
