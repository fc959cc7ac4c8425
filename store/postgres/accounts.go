package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"plateau/store"
)

// pgCode returns the SQLSTATE and constraint of a PostgreSQL error, "" for
// another error.
func pgCode(err error) (code, constraint string) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code, pe.ConstraintName
	}
	return "", ""
}

const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

// CreateAccount implements store.Store.
func (s *Store) CreateAccount(ctx context.Context, a *store.Account) error {
	return s.write(ctx, fmt.Sprintf("create account %q", a.Name), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO accounts (id, name, name_key, password_hash, created) VALUES ($1, $2, $3, $4, $5)`,
			a.ID, a.Name, store.NameKey(a.Name), a.PasswordHash, nanos(a.Created))
		if code, constraint := pgCode(err); code == uniqueViolation {
			if strings.Contains(constraint, "name_key") {
				return store.ErrNameTaken
			}
			return fmt.Errorf("id %s: %w", a.ID, store.ErrExists)
		}
		return err
	})
}

// account reads one account by the column col.
func (s *Store) account(ctx context.Context, col, v string) (*store.Account, error) {
	var a store.Account
	var created int64
	err := s.pool.QueryRow(ctx, `SELECT id, name, password_hash, created FROM accounts WHERE `+col+` = $1`, v).
		Scan(&a.ID, &a.Name, &a.PasswordHash, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: account with %s %q: %w", col, v, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: account with %s %q: %w", col, v, err)
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
	return s.write(ctx, "create a session of account "+se.Account, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, account_id, created, last_seen, expires) VALUES ($1, $2, $3, $4, $5)`,
			se.TokenHash, se.Account, nanos(se.Created), nanos(se.LastSeen), nanos(se.Expires))
		switch code, _ := pgCode(err); code {
		case uniqueViolation:
			return fmt.Errorf("token: %w", store.ErrExists)
		case foreignKeyViolation:
			return fmt.Errorf("no such account: %w", store.ErrNotFound)
		}
		return err
	})
}

// Session implements store.Store.
func (s *Store) Session(ctx context.Context, tokenHash []byte) (*store.Session, error) {
	se := store.Session{TokenHash: tokenHash}
	var created, seen, expires int64
	err := s.pool.QueryRow(ctx, `SELECT account_id, created, last_seen, expires FROM sessions WHERE token_hash = $1`, tokenHash).
		Scan(&se.Account, &created, &seen, &expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: session: %w", store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: session: %w", err)
	}
	se.Created, se.LastSeen, se.Expires = fromNanos(created), fromNanos(seen), fromNanos(expires)
	return &se, nil
}

// TouchSession implements store.Store.
func (s *Store) TouchSession(ctx context.Context, tokenHash []byte, seen, expires time.Time) error {
	return s.write(ctx, "touch a session", func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE sessions SET last_seen = $1, expires = $2 WHERE token_hash = $3`, nanos(seen), nanos(expires), tokenHash)
		if err == nil && tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		return err
	})
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	return s.write(ctx, "delete a session", func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
		return err
	})
}

// deleteSessions deletes the sessions matching the condition where.
func (s *Store) deleteSessions(ctx context.Context, what, where string, arg any) (int, error) {
	var n int64
	err := s.write(ctx, what, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM sessions WHERE `+where, arg)
		n = tag.RowsAffected()
		return err
	})
	return int(n), err
}

// DeleteSessions implements store.Store.
func (s *Store) DeleteSessions(ctx context.Context, account string) (int, error) {
	return s.deleteSessions(ctx, "delete the sessions of account "+account, "account_id = $1", account)
}

// DeleteExpiredSessions implements store.Store.
func (s *Store) DeleteExpiredSessions(ctx context.Context, before time.Time) (int, error) {
	return s.deleteSessions(ctx, "delete expired sessions", "expires < $1", nanos(before))
}

// PlayerGames implements store.Store.
func (s *Store) PlayerGames(ctx context.Context, f store.PlayerFilter) ([]*store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	// The account's seats (index seats_account) give the games, then
	// sorted: the work grows with the player's games, not with all games.
	mine := "SELECT s.game_id FROM seats s WHERE s.account_id = " + arg(f.Account)
	if f.Result != "" {
		mine = "SELECT s.game_id FROM seats s JOIN games r ON r.id = s.game_id WHERE s.account_id = $1" +
			" AND r.status = " + arg(store.StatusFinished) + " AND (r.result::jsonb -> 'results' ->> s.seat) = " + arg(f.Result)
	}
	q := "SELECT " + gameCols + " FROM games WHERE id IN (" + mine + ")"
	if f.Game != "" {
		q += " AND game = " + arg(f.Game)
	}
	if f.Running {
		q += " AND status <> " + arg(store.StatusFinished)
	}
	q += " ORDER BY created DESC, id LIMIT " + arg(limit) + " OFFSET " + arg(max(f.Offset, 0))
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: games of account %s: %w", f.Account, err)
	}
	var gs []*store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("postgres: games of account %s: %w", f.Account, err)
		}
		gs = append(gs, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: games of account %s: %w", f.Account, err)
	}
	if err := s.loadSeats(ctx, gs); err != nil {
		return nil, err
	}
	return gs, nil
}
