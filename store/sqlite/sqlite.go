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
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
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

// groupWindow is how long the writer holds a transaction open for more
// writes when others are already waiting: under load a commit's cost (its
// fsync, the WAL frames of the pages writes share) is paid once for more
// writes. At 2,260 moves a second on two cores, commits of 2 writes on
// average cost 0.39 ms of server CPU a move and commits of 8 (this
// window) 0.34 ms, and the 99th percentile of a move's latency fell with
// it (docs/operations.md, 2026-12-05); a 1 ms window saved as much as 3 ms
// and added less to the median. A write that finds the queue empty
// commits at once: an idle server does not wait.
const groupWindow = 1 * time.Millisecond

// Store is a store.Store on one SQLite file.
type Store struct {
	r, w *sql.DB
	reqs chan *writeReq
	done chan struct{}

	mu     sync.RWMutex // guards closed against sends on reqs
	closed bool
	window time.Duration // groupWindow; tests lengthen it

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
	qSavepoint  = "SAVEPOINT w"
	qRollbackTo = "ROLLBACK TO w"
	qRelease    = "RELEASE w"
	qGameExists = "SELECT count(*) FROM games WHERE id = ?"
	qInsertGame = `INSERT INTO games (id, game, variant, casual, status, version, result, dice_seed, rematch_of, created, updated, clock_initial, clock_increment, clock_per_move, clock_berserk, rated) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qInsertSeat = `INSERT INTO seats (game_id, seat, kind, level, token_hash, joined, open, account_id, start_token_hash, start_joined, start_account_id)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?5, ?6, ?8)`
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
	qSeats = `SELECT s.game_id, s.seat, s.kind, s.level, s.token_hash, s.joined, s.open, coalesce(s.account_id, ''), coalesce(a.name, ''),
		s.start_token_hash, s.start_joined, coalesce(s.start_account_id, '')
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
	s := &Store{r: r, w: w, reqs: make(chan *writeReq, maxBatch), window: groupWindow, done: make(chan struct{}), wst: wst, rst: rst}
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
	window := time.NewTimer(time.Hour)
	window.Stop()
	for req := range s.reqs {
		batch = append(batch[:0], req)
		if len(s.reqs) > 0 { // others wait: hold the transaction for more
			window.Reset(s.window)
			batch = s.gather(batch, window.C)
			window.Stop()
		} else {
			batch = s.gather(batch, nil)
		}
		s.commit(batch)
	}
}

// gather appends to batch the writes queued, up to maxBatch, and those
// that arrive until held fires; with held nil, only those queued.
func (s *Store) gather(batch []*writeReq, held <-chan time.Time) []*writeReq {
	for len(batch) < maxBatch {
		if held == nil {
			select {
			case r, ok := <-s.reqs:
				if !ok {
					return batch
				}
				batch = append(batch, r)
			default:
				return batch
			}
			continue
		}
		select {
		case r, ok := <-s.reqs:
			if !ok {
				return batch
			}
			batch = append(batch, r)
		case <-held:
			return batch
		}
	}
	return batch
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

var _ store.Store = (*Store)(nil)
