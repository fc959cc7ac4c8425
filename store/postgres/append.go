package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"plateau/store"
)

// Append implements store.Store. The events' seqs are checked against
// each other here, and against the game's version by the conditional
// update of the game's row, which comes first in the transaction.
func (s *Store) Append(ctx context.Context, id string, events []store.Event, upd *store.Update) error {
	return s.appendFenced(ctx, id, nil, events, upd)
}

// fence is the lease an append checks (see AppendFenced).
type fence struct {
	owner string
	token int64
}

// appendFenced appends, checking fence f if not nil: its check is the
// batch's first statement, which locks the lease's row (FOR SHARE) until
// the commit, so that the lease cannot change owner meanwhile.
func (s *Store) appendFenced(ctx context.Context, id string, f *fence, events []store.Event, upd *store.Update) error {
	now := time.Now()
	what := fmt.Sprintf("append to game %q", id)
	err := s.write(ctx, what, func(tx pgx.Tx) error {
		var from any              // the version the events follow; nil (any) when there are none
		var moves, lastMove int64 // the "move" events appended and the last one's time
		times := make([]int64, len(events))
		for i, e := range events {
			if i == 0 {
				from = e.Seq - 1
			} else if e.Seq != events[i-1].Seq+1 {
				return fmt.Errorf("event seq %d after seq %d: %w", e.Seq, events[i-1].Seq, store.ErrConflict)
			}
			times[i] = nanos(now)
			if !e.Time.IsZero() {
				times[i] = nanos(e.Time)
			}
			if e.Kind == store.KindMove {
				moves++
				lastMove = max(lastMove, times[i])
			}
		}
		status, result, signature := "", any(nil), any(nil)
		if upd != nil {
			status, result, signature = upd.Status, nullJSON(upd.Result), nullJSON(upd.Signature)
		}
		b := &pgx.Batch{}
		if f != nil {
			b.Queue(`SELECT 1 FROM leases WHERE game_id = $1 AND owner = $2 AND token = $3 AND expires > now() FOR SHARE`, id, f.owner, f.token)
		}
		first := b.Len() // the game's update
		b.Queue(`UPDATE games SET version = version + $2, updated = $3, moves = moves + $4,
			last_move = greatest(last_move, $5), status = coalesce(nullif($6, ''), status), result = coalesce($7::json, result),
			signature = coalesce($9::json, signature) WHERE id = $1 AND ($8::bigint IS NULL OR version = $8)`,
			id, int64(len(events)), nanos(now), moves, lastMove, status, result, from, signature)
		for i, e := range events {
			b.Queue(`INSERT INTO events (game_id, seq, kind, player, notation, data, time) VALUES ($1, $2, $3, $4, $5, $6::json, $7)`,
				id, e.Seq, e.Kind, e.Player, e.Notation, nullJSON(e.Data), times[i])
		}
		err := runBatch(ctx, tx, b, func(i int, tag pgconn.CommandTag) error {
			switch {
			case f != nil && i == 0 && tag.RowsAffected() == 0:
				return store.ErrFenced
			case i == first && tag.RowsAffected() == 0:
				return errStale
			}
			return nil
		})
		if err == nil {
			err = projectSeats(ctx, tx, id, events)
		}
		if err == nil && upd != nil && upd.Rate != nil {
			err = rate(ctx, tx, id, upd.Rate, now)
		}
		return err
	})
	if err == nil {
		var version int64
		if len(events) > 0 {
			version = events[len(events)-1].Seq
		}
		s.notes.add(id, version)
	}
	if !errors.Is(err, errStale) {
		return err
	}
	return s.staleError(ctx, what, id, events)
}

// staleError is the error of an append to game id that updated no row of
// games: no such game, or another version. The statements after the
// update may have failed for that reason too, aborting the transaction:
// it looks outside it.
func (s *Store) staleError(ctx context.Context, what, id string, events []store.Event) error {
	var version int64
	switch err := s.pool.QueryRow(ctx, "SELECT version FROM games WHERE id = $1", id).Scan(&version); {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("postgres: %s: %w", what, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("postgres: %s: %w", what, err)
	}
	if len(events) == 0 { // the game was created meanwhile
		return fmt.Errorf("postgres: %s: %w", what, store.ErrConflict)
	}
	return fmt.Errorf("postgres: %s: event seq %d, want %d: %w", what, events[0].Seq, version+1, store.ErrConflict)
}

// errStale stops an Append's batch when the game's row was not updated.
var errStale = errors.New("game not updated")

// Events implements store.Store.
func (s *Store) Events(ctx context.Context, id string, after int64) ([]store.Event, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, kind, player, notation, data, time FROM events
		WHERE game_id = $1 AND seq > $2 ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("postgres: events of %q: %w", id, err)
	}
	defer rows.Close()
	var evs []store.Event
	for rows.Next() {
		var e store.Event
		var data []byte
		var t int64
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Player, &e.Notation, &data, &t); err != nil {
			return nil, fmt.Errorf("postgres: events of %q: %w", id, err)
		}
		if data != nil {
			e.Data = json.RawMessage(data)
		}
		e.Time = fromNanos(t)
		evs = append(evs, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: events of %q: %w", id, err)
	}
	return evs, nil
}
