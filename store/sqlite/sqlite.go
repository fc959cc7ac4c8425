// Package sqlite is the embedded SQLite implementation of store.Store
// (modernc.org/sqlite, no cgo).
//
// The database runs in WAL mode with synchronous=FULL, so a write that
// returned is on disk. All writes go through one writer goroutine that
// commits the writes queued meanwhile in one transaction (group commit),
// each in a savepoint of its own so that one failing write does not undo
// the others: many rooms writing at once share one fsync. Reads use a pool
// of connections. The schema is migrated with goose from the embedded
// migrations/ directory.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"plateau/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// maxBatch bounds the writes committed in one transaction.
const maxBatch = 256

// Store is a store.Store on one SQLite file.
type Store struct {
	r, w *sql.DB
	reqs chan *writeReq
	done chan struct{}

	mu     sync.RWMutex // guards closed against sends on reqs
	closed bool

	// OnCommit, if set before use, is called after each group commit with
	// the number of writes and the time the transaction took.
	OnCommit func(writes int, d time.Duration)

	// The hot statements, prepared once (SQLite no longer parses them on
	// each use): wst on the writer, rst on the readers. cur holds the
	// writer's statements bound to the current group transaction; only
	// the writer goroutine uses it.
	wst, rst stmts
	cur      txStmts
}

// stmts are prepared statements, by query.
type stmts map[string]*sql.Stmt

// prepare prepares queries on db.
func prepare(ctx context.Context, db *sql.DB, queries ...string) (stmts, error) {
	m := make(stmts, len(queries))
	for _, q := range queries {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			m.close()
			return nil, fmt.Errorf("prepare %q: %w", q, err)
		}
		m[q] = st
	}
	return m, nil
}

func (m stmts) close() {
	for _, st := range m {
		st.Close()
	}
}

// txStmts are the writer's prepared statements bound to one transaction.
type txStmts struct {
	tx *sql.Tx
	m  map[string]*sql.Stmt
}

// Queries prepared on the writer (see Store.stmt).
const (
	qSavepoint   = "SAVEPOINT w"
	qRollbackTo  = "ROLLBACK TO w"
	qRelease     = "RELEASE w"
	qGameExists  = "SELECT count(*) FROM games WHERE id = ?"
	qInsertGame  = `INSERT INTO games (id, game, variant, casual, status, version, result, dice_seed, rematch_of, created, updated, clock_initial, clock_increment, clock_per_move, rated) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qInsertSeat  = `INSERT INTO seats (game_id, seat, kind, level, token_hash, joined, open, account_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	qVersion     = "SELECT version FROM games WHERE id = ?"
	qInsertEvent = `INSERT INTO events (game_id, seq, kind, player, notation, data, time) VALUES (?, ?, ?, ?, ?, ?, ?)`
	qJoinSeat    = "UPDATE seats SET joined = 1 WHERE game_id = ? AND seat = ?"
	// qAdvance moves a game from version ?8 to ?1: the version check of an
	// append and its update of the game in one statement.
	qAdvance = `UPDATE games SET version = ?1, updated = ?2, moves = moves + ?3, last_move = max(last_move, ?4),
		status = CASE WHEN ?5 = '' THEN status ELSE ?5 END, result = coalesce(?6, result), signature = coalesce(?9, signature)
		WHERE id = ?7 AND version = ?8`
)

// Queries prepared on the readers.
const (
	qGame  = "SELECT " + gameCols + " FROM games WHERE id = ?"
	qSeats = `SELECT s.game_id, s.seat, s.kind, s.level, s.token_hash, s.joined, s.open, coalesce(s.account_id, ''), coalesce(a.name, '')
		FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id IN (?) ORDER BY s.game_id, s.seat`
	qEvents = `SELECT seq, kind, player, notation, data, time FROM events WHERE game_id = ? AND seq > ? ORDER BY seq`
)

// stmt returns the writer's prepared statement of query q bound to tx,
// the current group transaction. Only write closures call it.
func (s *Store) stmt(tx *sql.Tx, q string) *sql.Stmt {
	if s.cur.tx != tx {
		s.cur = txStmts{tx: tx, m: make(map[string]*sql.Stmt, 8)}
	}
	st, ok := s.cur.m[q]
	if !ok {
		st = tx.Stmt(s.wst[q])
		s.cur.m[q] = st
	}
	return st
}

type writeReq struct {
	ctx  context.Context
	what string // what the write does, for errors
	fn   func(*sql.Tx) error
	err  chan error
}

// open opens (creating if needed) the database file at path, with its
// directory, and migrates it to the latest schema.
func open(ctx context.Context, path string) (*Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("sqlite: create directory for %s: %w", path, err)
		}
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "auto_vacuum(INCREMENTAL)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(ON)"} {
		q.Add("_pragma", p)
	}
	dsn := "file:" + path + "?" + q.Encode()
	w, err := sql.Open("sqlite", dsn+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	sub, _ := fs.Sub(migrations, "migrations")
	p, err := goose.NewProvider(goose.DialectSQLite3, w, sub)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: migrate %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	wst, err := prepare(ctx, w, qSavepoint, qRollbackTo, qRelease, qGameExists, qInsertGame, qInsertSeat, qVersion, qInsertEvent, qJoinSeat, qAdvance)
	if err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	rst, err := prepare(ctx, r, qGame, qSeats, qEvents)
	if err != nil {
		wst.close()
		r.Close()
		w.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	s := &Store{r: r, w: w, reqs: make(chan *writeReq, maxBatch), done: make(chan struct{}), wst: wst, rst: rst}
	go s.writer()
	return s, nil
}

// Close waits for the queued writes to commit and closes the database.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.reqs)
	s.mu.Unlock()
	<-s.done
	s.wst.close()
	s.rst.close()
	return errors.Join(s.r.Close(), s.w.Close())
}

// write runs fn in the next group transaction and returns once it is
// durable (or failed). what names the write in errors.
//
// ctx is honoured until fn starts: a write whose ctx ends before it is
// queued, or while it waits in the queue, is not made and returns ctx's
// error wrapped. Once fn has started the write is not interrupted (an
// interrupted statement could roll back the whole group transaction, the
// other callers' writes with it), and write waits for its result, so that it
// never reports as failed a write that is durable. Closures check ctx
// between their statements (see stop).
func (s *Store) write(ctx context.Context, what string, fn func(*sql.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("sqlite: %s: %w", what, err)
	}
	req := &writeReq{ctx: ctx, what: what, fn: fn, err: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return fmt.Errorf("sqlite: %s: store is closed", what)
	}
	select {
	case s.reqs <- req:
		s.mu.RUnlock()
	case <-ctx.Done():
		s.mu.RUnlock()
		return fmt.Errorf("sqlite: %s: %w", what, ctx.Err())
	}
	return <-req.err
}

// stop returns ctx's error, wrapped with what, when ctx has ended: a write
// closure calls it between statements and returns the error, which rolls
// back the write's savepoint.
func stop(ctx context.Context, what string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("sqlite: %s: %w", what, err)
	}
	return nil
}

func (s *Store) writer() {
	defer close(s.done)
	batch := make([]*writeReq, 0, maxBatch)
	for req := range s.reqs {
		batch = append(batch[:0], req)
	drain:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-s.reqs:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		s.commit(batch)
	}
}

// commit runs a batch of writes in one transaction, each in a savepoint.
func (s *Store) commit(batch []*writeReq) {
	start := time.Now()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, r := range batch {
			r.err <- err
		}
	}
	tx, err := s.w.Begin()
	if err != nil {
		fail(fmt.Errorf("sqlite: begin: %w", err))
		return
	}
	defer func() { s.cur = txStmts{} }() // tx's statements close with it
	for i, r := range batch {
		if errs[i] = stop(r.ctx, r.what); errs[i] != nil {
			continue // cancelled while queued: not written
		}
		if _, err := s.stmt(tx, qSavepoint).Exec(); err != nil {
			tx.Rollback()
			fail(fmt.Errorf("sqlite: savepoint: %w", err))
			return
		}
		if errs[i] = r.fn(tx); errs[i] != nil {
			if _, err := s.stmt(tx, qRollbackTo).Exec(); err != nil {
				tx.Rollback()
				fail(fmt.Errorf("sqlite: rollback to savepoint after %v: %w", errs[i], err))
				return
			}
		}
		if _, err := s.stmt(tx, qRelease).Exec(); err != nil {
			tx.Rollback()
			fail(fmt.Errorf("sqlite: release savepoint: %w", err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("sqlite: commit: %w", err))
		return
	}
	if s.OnCommit != nil {
		s.OnCommit(len(batch), time.Since(start))
	}
	for i, r := range batch {
		r.err <- errs[i]
	}
}

func nanos(t time.Time) int64 { return t.UnixNano() }

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

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
			g.Clock.Initial.Milliseconds(), g.Clock.Increment.Milliseconds(), g.Clock.PerMove.Milliseconds(), g.Rated)
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

const gameCols = `id, game, variant, casual, status, version, result, dice_seed, rematch_of, created, updated, clock_initial, clock_increment, clock_per_move, moves, last_move, rated, signature`

type scanner interface{ Scan(...any) error }

// scanGame scans the gameCols of a row.
func scanGame(row scanner) (*store.Game, error) {
	var g store.Game
	var variant string
	var result, signature sql.NullString
	var created, updated, clockInitial, clockIncrement, clockPerMove, lastMove int64
	dest := []any{&g.ID, &g.Game, &variant, &g.Casual, &g.Status, &g.Version, &result, &g.DiceSeed, &g.RematchOf, &created, &updated,
		&clockInitial, &clockIncrement, &clockPerMove, &g.Moves, &lastMove, &g.Rated, &signature}
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	g.Clock = store.Clock{Initial: time.Duration(clockInitial) * time.Millisecond, Increment: time.Duration(clockIncrement) * time.Millisecond,
		PerMove: time.Duration(clockPerMove) * time.Millisecond}
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
		if err := rows.Scan(&id, &n, &st.Kind, &st.Level, &st.TokenHash, &st.Joined, &st.Open, &st.Account, &st.Name); err != nil {
			return fmt.Errorf("sqlite: seats: %w", err)
		}
		g := byID[id]
		if n != len(g.Seats) {
			return fmt.Errorf("sqlite: game %s: seat %d out of order", id, n)
		}
		g.Seats = append(g.Seats, st)
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

// Append implements store.Store. An append of n events runs n+1
// prepared statements: the game's update, which checks its version, then
// the inserts.
func (s *Store) Append(ctx context.Context, id string, events []store.Event, upd *store.Update) error {
	now := time.Now()
	what := "append to game " + strconv.Quote(id)
	var from int64 // the version the events follow
	if len(events) > 0 {
		from = events[0].Seq - 1
	}
	var moves, lastMove int64 // the "move" events appended and the last one's time
	for i, e := range events {
		if e.Seq != from+1+int64(i) {
			return fmt.Errorf("sqlite: %s: event seq %d follows %d: %w", what, e.Seq, e.Seq-1, store.ErrConflict)
		}
		if e.Kind == store.KindMove {
			moves++
			lastMove = max(lastMove, nanos(eventTime(e, now)))
		}
	}
	status, result, signature := "", any(nil), any(nil)
	if upd != nil {
		status = upd.Status
		if upd.Result != nil {
			result = string(upd.Result)
		}
		if upd.Signature != nil {
			signature = string(upd.Signature)
		}
	}
	return s.write(ctx, what, func(tx *sql.Tx) error {
		if len(events) == 0 { // nothing to check the version against
			err := s.stmt(tx, qVersion).QueryRow(id).Scan(&from)
			if errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
			}
			if err != nil {
				return fmt.Errorf("sqlite: %s: %w", what, err)
			}
		}
		res, err := s.stmt(tx, qAdvance).Exec(from+int64(len(events)), nanos(now), moves, lastMove, status, result, id, from, signature)
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		} else if n == 0 {
			var version int64
			err := s.stmt(tx, qVersion).QueryRow(id).Scan(&version)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
			case err != nil:
				return fmt.Errorf("sqlite: %s: %w", what, err)
			}
			return fmt.Errorf("sqlite: %s: event seq %d, want %d: %w", what, from+1, version+1, store.ErrConflict)
		}
		for _, e := range events {
			if err := stop(ctx, what); err != nil {
				return err
			}
			var data any
			if e.Data != nil {
				data = string(e.Data)
			}
			if _, err := s.stmt(tx, qInsertEvent).Exec(id, e.Seq, e.Kind, e.Player, e.Notation, data, nanos(eventTime(e, now))); err != nil {
				return fmt.Errorf("sqlite: %s: event %d: %w", what, e.Seq, err)
			}
		}
		if upd != nil {
			for _, seat := range upd.Joined {
				if _, err := s.stmt(tx, qJoinSeat).Exec(id, seat); err != nil {
					return fmt.Errorf("sqlite: game %q: join seat %d: %w", id, seat, err)
				}
			}
		}
		if upd != nil && upd.Rate != nil {
			return rate(tx, id, upd.Rate, now)
		}
		return nil
	})
}

// eventTime is e's time, or now if it has none.
func eventTime(e store.Event, now time.Time) time.Time {
	if e.Time.IsZero() {
		return now
	}
	return e.Time
}

// Claim implements store.Store.
func (s *Store) Claim(ctx context.Context, id string, seat int, tokenHash []byte) error {
	if len(tokenHash) == 0 {
		return fmt.Errorf("sqlite: claim seat %d of game %q: empty token hash", seat, id)
	}
	return s.write(ctx, fmt.Sprintf("claim seat %d of game %q", seat, id), func(tx *sql.Tx) error {
		res, err := tx.Exec(`UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ? AND open = 1 AND (token_hash IS NULL OR length(token_hash) = 0)`,
			tokenHash, id, seat)
		if err != nil {
			return fmt.Errorf("sqlite: claim seat %d of game %q: %w", seat, id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var open bool
		err = tx.QueryRow(`SELECT open FROM seats WHERE game_id = ? AND seat = ?`, id, seat).Scan(&open)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("sqlite: claim seat %d of game %q: %w", seat, id, store.ErrNotFound)
		case err != nil:
			return fmt.Errorf("sqlite: claim seat %d of game %q: %w", seat, id, err)
		case !open:
			return fmt.Errorf("sqlite: claim seat %d of game %q: %w", seat, id, store.ErrSeatNotOpen)
		}
		return fmt.Errorf("sqlite: claim seat %d of game %q: %w", seat, id, store.ErrSeatTaken)
	})
}

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	rows, err := s.rst[qEvents].QueryContext(ctx, id, after)
	if err != nil {
		return nil, fmt.Errorf("sqlite: events of %q: %w", id, err)
	}
	defer rows.Close()
	var evs []store.Event
	for rows.Next() {
		var e store.Event
		var data sql.NullString
		var t int64
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Player, &e.Notation, &data, &t); err != nil {
			return nil, fmt.Errorf("sqlite: events of %q: %w", id, err)
		}
		if data.Valid {
			e.Data = json.RawMessage(data.String)
		}
		e.Time = fromNanos(t)
		evs = append(evs, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: events of %q: %w", id, err)
	}
	return evs, nil
}

var _ store.Store = (*Store)(nil)
