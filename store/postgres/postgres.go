// Package postgres is the PostgreSQL implementation of store.Store, on
// github.com/jackc/pgx/v5 and its connection pool.
//
// Each write is one transaction: an Append's version check is the
// conditional update of the game's row (UPDATE ... WHERE version = the
// events' first seq - 1), whose row lock makes concurrent appends to a
// game wait for each other, so that exactly one of them finds the version
// it expects. The statements of a write are sent together (pgx batch), so
// a write costs three round trips (begin, statements, commit).
//
// Every call honours its context. A write whose context ends before its
// commit is rolled back and returns the context's error wrapped; the commit
// itself is not interrupted (an interrupted commit may have been durable),
// so a write never reports as failed a write that is durable, except when
// the commit's own timeout (commitTimeout) runs out.
//
// The schema is migrated with goose from the embedded migrations/
// directory when the store opens, under a PostgreSQL advisory lock so that
// several processes starting at once migrate once. Tables are created in
// the connection's search_path (the URL's search_path parameter chooses a
// schema).
package postgres

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"plateau/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

const (
	// commitTimeout bounds a commit, which does not stop with its caller's
	// context.
	commitTimeout = 30 * time.Second
	// sweepBatch bounds the games DeleteStale deletes in one transaction.
	sweepBatch = 200
	// defaultMaxConns is the pool's size when the URL has no
	// pool_max_conns.
	defaultMaxConns = 16
)

// Store is a store.Store on one PostgreSQL database.
type Store struct {
	pool  *pgxpool.Pool
	where string // the database, host and user, for errors (no password)
	// channel is the NOTIFY channel of the schema's writes, notes the
	// notifications waiting to be sent (see cluster.go).
	channel string
	notes   *notes
}

// Open connects to the database at dsn (a postgres:// URL or a libpq
// key=value string; pgx's parameters apply, e.g. pool_max_conns),
// migrates it to the latest schema and checks that it can write. Its
// errors name the database, host and user, never the password.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: bad database URL: %w", err) // pgx hides the password
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
	}
	cc := cfg.ConnConfig
	where := fmt.Sprintf("database %q on %s:%d as user %q", cc.Database, cc.Host, cc.Port, cc.User)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open %s: %w", where, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: cannot connect to %s: %w", where, err)
	}
	s := &Store{pool: pool, where: where}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	var schema string
	if err := pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s: current schema: %w", where, err)
	}
	s.channel = channelName(schema)
	s.notes = newNotes()
	go s.sendNotes()
	if err := s.CheckWrite(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s cannot write: %w", where, err)
	}
	return s, nil
}

// String names the store's database, host and user (no password).
func (s *Store) String() string { return s.where }

// migrate runs the goose migrations, holding a session advisory lock.
func (s *Store) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return fmt.Errorf("postgres: migrations lock: %w", err)
	}
	db := stdlib.OpenDBFromPool(s.pool)
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db, sub, goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate %s: %w", s.where, err)
	}
	return nil
}

// Close sends the notifications waiting, then closes the pool's
// connections, waiting for the ones in use.
func (s *Store) Close() error {
	s.notes.stop()
	s.pool.Close()
	return nil
}

// write runs fn in a transaction named what (for errors) and commits it.
// ctx is honoured until the commit: if it ends first, the transaction is
// rolled back and its error returned wrapped. fn's errors are wrapped with
// what.
func (s *Store) write(ctx context.Context, what string, fn func(pgx.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("postgres: %s: %w", what, err)
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %s: begin: %w", what, err)
	}
	rollback := func(err error) error {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		tx.Rollback(rctx) // a failed rollback closes the connection
		return fmt.Errorf("postgres: %s: %w", what, err)
	}
	if err := fn(tx); err != nil {
		return rollback(err)
	}
	if err := ctx.Err(); err != nil {
		return rollback(err)
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), commitTimeout)
	defer cancel()
	if err := tx.Commit(cctx); err != nil {
		return fmt.Errorf("postgres: %s: commit: %w", what, err)
	}
	return nil
}

// runBatch sends b and reads its results in order, returning the first
// error; check, if not nil, sees each statement's command tag and may
// stop with an error.
func runBatch(ctx context.Context, tx pgx.Tx, b *pgx.Batch, check func(i int, tag pgconn.CommandTag) error) error {
	br := tx.SendBatch(ctx, b)
	for i := range b.Len() {
		tag, err := br.Exec()
		if err == nil && check != nil {
			err = check(i, tag)
		}
		if err != nil {
			br.Close()
			return err
		}
	}
	return br.Close()
}

func nanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// nullJSON is j for a json parameter: NULL when j is nil.
func nullJSON(j json.RawMessage) any {
	if j == nil {
		return nil
	}
	return string(j)
}

// Create implements store.Store.
func (s *Store) Create(ctx context.Context, g *store.Game) error {
	variant, err := json.Marshal(g.Variant)
	if err != nil {
		return fmt.Errorf("postgres: create game %s: variant: %w", g.ID, err)
	}
	return s.write(ctx, "create game "+g.ID, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO games (id, game, variant, casual, status, version, result, dice_seed, rematch_of, created, updated, clock_initial, clock_increment, clock_per_move, clock_berserk, rated)
			VALUES ($1, $2, $3, $4, $5, 0, $6::json, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (id) DO NOTHING`,
			g.ID, g.Game, string(variant), g.Casual, g.Status, nullJSON(g.Result), g.DiceSeed, g.RematchOf, nanos(g.Created), nanos(g.Updated),
			g.Clock.Initial.Milliseconds(), g.Clock.Increment.Milliseconds(), g.Clock.PerMove.Milliseconds(), g.Clock.Berserk, g.Rated)
		for i, st := range g.Seats {
			var hash []byte // NULL for a seat without a token
			if len(st.TokenHash) > 0 {
				hash = st.TokenHash
			}
			var account *string // NULL for a guest's or an AI seat
			if st.Account != "" {
				account = &st.Account
			}
			b.Queue(`INSERT INTO seats (game_id, seat, kind, level, token_hash, joined, open, account_id, start_token_hash, start_joined, start_account_id)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $5, $6, $8)`,
				g.ID, i, st.Kind, st.Level, hash, st.Joined, st.Open, account)
		}
		return runBatch(ctx, tx, b, func(i int, tag pgconn.CommandTag) error {
			if i == 0 && tag.RowsAffected() == 0 {
				return store.ErrExists
			}
			return nil
		})
	})
}

const gameCols = `id, game, variant, casual, status, version, result, dice_seed, rematch_of, created, updated, clock_initial, clock_increment, clock_per_move, clock_berserk, moves, last_move, rated, signature`

// scanGame scans the gameCols of a row.
func scanGame(row pgx.Row) (*store.Game, error) {
	var g store.Game
	var variant, result, signature []byte
	var created, updated, clockInitial, clockIncrement, clockPerMove, lastMove int64
	if err := row.Scan(&g.ID, &g.Game, &variant, &g.Casual, &g.Status, &g.Version, &result, &g.DiceSeed, &g.RematchOf,
		&created, &updated, &clockInitial, &clockIncrement, &clockPerMove, &g.Clock.Berserk, &g.Moves, &lastMove, &g.Rated, &signature); err != nil {
		return nil, err
	}
	g.Clock = store.Clock{Initial: time.Duration(clockInitial) * time.Millisecond, Increment: time.Duration(clockIncrement) * time.Millisecond,
		PerMove: time.Duration(clockPerMove) * time.Millisecond, Berserk: g.Clock.Berserk}
	if err := json.Unmarshal(variant, &g.Variant); err != nil {
		return nil, fmt.Errorf("game %s: variant %q: %w", g.ID, variant, err)
	}
	if result != nil {
		g.Result = json.RawMessage(result)
	}
	if signature != nil {
		g.Signature = json.RawMessage(signature)
	}
	g.Created, g.Updated = fromNanos(created), fromNanos(updated)
	if lastMove != 0 {
		g.LastMove = fromNanos(lastMove)
	}
	return &g, nil
}

// Game implements store.Store.
func (s *Store) Game(ctx context.Context, id string) (*store.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, "SELECT "+gameCols+" FROM games WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: game %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: game %q: %w", id, err)
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
	ids := make([]string, len(gs))
	for i, g := range gs {
		byID[g.ID] = g
		ids[i] = g.ID
	}
	rows, err := s.pool.Query(ctx, `SELECT s.game_id, s.seat, s.kind, s.level, s.token_hash, s.joined, s.open,
		coalesce(s.account_id, ''), coalesce(a.name, ''), s.start_token_hash, s.start_joined, coalesce(s.start_account_id, '')
		FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
		WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat`, ids)
	if err != nil {
		return fmt.Errorf("postgres: seats: %w", err)
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
			return fmt.Errorf("postgres: seats: %w", err)
		}
		g := byID[id]
		if n != len(g.Seats) {
			return fmt.Errorf("postgres: game %s: seat %d out of order", id, n)
		}
		g.Seats = append(g.Seats, st)
		g.Start = append(g.Start, store.StartSeat(st, startHash, startJoined, startAccount))
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgres: seats: %w", err)
	}
	return nil
}

// List implements store.Store.
func (s *Store) List(ctx context.Context, f store.Filter) ([]*store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.Status != "" {
		where = append(where, "status = "+arg(f.Status))
	}
	if f.Claimable {
		where = append(where, `EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.kind = 'human' AND s.open
			AND (s.token_hash IS NULL OR length(s.token_hash) = 0))`)
	}
	// A game's active time: its last move's, or its creation's before any.
	const active = "(CASE WHEN last_move = 0 THEN created ELSE last_move END)"
	if !f.ActiveSince.IsZero() {
		where = append(where, active+" >= "+arg(nanos(f.ActiveSince)))
	}
	if !f.IdleBefore.IsZero() {
		where = append(where, active+" < "+arg(nanos(f.IdleBefore)))
	}
	if f.Moved {
		where = append(where, "moves > 0")
	}
	if f.WithHuman {
		where = append(where, "EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.kind = 'human')")
	}
	q := "SELECT " + gameCols + " FROM games"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY created DESC, id LIMIT " + arg(limit)
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: list: %w", err)
	}
	var gs []*store.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("postgres: list: %w", err)
		}
		gs = append(gs, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: list: %w", err)
	}
	if err := s.loadSeats(ctx, gs); err != nil {
		return nil, err
	}
	return gs, nil
}

// DeleteStale implements store.Store, in transactions of at most
// sweepBatch games. Games being written to are skipped (SKIP LOCKED): a
// write touches them.
func (s *Store) DeleteStale(ctx context.Context, before time.Time) (int, error) {
	total := 0
	for {
		var n int
		err := s.write(ctx, "delete stale games", func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `DELETE FROM games WHERE id IN (
				SELECT g.id FROM games g WHERE g.updated < $1 AND g.updated + g.clock_per_move * 1000000 < $1 AND g.status <> $2
				AND NOT EXISTS (SELECT 1 FROM events e JOIN seats s ON s.game_id = e.game_id AND s.seat = e.player
					WHERE e.game_id = g.id AND e.kind = 'move' AND s.kind = $3)
				LIMIT $4 FOR UPDATE OF g SKIP LOCKED)`, nanos(before), store.StatusFinished, store.Human, sweepBatch)
			n = int(tag.RowsAffected())
			return err
		})
		if err != nil {
			return total, err
		}
		total += n
		if n < sweepBatch {
			return total, nil
		}
	}
}

// CheckWrite implements store.Store: it rewrites the one row of table
// write_probe in a transaction, committed like the game writes.
func (s *Store) CheckWrite(ctx context.Context) error {
	return s.write(ctx, "check a write", func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO write_probe (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at`, nanos(time.Now()))
		return err
	})
}

var _ store.Store = (*Store)(nil)
