package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// Several server instances share one database (docs/cluster.md): every
// write to a game is notified on the schema's channel (NOTIFY, soon after
// its commit, see notes) with the game's id, and for an append of events
// its new version; a game's lease (table leases) names the instance that
// runs its clock and AI seats.

// channelName is the NOTIFY channel of the writes to the tables of schema:
// instances on other schemas of the database do not hear them.
func channelName(schema string) string {
	name := "plateau:" + schema
	if len(name) > 63 { // PostgreSQL's identifier length
		name = name[:63]
	}
	return name
}

// notes are the notifications of this store's writes waiting to be sent:
// the greatest version appended to each game since the last sending, and
// whether its record changed. They are sent apart from the writes, by
// sendNotes, in batches: a NOTIFY in a write's transaction would hold
// PostgreSQL's notification lock until that write's commit is flushed to
// disk, one write at a time, so that the writes of all the instances
// would queue for the disk one by one (450 appends/s instead of 1,700 on
// this project's machine). A note lost when its instance dies between a
// commit and the sending is made up for by Versions.
type notes struct {
	mu      sync.Mutex
	pending map[string]note
	wake    chan struct{} // a note is pending
	quit    chan struct{}
	done    chan struct{}
	once    sync.Once
}

type note struct {
	version int64 // events appended up to this version (0: none)
	record  bool  // the game's record changed
}

func newNotes() *notes {
	return &notes{pending: map[string]note{}, wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
}

// add notes a write to game id: events appended up to version, or a
// change of its record (version 0).
func (n *notes) add(id string, version int64) {
	n.mu.Lock()
	p := n.pending[id]
	if version > 0 {
		p.version = max(p.version, version)
	} else {
		p.record = true
	}
	n.pending[id] = p
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// take returns the payloads of the pending notes and forgets them.
func (n *notes) take() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []string
	for id, p := range n.pending {
		if p.version > 0 {
			out = append(out, id+" "+strconv.FormatInt(p.version, 10))
		}
		if p.record {
			out = append(out, id)
		}
	}
	clear(n.pending)
	return out
}

// stop makes sendNotes send what is pending and return, and waits for it.
func (n *notes) stop() {
	n.once.Do(func() { close(n.quit) })
	<-n.done
}

// sendNotes sends the pending notes, a batch at a time, until stopped.
// Each batch is one transaction with synchronous_commit off: the
// notifications need not wait for the disk (the writes they tell of are
// durable already).
func (s *Store) sendNotes() {
	defer close(s.notes.done)
	for {
		stopping := false
		select {
		case <-s.notes.wake:
		case <-s.notes.quit:
			stopping = true
		}
		if payloads := s.notes.take(); len(payloads) > 0 {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			s.notify(ctx, payloads) // lost on error: Versions makes up for it
			cancel()
		}
		if stopping {
			return
		}
	}
}

// notify sends the payloads on the schema's channel.
func (s *Store) notify(ctx context.Context, payloads []string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	b := &pgx.Batch{}
	b.Queue("SET LOCAL synchronous_commit = off")
	b.Queue("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", s.channel, payloads)
	if err := runBatch(ctx, tx, b, nil); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Versions implements store.Notifier.
func (s *Store) Versions(ctx context.Context, ids []string) (map[string]int64, error) {
	out := make(map[string]int64, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, "SELECT id, version FROM games WHERE id = ANY($1)", ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: versions of %d games: %w", len(ids), err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, fmt.Errorf("postgres: versions of %d games: %w", len(ids), err)
		}
		out[id] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: versions of %d games: %w", len(ids), err)
	}
	return out, nil
}

// parseNote reads a notification's payload: "id version" or "id".
func parseNote(payload string) (store.Note, error) {
	id, v, ok := strings.Cut(payload, " ")
	if !ok {
		return store.Note{Game: payload}, nil
	}
	version, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id == "" {
		return store.Note{}, fmt.Errorf("notification %q: want a game id and a version", payload)
	}
	return store.Note{Game: id, Version: version}, nil
}

// listenRetry is the pause before reconnecting a lost listener.
const listenRetry = 500 * time.Millisecond

// Listen implements store.Notifier on a connection of its own (outside
// the pool), LISTENing on the schema's channel.
func (s *Store) Listen(ctx context.Context, fn func(store.Note)) error {
	for {
		err := s.listen(ctx, fn)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		_ = err // a lost connection: reconnect
		t := time.NewTimer(listenRetry)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// listen connects, listens, tells fn that notes may have been missed,
// then passes on notes until the connection fails or ctx ends.
func (s *Store) listen(ctx context.Context, fn func(store.Note)) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("postgres: listen: connect to %s: %w", s.where, err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return fmt.Errorf("postgres: listen on %s: %w", s.where, err)
	}
	fn(store.Note{}) // what was written before LISTEN took effect
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("postgres: listen on %s: %w", s.where, err)
		}
		note, err := parseNote(n.Payload)
		if err != nil {
			continue // not ours
		}
		fn(note)
	}
}

// Lease implements store.Leaser in one statement. The token changes only
// when the lease changes owner. The rows are locked in the order of the
// games' ids, so that two instances leasing the same games at once wait
// for each other instead of deadlocking.
func (s *Store) Lease(ctx context.Context, owner string, ids []string, ttl time.Duration) (map[string]int64, error) {
	if len(ids) == 0 {
		return map[string]int64{}, nil
	}
	rows, err := s.pool.Query(ctx, `INSERT INTO leases (game_id, owner, token, expires)
		SELECT g.id, $1, 1, now() + $3 * interval '1 millisecond' FROM games g WHERE g.id = ANY($2) ORDER BY g.id
		ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires,
			token = CASE WHEN leases.owner = excluded.owner THEN leases.token ELSE leases.token + 1 END
		WHERE leases.owner = excluded.owner OR leases.expires <= now()
		RETURNING game_id, token`, owner, ids, ttl.Milliseconds())
	if err != nil {
		return nil, fmt.Errorf("postgres: lease %d games for %q: %w", len(ids), owner, err)
	}
	tokens, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (struct {
		id    string
		token int64
	}, error) {
		var x struct {
			id    string
			token int64
		}
		err := r.Scan(&x.id, &x.token)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: lease %d games for %q: %w", len(ids), owner, err)
	}
	out := make(map[string]int64, len(tokens))
	for _, x := range tokens {
		out[x.id] = x.token
	}
	return out, nil
}

// Unlease implements store.Leaser: the leases expire now, keeping their
// tokens (the next owner's is greater).
func (s *Store) Unlease(ctx context.Context, owner string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `UPDATE leases SET expires = now() WHERE owner = $1 AND game_id = ANY($2)`, owner, ids); err != nil {
		return fmt.Errorf("postgres: give up %d leases of %q: %w", len(ids), owner, err)
	}
	return nil
}

// AppendFenced implements store.Leaser.
func (s *Store) AppendFenced(ctx context.Context, id, owner string, token int64, events []store.Event, upd *store.Update) error {
	return s.appendFenced(ctx, id, &fence{owner: owner, token: token}, events, upd)
}

var (
	_ store.Notifier = (*Store)(nil)
	_ store.Leaser   = (*Store)(nil)
)
