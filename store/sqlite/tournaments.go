package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"plateau/store"
)

const tournamentCols = "id, kind, game, name, creator, spec, starts, status, created, version"

func scanTournament(sc interface{ Scan(...any) error }) (*store.Tournament, error) {
	var t store.Tournament
	var spec string
	var starts, created int64
	if err := sc.Scan(&t.ID, &t.Kind, &t.Game, &t.Name, &t.Creator, &spec, &starts, &t.Status, &created, &t.Version); err != nil {
		return nil, err
	}
	t.Spec, t.Starts, t.Created = []byte(spec), fromNanos(starts), fromNanos(created)
	return &t, nil
}

// CreateTournament implements store.Tournaments.
func (s *Store) CreateTournament(ctx context.Context, t *store.Tournament) error {
	what := fmt.Sprintf("create tournament %q", t.ID)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var taken, creator int
		err := tx.QueryRow("SELECT (SELECT count(*) FROM tournaments WHERE id = ?), (SELECT count(*) FROM accounts WHERE id = ?)",
			t.ID, t.Creator).Scan(&taken, &creator)
		switch {
		case err != nil:
			return fmt.Errorf("sqlite: %s: %w", what, err)
		case taken > 0:
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrExists)
		case creator == 0:
			return fmt.Errorf("sqlite: %s: creator %q: %w", what, t.Creator, store.ErrNotFound)
		}
		_, err = tx.Exec("INSERT INTO tournaments ("+tournamentCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
			t.ID, t.Kind, t.Game, t.Name, t.Creator, string(t.Spec), nanos(t.Starts), t.Status, nanos(t.Created))
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// Tournament implements store.Tournaments.
func (s *Store) Tournament(ctx context.Context, id string) (*store.Tournament, error) {
	t, err := scanTournament(s.r.QueryRowContext(ctx, "SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: tournament %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: tournament %q: %w", id, err)
	}
	return t, nil
}

// Tournaments implements store.Tournaments.
func (s *Store) Tournaments(ctx context.Context, statuses []string, limit int) ([]*store.Tournament, error) {
	if limit <= 0 {
		limit = 100
	}
	q := "SELECT " + tournamentCols + " FROM tournaments"
	args := make([]any, 0, len(statuses)+1)
	if len(statuses) > 0 {
		q += " WHERE status IN (?" + strings.Repeat(", ?", len(statuses)-1) + ")"
		for _, st := range statuses {
			args = append(args, st)
		}
	}
	q += " ORDER BY starts, id LIMIT ?"
	rows, err := s.r.QueryContext(ctx, q, append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list tournaments: %w", err)
	}
	defer rows.Close()
	out := []*store.Tournament{}
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list tournaments: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list tournaments: %w", err)
	}
	return out, nil
}

// CountTournaments implements store.Tournaments.
func (s *Store) CountTournaments(ctx context.Context, creator string, since time.Time) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM tournaments WHERE creator = ? AND created >= ?", creator, nanos(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: count the tournaments of %q: %w", creator, err)
	}
	return n, nil
}

// AppendTournament implements store.Tournaments.
func (s *Store) AppendTournament(ctx context.Context, id string, f store.Fence, events []store.TournamentEvent, status string) error {
	what := fmt.Sprintf("append to tournament %q", id)
	now := time.Now()
	return s.write(ctx, what, func(tx *sql.Tx) error {
		var version int64
		err := tx.QueryRow("SELECT version FROM tournaments WHERE id = ?", id).Scan(&version)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if f != (store.Fence{}) {
			var n int
			err := tx.QueryRow("SELECT count(*) FROM tournament_leases WHERE tournament_id = ? AND owner = ? AND token = ? AND expires > ?",
				id, f.Owner, f.Token, nanos(now)).Scan(&n)
			if err != nil {
				return fmt.Errorf("sqlite: %s: %w", what, err)
			}
			if n == 0 {
				return fmt.Errorf("sqlite: %s: %q with token %d: %w", what, f.Owner, f.Token, store.ErrFenced)
			}
		}
		for i, e := range events {
			if e.Seq != version+int64(i)+1 {
				return fmt.Errorf("sqlite: %s: event seq %d, want %d: %w", what, e.Seq, version+int64(i)+1, store.ErrConflict)
			}
			at := e.Time
			if at.IsZero() {
				at = now
			}
			data := string(e.Data)
			if data == "" {
				data = "null"
			}
			if _, err := tx.Exec("INSERT INTO tournament_events (tournament_id, seq, type, data, time) VALUES (?, ?, ?, ?, ?)",
				id, e.Seq, e.Type, data, nanos(at)); err != nil {
				return fmt.Errorf("sqlite: %s: %w", what, err)
			}
		}
		_, err = tx.Exec("UPDATE tournaments SET version = ?, status = CASE WHEN ? = '' THEN status ELSE ? END WHERE id = ?",
			version+int64(len(events)), status, status, id)
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

// TournamentEvents implements store.Tournaments.
func (s *Store) TournamentEvents(ctx context.Context, id string, after int64) ([]store.TournamentEvent, error) {
	if _, err := s.Tournament(ctx, id); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, "SELECT seq, type, data, time FROM tournament_events WHERE tournament_id = ? AND seq > ? ORDER BY seq", id, after)
	if err != nil {
		return nil, fmt.Errorf("sqlite: events of tournament %q: %w", id, err)
	}
	defer rows.Close()
	out := []store.TournamentEvent{}
	for rows.Next() {
		var e store.TournamentEvent
		var data string
		var at int64
		if err := rows.Scan(&e.Seq, &e.Type, &data, &at); err != nil {
			return nil, fmt.Errorf("sqlite: events of tournament %q: %w", id, err)
		}
		e.Data, e.Time = []byte(data), fromNanos(at)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: events of tournament %q: %w", id, err)
	}
	return out, nil
}

// LeaseTournament implements store.Tournaments, on this process's clock.
func (s *Store) LeaseTournament(ctx context.Context, id, owner string, ttl time.Duration) (int64, error) {
	what := fmt.Sprintf("lease tournament %q for %q", id, owner)
	var token int64
	err := s.write(ctx, what, func(tx *sql.Tx) error {
		now := time.Now()
		var n int
		if err := tx.QueryRow("SELECT count(*) FROM tournaments WHERE id = ?", id).Scan(&n); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		if n == 0 {
			return fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
		}
		err := tx.QueryRow(`INSERT INTO tournament_leases (tournament_id, owner, token, expires) VALUES (?1, ?2, 1, ?3)
			ON CONFLICT (tournament_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires,
				token = CASE WHEN tournament_leases.owner = excluded.owner THEN tournament_leases.token ELSE tournament_leases.token + 1 END
			WHERE tournament_leases.owner = excluded.owner OR tournament_leases.expires <= ?4
			RETURNING token`, id, owner, nanos(now.Add(ttl)), nanos(now)).Scan(&token)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("sqlite: %s: held by another: %w", what, store.ErrFenced)
		}
		if err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
	return token, err
}

// UnleaseTournament implements store.Tournaments.
func (s *Store) UnleaseTournament(ctx context.Context, id, owner string) error {
	what := fmt.Sprintf("give up the lease of tournament %q for %q", id, owner)
	return s.write(ctx, what, func(tx *sql.Tx) error {
		if _, err := tx.Exec("UPDATE tournament_leases SET expires = ? WHERE tournament_id = ? AND owner = ?", nanos(time.Now()), id, owner); err != nil {
			return fmt.Errorf("sqlite: %s: %w", what, err)
		}
		return nil
	})
}

var _ store.Tournaments = (*Store)(nil)
