package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"plateau/store"
)

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
		if err := s.projectSeats(tx, id, events); err != nil {
			return err
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
