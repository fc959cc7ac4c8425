package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"plateau/store"
)

const tournamentCols = "id, kind, game, name, creator, spec, starts, status, created, version"

// dbNow is the database's clock in unix nanoseconds: leases expire on it,
// whichever instance's clock is off.
const dbNow = "(extract(epoch from clock_timestamp()) * 1000000000)::bigint"

func scanTournament(row pgx.Row) (*store.Tournament, error) {
	var t store.Tournament
	var spec string
	var starts, created int64
	if err := row.Scan(&t.ID, &t.Kind, &t.Game, &t.Name, &t.Creator, &spec, &starts, &t.Status, &created, &t.Version); err != nil {
		return nil, err
	}
	t.Spec, t.Starts, t.Created = []byte(spec), fromNanos(starts), fromNanos(created)
	return &t, nil
}

// CreateTournament implements store.Tournaments.
func (s *Store) CreateTournament(ctx context.Context, t *store.Tournament) error {
	return s.write(ctx, fmt.Sprintf("create tournament %q", t.ID), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO tournaments ("+tournamentCols+") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0)",
			t.ID, t.Kind, t.Game, t.Name, t.Creator, string(t.Spec), nanos(t.Starts), t.Status, nanos(t.Created))
		switch code, _ := pgCode(err); code {
		case uniqueViolation:
			return store.ErrExists
		case foreignKeyViolation:
			return fmt.Errorf("creator %q: %w", t.Creator, store.ErrNotFound)
		}
		return err
	})
}

// Tournament implements store.Tournaments.
func (s *Store) Tournament(ctx context.Context, id string) (*store.Tournament, error) {
	t, err := scanTournament(s.pool.QueryRow(ctx, "SELECT "+tournamentCols+" FROM tournaments WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: tournament %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: tournament %q: %w", id, err)
	}
	return t, nil
}

// Tournaments implements store.Tournaments.
func (s *Store) Tournaments(ctx context.Context, statuses []string, limit int) ([]*store.Tournament, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, "SELECT "+tournamentCols+` FROM tournaments
		WHERE coalesce(cardinality($1::text[]), 0) = 0 OR status = ANY($1) ORDER BY starts, id LIMIT $2`, statuses, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: list tournaments: %w", err)
	}
	defer rows.Close()
	out := []*store.Tournament{}
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: list tournaments: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: list tournaments: %w", err)
	}
	return out, nil
}

// CountTournaments implements store.Tournaments.
func (s *Store) CountTournaments(ctx context.Context, creator string, since time.Time) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, "SELECT count(*) FROM tournaments WHERE creator = $1 AND created >= $2", creator, nanos(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: count the tournaments of %q: %w", creator, err)
	}
	return n, nil
}

// AppendTournament implements store.Tournaments: the version check and
// the record's update are one statement, which holds the row's lock until
// the commit, so that of two appends of the same seq one fails.
func (s *Store) AppendTournament(ctx context.Context, id string, f store.Fence, events []store.TournamentEvent, status string) error {
	now := time.Now()
	return s.write(ctx, fmt.Sprintf("append to tournament %q", id), func(tx pgx.Tx) error {
		if f != (store.Fence{}) {
			var one int
			err := tx.QueryRow(ctx, `SELECT 1 FROM tournament_leases WHERE tournament_id = $1 AND owner = $2 AND token = $3
				AND expires > `+dbNow+` FOR SHARE`, id, f.Owner, f.Token).Scan(&one)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("%q with token %d: %w", f.Owner, f.Token, store.ErrFenced)
			}
			if err != nil {
				return err
			}
		}
		var from any // the version the events follow; nil when there are none
		for i, e := range events {
			if i == 0 {
				from = e.Seq - 1
			} else if e.Seq != events[i-1].Seq+1 {
				return fmt.Errorf("event seq %d after seq %d: %w", e.Seq, events[i-1].Seq, store.ErrConflict)
			}
		}
		tag, err := tx.Exec(ctx, `UPDATE tournaments SET version = version + $2, status = coalesce(nullif($3, ''), status)
			WHERE id = $1 AND ($4::bigint IS NULL OR version = $4)`, id, int64(len(events)), status, from)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			var version int64
			switch err := tx.QueryRow(ctx, "SELECT version FROM tournaments WHERE id = $1", id).Scan(&version); {
			case errors.Is(err, pgx.ErrNoRows):
				return store.ErrNotFound
			case err != nil:
				return err
			}
			return fmt.Errorf("event seq %d, want %d: %w", events[0].Seq, version+1, store.ErrConflict)
		}
		b := &pgx.Batch{}
		for _, e := range events {
			at := e.Time
			if at.IsZero() {
				at = now
			}
			data := string(e.Data)
			if data == "" {
				data = "null"
			}
			b.Queue("INSERT INTO tournament_events (tournament_id, seq, type, data, time) VALUES ($1, $2, $3, $4, $5)",
				id, e.Seq, e.Type, data, nanos(at))
		}
		return runBatch(ctx, tx, b, nil)
	})
}

// TournamentEvents implements store.Tournaments.
func (s *Store) TournamentEvents(ctx context.Context, id string, after int64) ([]store.TournamentEvent, error) {
	if _, err := s.Tournament(ctx, id); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, "SELECT seq, type, data, time FROM tournament_events WHERE tournament_id = $1 AND seq > $2 ORDER BY seq", id, after)
	if err != nil {
		return nil, fmt.Errorf("postgres: events of tournament %q: %w", id, err)
	}
	defer rows.Close()
	out := []store.TournamentEvent{}
	for rows.Next() {
		var e store.TournamentEvent
		var data string
		var at int64
		if err := rows.Scan(&e.Seq, &e.Type, &data, &at); err != nil {
			return nil, fmt.Errorf("postgres: events of tournament %q: %w", id, err)
		}
		e.Data, e.Time = []byte(data), fromNanos(at)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: events of tournament %q: %w", id, err)
	}
	return out, nil
}

// LeaseTournament implements store.Tournaments on the database's clock.
func (s *Store) LeaseTournament(ctx context.Context, id, owner string, ttl time.Duration) (int64, error) {
	var token int64
	err := s.write(ctx, fmt.Sprintf("lease tournament %q for %q", id, owner), func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO tournament_leases (tournament_id, owner, token, expires)
			SELECT t.id, $2, 1, `+dbNow+` + $3 FROM tournaments t WHERE t.id = $1
			ON CONFLICT (tournament_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires,
				token = CASE WHEN tournament_leases.owner = excluded.owner THEN tournament_leases.token ELSE tournament_leases.token + 1 END
			WHERE tournament_leases.owner = excluded.owner OR tournament_leases.expires <= `+dbNow+`
			RETURNING token`, id, owner, ttl.Nanoseconds()).Scan(&token)
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM tournaments WHERE id = $1", id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return store.ErrNotFound
		}
		return fmt.Errorf("held by another: %w", store.ErrFenced)
	})
	return token, err
}

// UnleaseTournament implements store.Tournaments.
func (s *Store) UnleaseTournament(ctx context.Context, id, owner string) error {
	return s.write(ctx, fmt.Sprintf("give up the lease of tournament %q for %q", id, owner), func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE tournament_leases SET expires = "+dbNow+" WHERE tournament_id = $1 AND owner = $2", id, owner)
		return err
	})
}

var _ store.Tournaments = (*Store)(nil)
