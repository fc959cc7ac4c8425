package postgres

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

// Several server instances share one database (docs/cluster.md): every
// write to a game notifies the schema's channel (NOTIFY, sent at commit)
// with the game's id, and for an append of events its new version; a
// game's lease (table leases) names the instance that runs its clock and
// AI seats.

// channelName is the NOTIFY channel of the writes to the tables of schema:
// instances on other schemas of the database do not hear them.
func channelName(schema string) string {
	name := "plateau:" + schema
	if len(name) > 63 { // PostgreSQL's identifier length
		name = name[:63]
	}
	return name
}

// queueNote queues the notification of a write to game id: with the
// game's new version when events were appended.
func (s *Store) queueNote(b *pgx.Batch, id string, events bool) {
	if events {
		b.Queue(`SELECT pg_notify($1, $2 || ' ' || version) FROM games WHERE id = $2`, s.channel, id)
	} else {
		b.Queue(`SELECT pg_notify($1, $2)`, s.channel, id)
	}
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
// when the lease changes owner.
func (s *Store) Lease(ctx context.Context, owner string, ids []string, ttl time.Duration) (map[string]int64, error) {
	if len(ids) == 0 {
		return map[string]int64{}, nil
	}
	rows, err := s.pool.Query(ctx, `INSERT INTO leases (game_id, owner, token, expires)
		SELECT g.id, $1, 1, now() + $3 * interval '1 millisecond' FROM games g WHERE g.id = ANY($2)
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
