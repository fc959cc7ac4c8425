package store

import (
	"context"
	"time"
)

// FairPlaySample is an account's fair-play sample of one rated game
// (package fairplay): its counted moves, how many were the engine's best,
// and their summed loss of win probability.
type FairPlaySample struct {
	Account string // the account's id
	GameID  string // the game's id
	Game    string // the engine id (dames, shutbox, ...)
	Moves   int
	Agreed  int
	Loss    float64
	Created time.Time
}

// FairPlayStatus is an account's fair-play mark. An account never marked
// has the zero status (its Account set).
type FairPlayStatus struct {
	Account string // the account's id
	// Marked: the account's statistics crossed the threshold of Game; it
	// plays unrated only until a moderator clears it.
	Marked   bool
	Game     string
	Reason   string
	MarkedAt time.Time
	// ClearedBy names the moderator who last cleared the account, at
	// ClearedAt ("" and zero when never cleared); only the samples
	// created after ClearedAt count for it since.
	ClearedBy string
	ClearedAt time.Time
}

// FairPlay keeps the fair-play samples and marks of accounts. Part of
// Store.
type FairPlay interface {
	// PutFairPlay stores an account's sample of a game, replacing the
	// sample it had of that game; ErrNotFound if there is no such account
	// or game.
	PutFairPlay(ctx context.Context, s FairPlaySample) error
	// FairPlaySamples returns an account's samples in a game created
	// after after, newest first (then by game id), at most limit (<= 0:
	// 500).
	FairPlaySamples(ctx context.Context, account, game string, after time.Time, limit int) ([]FairPlaySample, error)
	// MarkFairPlay marks an account, for a reason found in a game's
	// statistics; marking a marked account keeps its first mark.
	// ErrNotFound if there is no such account.
	MarkFairPlay(ctx context.Context, account, game, reason string, at time.Time) error
	// ClearFairPlay clears an account's mark, naming the moderator; the
	// error wraps ErrNotFound when the account is not marked (or does not
	// exist).
	ClearFairPlay(ctx context.Context, account, by string, at time.Time) error
	// FairPlayStatus returns an account's status (the zero status with
	// Account set when it was never marked).
	FairPlayStatus(ctx context.Context, account string) (FairPlayStatus, error)
	// FairPlayStatuses returns the statuses of the accounts ever marked:
	// the marked ones first, then the others, each newest mark first;
	// at most limit (<= 0: 100).
	FairPlayStatuses(ctx context.Context, limit int) ([]FairPlayStatus, error)
}
