package store

import (
	"context"
	"encoding/json"
	"time"
)

// Tournament statuses.
const (
	TournamentOpen     = "open"     // created, not started
	TournamentRunning  = "running"  // started
	TournamentFinished = "finished" // over
)

// Tournament is a tournament's record; its truth is its event log
// (TournamentEvent), the record keeps what the lobby lists.
type Tournament struct {
	ID      string
	Kind    string // "arena" or "swiss"
	Game    string // the engine id
	Name    string
	Creator string          // the creating account's id
	Spec    json.RawMessage // the settings (package server/tournament)
	Starts  time.Time
	Status  string // TournamentOpen, TournamentRunning or TournamentFinished
	Created time.Time
	Version int64 // the number of events in its log
}

// TournamentEvent is one event of a tournament's log: a player joined or
// left, a game was paired or ended, a round started, the tournament
// started or ended. Seq numbers a tournament's events from 1.
type TournamentEvent struct {
	Seq  int64
	Type string
	Data json.RawMessage
	Time time.Time
}

// Fence names the holder of a tournament's lease and its fencing token;
// the zero Fence appends without a lease.
type Fence struct {
	Owner string
	Token int64
}

// Tournaments keeps the tournaments, their event logs and their leases.
// Both stores implement it; it is not part of Store, so that a Store need
// not (tests' fakes).
type Tournaments interface {
	// CreateTournament stores a new tournament with version 0;
	// ErrExists if its id is taken, ErrNotFound if its creator is not an
	// account.
	CreateTournament(ctx context.Context, t *Tournament) error
	// Tournament returns a tournament's record; ErrNotFound if none.
	Tournament(ctx context.Context, id string) (*Tournament, error)
	// Tournaments returns the tournaments of the given statuses (all when
	// none is given), by start time then id, at most limit (<= 0: 100).
	Tournaments(ctx context.Context, statuses []string, limit int) ([]*Tournament, error)
	// CountTournaments counts the tournaments an account created at or
	// after since.
	CountTournaments(ctx context.Context, creator string, since time.Time) (int, error)
	// AppendTournament appends events to a tournament's log, their Seq
	// following its version (else nothing is written and the error wraps
	// ErrConflict), and sets its status unless status is "". A fenced
	// append (f not zero) is made only while f.Owner holds the
	// tournament's unexpired lease with token f.Token; otherwise the error
	// wraps ErrFenced. ErrNotFound if there is no such tournament.
	AppendTournament(ctx context.Context, id string, f Fence, events []TournamentEvent, status string) error
	// TournamentEvents returns a tournament's events after seq after, in
	// order; ErrNotFound if there is no such tournament.
	TournamentEvents(ctx context.Context, id string, after int64) ([]TournamentEvent, error)
	// LeaseTournament takes or renews for owner the lease of a
	// tournament, to expire ttl from now: taken when it has none or it
	// has expired, renewed when owner holds it. It returns the fencing
	// token, which grows each time the lease changes owner; the error
	// wraps ErrFenced when another owner holds it, ErrNotFound when there
	// is no such tournament.
	LeaseTournament(ctx context.Context, id, owner string, ttl time.Duration) (int64, error)
	// UnleaseTournament gives up owner's lease of a tournament (it
	// expires now, keeping its token).
	UnleaseTournament(ctx context.Context, id, owner string) error
}
