package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"plateau/store"
)

// CreateAccount implements store.Store.
func (s *Store) CreateAccount(ctx context.Context, a *store.Account) error {
	what := fmt.Sprintf("create account %q", a.Name)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var idTaken, nameTaken bool
		if err := tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?), EXISTS (SELECT 1 FROM accounts WHERE name_key = ?)`,
			a.ID, store.NameKey(a.Name)).Scan(&idTaken, &nameTaken); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		switch {
		case nameTaken:
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNameTaken)
		case idTaken:
			return fmt.Errorf("sqlite: %s: id %s: %w", what, a.ID, store.ErrExists)
		}
		if _, err := tx.Exec(`INSERT INTO accounts (id, name, name_key, password_hash, created) VALUES (?, ?, ?, ?, ?)`,
			a.ID, a.Name, store.NameKey(a.Name), a.PasswordHash, nanos(a.Created)); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// account reads one account by the column col.
func (s *Store) account(ctx context.Context, col, v string) (*store.Account, error) {
	var a store.Account
	var created int64
	err := s.r.QueryRowContext(ctx, `SELECT id, name, password_hash, created FROM accounts WHERE `+col+` = ?`, v).
		Scan(&a.ID, &a.Name, &a.PasswordHash, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: account with %s %q: %w", col, v, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: account with %s %q: %w", col, v, err)
	}
	a.Created = fromNanos(created)
	return &a, nil
}

// Account implements store.Store.
func (s *Store) Account(ctx context.Context, id string) (*store.Account, error) {
	return s.account(ctx, "id", id)
}

// AccountByName implements store.Store.
func (s *Store) AccountByName(ctx context.Context, name string) (*store.Account, error) {
	return s.account(ctx, "name_key", store.NameKey(name))
}

// CreateSession implements store.Store.
func (s *Store) CreateSession(ctx context.Context, se *store.Session) error {
	what := "create a session of account " + se.Account
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var account, taken bool
		if err := tx.QueryRow(`SELECT EXISTS (SELECT 1 FROM accounts WHERE id = ?), EXISTS (SELECT 1 FROM sessions WHERE token_hash = ?)`,
			se.Account, se.TokenHash).Scan(&account, &taken); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		switch {
		case !account:
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		case taken:
			return fmt.Errorf("sqlite: %s: token: %w", what, store.ErrExists)
		}
		if _, err := tx.Exec(`INSERT INTO sessions (token_hash, account_id, created, last_seen, expires) VALUES (?, ?, ?, ?, ?)`,
			se.TokenHash, se.Account, nanos(se.Created), nanos(se.LastSeen), nanos(se.Expires)); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// Session implements store.Store.
func (s *Store) Session(ctx context.Context, tokenHash []byte) (*store.Session, error) {
	se := store.Session{TokenHash: tokenHash}
	var created, seen, expires int64
	err := s.r.QueryRowContext(ctx, `SELECT account_id, created, last_seen, expires FROM sessions WHERE token_hash = ?`, tokenHash).
		Scan(&se.Account, &created, &seen, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: session: %w", store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: session: %w", err)
	}
	se.Created, se.LastSeen, se.Expires = fromNanos(created), fromNanos(seen), fromNanos(expires)
	return &se, nil
}

// TouchSession implements store.Store.
func (s *Store) TouchSession(ctx context.Context, tokenHash []byte, seen, expires time.Time) error {
	return s.write(ctx, "touch a session", func(tx *sql.Tx) error {
		res, err := tx.Exec(`UPDATE sessions SET last_seen = ?, expires = ? WHERE token_hash = ?`, nanos(seen), nanos(expires), tokenHash)
		if err != nil {
			return fmt.Errorf("sqlite: touch a session: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(fmt.Errorf("sqlite: touch a session: %w", store.ErrNotFound), err)
		}
		return nil
	})
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	return s.write(ctx, "delete a session", func(tx *sql.Tx) error {
		if _, err := tx.Exec(`DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
			return fmt.Errorf("sqlite: delete a session: %w", err)
		}
		return nil
	})
}

// deleteSessions deletes the sessions matching the condition where.
func (s *Store) deleteSessions(ctx context.Context, what, where string, arg any) (int, error) {
	var n int64
	err := s.write(ctx, what, func(tx *sql.Tx) error {
		res, err := tx.Exec(`DELETE FROM sessions WHERE `+where, arg)
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}

// DeleteSessions implements store.Store.
func (s *Store) DeleteSessions(ctx context.Context, account string) (int, error) {
	return s.deleteSessions(ctx, "delete the sessions of account "+account, "account_id = ?", account)
}

// DeleteExpiredSessions implements store.Store.
func (s *Store) DeleteExpiredSessions(ctx context.Context, before time.Time) (int, error) {
	return s.deleteSessions(ctx, "delete expired sessions", "expires < ?", nanos(before))
}

// PlayerGames implements store.Store.
func (s *Store) PlayerGames(ctx context.Context, f store.PlayerFilter) ([]*store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	// The account's seats (index seats_account) give the games, then
	// sorted: the work grows with the player's games, not with all games.
	mine := "SELECT s.game_id FROM seats s WHERE s.account_id = ?"
	args := []any{f.Account}
	if f.Result != "" {
		mine = `SELECT s.game_id FROM seats s JOIN games r ON r.id = s.game_id WHERE s.account_id = ?
			AND r.status = ? AND json_extract(r.result, '$.results[' || s.seat || ']') = ?`
		args = append(args, store.StatusFinished, f.Result)
	}
	q := "SELECT " + gameCols + " FROM games WHERE id IN (" + mine + ")"
	if f.Game != "" {
		q += " AND game = ?"
		args = append(args, f.Game)
	}
	if f.Running {
		q += " AND status <> ?"
		args = append(args, store.StatusFinished)
	}
	q += " ORDER BY created DESC, id LIMIT ? OFFSET ?"
	args = append(args, limit, max(f.Offset, 0))
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: games of account %s: %w", f.Account, err)
	}
	var gs []*store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlite: games of account %s: %w", f.Account, err)
		}
		gs = append(gs, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: games of account %s: %w", f.Account, err)
	}
	if err := s.loadSeats(ctx, gs); err != nil {
		return nil, err
	}
	return gs, nil
}
