// Package store defines where Plateau's server keeps its games: the game
// records (game, variant, seats with hashed tokens, status, result, dice
// seed) and each game's append-only event log, numbered 1, 2, 3, ... with
// (game id, seq) unique.
//
// Implementations: store/sqlite (the embedded default) and store/postgres.
// Every implementation runs the conformance suite in store/storetest.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"plateau/rating"
)

// Errors returned by every implementation (wrapped).
var (
	// ErrNotFound: no game with that id.
	ErrNotFound = errors.New("not found")
	// ErrExists: a game with that id already exists.
	ErrExists = errors.New("already exists")
	// ErrConflict: an appended event's seq is not the game's version + 1
	// (another writer appended first, or the event is a duplicate).
	ErrConflict = errors.New("version conflict")
	// ErrSeatTaken: a claimed open seat already has its player.
	ErrSeatTaken = errors.New("seat already taken")
	// ErrSeatNotOpen: a claimed seat is not an open seat.
	ErrSeatNotOpen = errors.New("seat not open")
	// ErrNameTaken: an account with the same name, compared
	// case-insensitively (NameKey), exists.
	ErrNameTaken = errors.New("name taken")
)

// Game statuses.
const (
	StatusOpen     = "open"     // a human seat has never connected with its token
	StatusLive     = "live"     // every human seat has joined, not yet over
	StatusFinished = "finished" // over
)

// Seat kinds.
const (
	Human = "human"
	AI    = "ai"
)

// Seat is one player's place in a game.
type Seat struct {
	Kind  string `json:"kind"`            // Human or AI
	Level string `json:"level,omitempty"` // AI level
	// TokenHash is the SHA-256 of a human seat's secret token.
	TokenHash []byte `json:"-"`
	// Joined is set once the seat's token has connected (an event of
	// kind KindJoin).
	Joined bool `json:"joined,omitempty"`
	// Open marks a human seat that anyone may claim (an event of kind
	// KindClaim): it has no TokenHash until claimed. It stays set after
	// the claim.
	Open bool `json:"open,omitempty"`
	// Account is the id of the account the seat belongs to, "" for a
	// guest's (or an AI) seat. Create stores it; an event of kind
	// KindAccount sets it later.
	Account string `json:"account,omitempty"`
	// Name is the account's name, filled in when the store reads the seat
	// (Game, List, PlayerGames); Create and Append ignore it.
	Name string `json:"name,omitempty"`
}

// Claimable reports whether the seat is open and not yet claimed.
func (s Seat) Claimable() bool { return s.Kind == Human && s.Open && len(s.TokenHash) == 0 }

// Game is a game's record.
type Game struct {
	ID      string            // short random id
	Game    string            // engine id ("dames")
	Variant map[string]string // the complete configuration
	Casual  bool              // undo allowed
	// Rated: the game's end updates its players' ratings (Update.Rate);
	// never casual, every seat held by an account.
	Rated bool
	// Seats are the game's seats now: its Start seats with the seat
	// events of its log applied (see KindJoin), a projection that Append
	// keeps.
	Seats []Seat
	// Start are the seats the game's log starts from: as created (or,
	// for a game created before seat events, as they were when the store
	// was migrated to them). Create stores Seats as both; the reads fill
	// Start in with Seats.
	Start  []Seat
	Status string
	// Version is the seq of the game's last event (0 for none).
	Version int64
	// Result is the JSON outcome once finished, nil before.
	Result json.RawMessage
	// DiceSeed is the secret seed of the game's rolls; never shown before
	// the game is finished.
	DiceSeed []byte
	// RematchOf is the id of the game this one is a rematch of, if any.
	RematchOf string
	// Clock is the time control (zero: none).
	Clock   Clock
	Created time.Time
	Updated time.Time
	// Moves is the number of events of kind KindMove in the game's log and
	// LastMove the time of the last one (zero when there is none), kept by
	// Append.
	Moves    int
	LastMove time.Time
	// Signature is the server's signature of the finished game's record
	// (the JSON of a record.Signature, set by Update.Signature), nil when
	// unsigned. The store keeps it and never interprets it.
	Signature json.RawMessage
}

// KindMove is the kind of the events that count as moves (Game.Moves).
const KindMove = "move"

// KindBerserk is the kind of the event of a player who berserked in an
// arena's game (store.Clock.Berserk; package room applies it, and the
// tournament director reads it for the extra point).
const KindBerserk = "berserk"

// Active is when the game last moved: its last move, or its creation when
// it has none.
func (g *Game) Active() time.Time {
	if g.Moves == 0 || g.LastMove.IsZero() {
		return g.Created
	}
	return g.LastMove
}

// Clock is a time control: each timed seat has Initial time for the game
// and gains Increment after each of its moves; or, for correspondence,
// PerMove time for each move (Initial and Increment zero). Stored to the
// millisecond.
type Clock struct {
	Initial   time.Duration
	Increment time.Duration
	PerMove   time.Duration
	// Berserk allows each player, before their first move, to halve their
	// own clock and give up its increment (a berserk event): the games
	// of an arena that allows it.
	Berserk bool
}

// On reports whether the game is timed.
func (c Clock) On() bool { return c.Initial > 0 || c.PerMove > 0 }

// Correspondence reports whether the clock gives time per move.
func (c Clock) Correspondence() bool { return c.PerMove > 0 }

// Event is one entry of a game's log.
type Event struct {
	Seq    int64  // 1, 2, 3, ... within the game
	Kind   string // "move", "roll", "resign", "end", ...
	Player int    // the seat concerned, -1 for chance, -2 for none
	// Notation is the move in the game's notation, for move and roll events.
	Notation string
	// Data holds the event's other fields as a JSON object (may be nil).
	Data json.RawMessage
	Time time.Time
}

// Update is an optional change to the game record made in the same
// transaction as an append. Seats are not changed by an Update, only by
// the seat events appended (see KindJoin).
type Update struct {
	Status string          // new status, "" to keep
	Result json.RawMessage // new result, nil to keep
	// Rate, when set, updates ratings in the same transaction: the end
	// of a rated game.
	Rate *Rate
	// Signature, when not nil, replaces the game's signature: the
	// signature of the record as it is after the append, written in the
	// same transaction so that the log never goes without it.
	Signature json.RawMessage
}

// Rate is the rating update of a rated game's end.
type Rate struct {
	// Game is the rating's game (its pool: "shutbox").
	Game string
	// Accounts holds the account of each seat, in seat order.
	Accounts []string
	// Compute returns the ratings after the game from those before it,
	// one per account in order (rating.New() for an account not yet
	// rated in Game). The store calls it once, inside the transaction,
	// and writes what it returns with a history row per account.
	Compute func(before []rating.Rating) ([]rating.Rating, error)
}

// Rating is an account's rating in one game.
type Rating struct {
	Account string
	Name    string // the account's name ("" if it has none)
	Game    string
	rating.Rating
	Games   int       // rated games played
	Updated time.Time // the last one's end
}

// RatingChange is one row of an account's rating history: the rating
// before and after one rated game.
type RatingChange struct {
	Account string
	Game    string
	GameID  string // the rated game
	Before  rating.Rating
	After   rating.Rating
	Time    time.Time
}

// Board selects a leaderboard.
type Board struct {
	Game  string
	MaxRD float64 // keep ratings whose deviation is at most this (0: all)
	// MinGames keeps the ratings of at least this many rated games (0:
	// all).
	MinGames int
	Limit    int // at most this many (<= 0: 50)
}

// Review is a game's stored review (package review), kept with the game.
type Review struct {
	// Engine says what judged the moves (e.g. "level hard, 750ms a
	// search").
	Engine string
	// Report is the review.Report as JSON.
	Report json.RawMessage
	// Created is when it was stored.
	Created time.Time
}

// Deadline is when a game's running clock runs out (Store.SetDeadline).
type Deadline struct {
	Game string
	At   time.Time
	Seat int // the seat whose clock runs; -1 when not known
}

// Filter selects games for the lobby. Its conditions add up.
type Filter struct {
	Status string // "" for any
	Limit  int    // at most this many (<= 0: 50)
	// Claimable keeps only the games with a seat anyone may take (a
	// claimable open seat, see Seat.Claimable).
	Claimable bool
	// ActiveSince, when not zero, keeps only the games whose Active time
	// is at or after it; IdleBefore, when not zero, only those whose
	// Active time is before it.
	ActiveSince time.Time
	IdleBefore  time.Time
	// Moved keeps only the games with at least one move (Game.Moves);
	// WithHuman only those with a human seat (not between computers).
	Moved     bool
	WithHuman bool
}

// Account is a registered player.
type Account struct {
	ID string // random id chosen by the caller
	// Name is the name as the player wrote it. Names are unique compared
	// by NameKey.
	Name string
	// PasswordHash is the encoded password hash (a PHC string); the store
	// keeps it and never interprets it.
	PasswordHash string
	Created      time.Time
}

// NameKey is the form in which account names are compared: two names
// with the same key are the same name.
func NameKey(name string) string { return strings.ToLower(name) }

// Session is one signed-in browser of an account.
type Session struct {
	// TokenHash is the SHA-256 of the session cookie's secret token.
	TokenHash []byte
	Account   string // the account's id
	Created   time.Time
	LastSeen  time.Time
	Expires   time.Time
}

// Seat results, as a game.Outcome's results are written in a game's
// Result (PlayerFilter.Result).
const (
	Win  = "win"
	Draw = "draw"
	Loss = "loss"
)

// PlayerFilter selects the games an account holds a seat in.
type PlayerFilter struct {
	Account string // the account's id (required)
	Game    string // engine id; "" for any
	// Result keeps only the finished games in which the account's seat
	// has this result (Win, Draw, Loss: the entry of the results array
	// of the game's Result JSON at the seat's index); "" for any.
	Result string
	// Running keeps only the games not finished (open or live).
	Running bool
	Limit   int // at most this many (<= 0: 50)
	Offset  int // skip this many first
}

// Accounts keeps accounts, their sessions and the seats they hold. Part
// of Store.
type Accounts interface {
	// CreateAccount stores a new account. The error wraps ErrNameTaken
	// when an account's name has the same NameKey, ErrExists when its id
	// is taken.
	CreateAccount(ctx context.Context, a *Account) error
	// Account returns the account with that id; ErrNotFound if none.
	Account(ctx context.Context, id string) (*Account, error)
	// AccountByName returns the account whose name has the same NameKey as
	// name; ErrNotFound if none.
	AccountByName(ctx context.Context, name string) (*Account, error)
	// CreateSession stores a new session; ErrExists if its token hash is
	// taken, ErrNotFound if its account does not exist.
	CreateSession(ctx context.Context, s *Session) error
	// Session returns the session with that token hash, expired or not;
	// ErrNotFound if none.
	Session(ctx context.Context, tokenHash []byte) (*Session, error)
	// TouchSession sets a session's LastSeen and Expires; ErrNotFound if
	// there is no such session (e.g. it was deleted).
	TouchSession(ctx context.Context, tokenHash []byte, seen, expires time.Time) error
	// DeleteSession deletes one session; deleting a session that does not
	// exist is not an error.
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// DeleteSessions deletes every session of an account (sign out
	// everywhere) and returns how many it deleted.
	DeleteSessions(ctx context.Context, account string) (int, error)
	// DeleteExpiredSessions deletes the sessions that expire before
	// before and returns how many it deleted.
	DeleteExpiredSessions(ctx context.Context, before time.Time) (int, error)
	// PlayerGames returns the games in which the account holds a seat
	// matching f, newest first (by creation, then id), with their seats.
	PlayerGames(ctx context.Context, f PlayerFilter) ([]*Game, error)
}

// Store keeps games and their event logs. Its methods are safe for
// concurrent use.
type Store interface {
	Accounts
	FairPlay
	Puzzles

	// Create stores a new game with version 0 and no events; ErrExists if
	// its id is taken.
	Create(ctx context.Context, g *Game) error
	// Game returns a game's record; ErrNotFound if there is none.
	Game(ctx context.Context, id string) (*Game, error)
	// List returns games matching f, newest first.
	List(ctx context.Context, f Filter) ([]*Game, error)
	// Append atomically appends events to a game's log, projects its
	// seat events onto the game's seats (see KindJoin) and applies upd.
	// The events' seqs must be consecutive from the game's version + 1,
	// otherwise nothing is written and the error wraps ErrConflict; a seat
	// event that does not apply to the seats writes nothing either (see
	// KindClaim, KindAccount). When Append returns nil the events are
	// durable. An Append with no event only applies upd.
	Append(ctx context.Context, id string, events []Event, upd *Update) error
	// Events returns a game's events with seq > after, in order.
	Events(ctx context.Context, id string, after int64) ([]Event, error)
	// DeleteStale deletes the games never started and untouched since
	// before, with their seats and events, and returns how many it
	// deleted. A game is never started while it is not finished and no
	// human seat has moved in it (it may hold rolls and AI moves);
	// untouched means its record was last updated (created, joined,
	// appended to) before before, and for a correspondence game before
	// before less its time a move (Clock.PerMove): its first player may
	// take that long.
	DeleteStale(ctx context.Context, before time.Time) (int, error)
	// Ratings returns an account's ratings, one per game it has played
	// rated, by game id.
	Ratings(ctx context.Context, account string) ([]Rating, error)
	// RatingHistory returns an account's rating changes in a game, oldest
	// first.
	RatingHistory(ctx context.Context, account, game string) ([]RatingChange, error)
	// Leaderboard returns a game's ratings of one rated game or more
	// selected by b, highest first
	// (ties: more games first, then account).
	Leaderboard(ctx context.Context, b Board) ([]Rating, error)
	// RatedPairings counts the rated games created at or after since in
	// which accounts a and b both hold a seat (finished, aborted or not):
	// the limit on rated games between the same two players a day.
	RatedPairings(ctx context.Context, a, b string, since time.Time) (int, error)
	// SeedRating gives an account its starting rating in a game (the
	// computer levels' ratings from their published ladder): it stores r
	// when the account has no rating in game, or one that no rated game has
	// moved yet (Games 0), and leaves a rating of one rated game or more as
	// it is. It reports whether it stored r. Ratings lists a seeded rating
	// with 0 games; Leaderboard lists it once a rated game moved it.
	SeedRating(ctx context.Context, account, game string, r rating.Rating, now time.Time) (bool, error)
	// PutReview stores the review of a game (the JSON of a review.Report)
	// and the engine that made it, replacing the game's previous review;
	// ErrNotFound if there is no such game.
	PutReview(ctx context.Context, id, engine string, report json.RawMessage) error
	// Review returns a game's stored review; ErrNotFound if the game has
	// none (or does not exist).
	Review(ctx context.Context, id string) (*Review, error)
	// SetDeadline records when game id's running clock runs out (at)
	// and whose it is (seat, -1 if not known), or that it has none (at
	// zero), so that a game unloaded while its clock runs still ends on
	// time (Due). ErrNotFound if there is no such game.
	SetDeadline(ctx context.Context, id string, at time.Time, seat int) error
	// Due returns the deadlines at or before before of the games not
	// finished, earliest first, at most limit (<= 0: 100).
	Due(ctx context.Context, before time.Time, limit int) ([]Deadline, error)
	// Awaiting returns the deadlines of the correspondence games (a clock
	// with PerMove) not finished whose running clock is a seat of the
	// account (its id), earliest first, at most limit (<= 0: 100): the
	// games awaiting its move.
	Awaiting(ctx context.Context, account string, limit int) ([]Deadline, error)
	// CheckWrite makes one small durable write the way game writes are
	// made and returns its error: nil means the store could write just
	// now. Readiness checks call it.
	CheckWrite(ctx context.Context) error
	// Close releases the store's resources.
	Close() error
}

// ErrFenced: a fenced append was refused because its writer no longer
// holds the game's lease with that fencing token (see Leaser).
var ErrFenced = errors.New("lease lost")

// Note tells of a write to a game by any server instance sharing the
// store (see Notifier).
type Note struct {
	// Game is the game written to; "" when notes may have been missed
	// (the listener reconnected): every game may have changed.
	Game string
	// Version is the game's version after an append of events; 0 for a
	// write that changed only the game's record (its signature).
	Version int64
}

// Notifier is implemented by a store that several server instances may
// share (store/postgres): it tells each of them of every write to a game,
// whichever instance made it.
type Notifier interface {
	// Listen calls fn with a note soon after each committed Append (notes of one game may be merged: a note's version is then
	// the last), until ctx ends; it reconnects on its own after a lost
	// connection, then calls fn with Note{Game: ""}. It returns ctx's
	// error. A note may be lost when its writer dies just after its
	// commit: Versions tells what was missed.
	Listen(ctx context.Context, fn func(Note)) error
	// Versions returns the version of each of the games ids that exists.
	Versions(ctx context.Context, ids []string) (map[string]int64, error)
}

// Leaser is implemented by a store that several server instances may
// share: a game's lease names the one instance that runs its clock and
// its AI seats. A lease lasts until its expiry unless its owner renews
// it; its fencing token grows each time the lease changes owner.
type Leaser interface {
	// Lease takes or renews for owner the leases of games ids, to expire
	// ttl from now (the database's clock). A lease is taken when the game
	// has none or its lease has expired, renewed when owner holds it. It
	// returns the fencing token of each lease owner holds after the call.
	Lease(ctx context.Context, owner string, ids []string, ttl time.Duration) (map[string]int64, error)
	// Unlease gives up owner's leases of games ids.
	Unlease(ctx context.Context, owner string, ids []string) error
	// AppendFenced is Append made only while owner holds the game's
	// unexpired lease with token; otherwise nothing is written and the
	// error wraps ErrFenced.
	AppendFenced(ctx context.Context, id, owner string, token int64, events []Event, upd *Update) error
}

// ErrTimeout wraps the error of a write whose outcome was not known by its
// deadline (WithDeadline).
var ErrTimeout = errors.New("write still in progress at its deadline")

// WithDeadline runs write and waits at most d for it: a stalled disk does
// not hold the caller past its deadline. A write still running then goes
// on (the stores never report as failed a write that is durable, so they
// are not interrupted mid-commit), and WithDeadline returns an error
// wrapping ErrTimeout and context.DeadlineExceeded: the write may yet be
// made. The write's ctx ends with ctx, not at d, for that reason.
func WithDeadline(ctx context.Context, d time.Duration, write func(context.Context) error) error {
	done := make(chan error, 1)
	go func() { done <- write(ctx) }()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return fmt.Errorf("%w after %v: %w", ErrTimeout, d, context.DeadlineExceeded)
	case <-ctx.Done():
		return ctx.Err()
	}
}
