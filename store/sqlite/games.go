package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"plateau/store"
)

// Create implements store.Store.
func (s *Store) Create(ctx context.Context, g *store.Game) error {
	variant, err := json.Marshal(g.Variant)
	if err != nil {
		return fmt.Errorf("sqlite: create %s: variant: %w", g.ID, err)
	}
	what := "create game " + g.ID
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var n int
		if err := s.stmt(tx, qGameExists).QueryRow(g.ID).Scan(&n); err != nil {
			return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
		}
		if n > 0 {
			return fmt.Errorf("sqlite: create game %s: %w", g.ID, store.ErrExists)
		}
		var result any
		if g.Result != nil {
			result = string(g.Result)
		}
		_, err := s.stmt(tx, qInsertGame).Exec(g.ID, g.Game, string(variant), g.Casual, g.Status, result, g.DiceSeed, g.RematchOf, nanos(g.Created), nanos(g.Updated),
			g.Clock.Initial.Milliseconds(), g.Clock.Increment.Milliseconds(), g.Clock.PerMove.Milliseconds(), g.Clock.Berserk, g.Rated)
		if err != nil {
			return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
		}
		for i, st := range g.Seats {
			if err := stop(ctx, what); err != nil {
				return err
			}
			var hash any // NULL for a seat without a token
			if len(st.TokenHash) > 0 {
				hash = st.TokenHash
			}
			var account any // NULL for a guest's or an AI seat
			if st.Account != "" {
				account = st.Account
			}
			_, err := s.stmt(tx, qInsertSeat).Exec(g.ID, i, st.Kind, st.Level, hash, st.Joined, st.Open, account)
			if err != nil {
				return fmt.Errorf("sqlite: create %s: seat %d: %w", g.ID, i, err)
			}
		}
		return nil
	})
}

const gameCols = `id, game, variant, casual, status, version, result, dice_seed, rematch_of, created, updated, clock_initial, clock_increment, clock_per_move, clock_berserk, moves, last_move, rated, signature`

type scanner interface{ Scan(...any) error }

// scanGame scans the gameCols of a row.
func scanGame(row scanner) (*store.Game, error) {
	var g store.Game
	var variant string
	var result, signature sql.NullString
	var created, updated, clockInitial, clockIncrement, clockPerMove, lastMove int64
	dest := []any{&g.ID, &g.Game, &variant, &g.Casual, &g.Status, &g.Version, &result, &g.DiceSeed, &g.RematchOf, &created, &updated,
		&clockInitial, &clockIncrement, &clockPerMove, &g.Clock.Berserk, &g.Moves, &lastMove, &g.Rated, &signature}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	g.Clock = store.Clock{Initial: time.Duration(clockInitial) * time.Millisecond, Increment: time.Duration(clockIncrement) * time.Millisecond,
		PerMove: time.Duration(clockPerMove) * time.Millisecond, Berserk: g.Clock.Berserk}
	if err := json.Unmarshal([]byte(variant), &g.Variant); err != nil {
		return nil, fmt.Errorf("game %s: variant %q: %w", g.ID, variant, err)
	}
	if result.Valid {
		g.Result = json.RawMessage(result.String)
	}
	if signature.Valid {
		g.Signature = json.RawMessage(signature.String)
	}
	g.Created, g.Updated = fromNanos(created), fromNanos(updated)
	if lastMove != 0 {
		g.LastMove = fromNanos(lastMove)
	}
	return &g, nil
}

// Game implements store.Store.
func (s *Store) Game(ctx context.Context, id string) (*store.Game, error) {
	g, err := scanGame(s.rst[qGame].QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: game %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: game %q: %w", id, err)
	}
	if err := s.loadSeats(ctx, []*store.Game{g}); err != nil {
		return nil, err
	}
	return g, nil
}

// loadSeats fills in the seats of gs.
func (s *Store) loadSeats(ctx context.Context, gs []*store.Game) error {
	if len(gs) == 0 {
		return nil
	}
	byID := make(map[string]*store.Game, len(gs))
	args := make([]any, len(gs))
	for i, g := range gs {
		byID[g.ID] = g
		args[i] = g.ID
	}
	var rows *sql.Rows
	var err error
	if len(gs) == 1 {
		rows, err = s.rst[qSeats].QueryContext(ctx, args...)
	} else {
		rows, err = s.r.QueryContext(ctx, strings.Replace(qSeats, "(?)", "(?"+strings.Repeat(",?", len(gs)-1)+")", 1), args...)
	}
	if err != nil {
		return fmt.Errorf("sqlite: seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int
		var st store.Seat
		var startHash []byte
		var startJoined bool
		var startAccount string
		if err := rows.Scan(&id, &n, &st.Kind, &st.Level, &st.TokenHash, &st.Joined, &st.Open, &st.Account, &st.Name,
			&startHash, &startJoined, &startAccount); err != nil {
			return fmt.Errorf("sqlite: seats: %w", err)
		}
		g := byID[id]
		if n != len(g.Seats) {
			return fmt.Errorf("sqlite: game %s: seat %d out of order", id, n)
		}
		g.Seats = append(g.Seats, st)
		g.Start = append(g.Start, store.StartSeat(st, startHash, startJoined, startAccount))
	}
	return rows.Err()
}

// List implements store.Store.
func (s *Store) List(ctx context.Context, f store.Filter) ([]*store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	q := "SELECT " + gameCols + " FROM games"
	var where []string
	var args []any
	if f.Status != "" {
		where = append(where, "status = ?")
		args = append(args, f.Status)
	}
	if f.Claimable {
		where = append(where, `EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.kind = 'human' AND s.open = 1
			AND (s.token_hash IS NULL OR length(s.token_hash) = 0))`)
	}
	// A game's active time: its last move's, or its creation's before any.
	const active = "(CASE WHEN last_move = 0 THEN created ELSE last_move END)"
	if !f.ActiveSince.IsZero() {
		where = append(where, active+" >= ?")
		args = append(args, nanos(f.ActiveSince))
	}
	if !f.IdleBefore.IsZero() {
		where = append(where, active+" < ?")
		args = append(args, nanos(f.IdleBefore))
	}
	if f.Moved {
		where = append(where, "moves > 0")
	}
	if f.WithHuman {
		where = append(where, "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.kind = 'human')")
	}
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created DESC, id LIMIT ?"
	args = append(args, limit)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	var gs []*store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlite: list: %w", err)
		}
		gs = append(gs, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list: %w", err)
	}
	if err := s.loadSeats(ctx, gs); err != nil {
		return nil, err
	}
	return gs, nil
}
