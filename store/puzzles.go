package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"plateau/rating"
)

// Puzzle is a stored puzzle (package puzzle): its JSON as package puzzle
// writes it, and the columns the store selects and rates by.
type Puzzle struct {
	ID     string
	Game   string // the engine id
	Rating rating.Rating
	// Attempts counts the rated first attempts, Solved those solved.
	Attempts int
	Solved   int
	// Data is the puzzle (position, solution, themes, source) as JSON.
	Data    json.RawMessage
	Created time.Time
}

// PuzzlePlayer is an account's puzzle record in a game: its puzzle rating
// (rating.New() and no attempt when it never tried one), its rated
// attempts and those solved, its running and best streaks.
type PuzzlePlayer struct {
	Account    string
	Game       string
	Rating     rating.Rating
	Attempts   int
	Solved     int
	Streak     int
	BestStreak int
	Updated    time.Time
}

// Puzzle attempt modes.
const (
	PuzzleRated  = "rated"  // moves the player's and the puzzle's ratings
	PuzzleStreak = "streak" // moves the player's streak, not the ratings
)

// PuzzleAttempt is an account's first attempt at a puzzle: solved when
// the whole line was found at the first try. The ratings before and after
// are the player's and the puzzle's (after = before in streak mode).
type PuzzleAttempt struct {
	Account      string
	Puzzle       string
	Mode         string // PuzzleRated or PuzzleStreak
	Solved       bool
	Time         time.Time
	PlayerBefore rating.Rating
	PlayerAfter  rating.Rating
	PuzzleBefore rating.Rating
	PuzzleAfter  rating.Rating
}

// PuzzleQuery selects puzzles of a game by rating.
type PuzzleQuery struct {
	Game string
	// Near is the rating the puzzles are sorted by distance to.
	Near float64
	// Account, when set, leaves out the puzzles it attempted.
	Account string
	// Exclude leaves out puzzles by id.
	Exclude []string
	// Limit bounds the answer (<= 0: 20).
	Limit int
}

// RatePuzzle computes the player's and the puzzle's ratings after an
// attempt from their ratings before it (puzzle.Attempt).
type RatePuzzle func(player, puzzle rating.Rating, solved bool) (rating.Rating, rating.Rating, error)

// Puzzles keeps the puzzles, the accounts' attempts at them and their
// puzzle ratings. Part of Store.
type Puzzles interface {
	// AddPuzzles stores the puzzles whose id is new and keeps the others
	// as they are (their ratings and counts); it returns how many it
	// added. Adding a set again is a no-op.
	AddPuzzles(ctx context.Context, ps []Puzzle) (int, error)
	// Puzzle returns a puzzle; ErrNotFound if there is none.
	Puzzle(ctx context.Context, id string) (Puzzle, error)
	// NearPuzzles returns the puzzles of q.Game nearest q.Near by rating
	// (then by id), without those q leaves out.
	NearPuzzles(ctx context.Context, q PuzzleQuery) ([]Puzzle, error)
	// CountPuzzles counts the puzzles of a game ("": of every game).
	CountPuzzles(ctx context.Context, game string) (int, error)
	// PuzzlePlayer returns an account's puzzle record in a game (a new
	// rating and zero counts when it has none).
	PuzzlePlayer(ctx context.Context, account, game string) (PuzzlePlayer, error)
	// AttemptPuzzle records an account's first attempt at a puzzle,
	// atomically: in rated mode the ratings before are read, rate
	// computes those after, and both are stored; in streak mode the
	// account's streak grows when solved and drops to 0 when not. It
	// returns the attempt stored and true, or, when the account attempted
	// the puzzle before, that first attempt and false (nothing changes:
	// only the first try counts). ErrNotFound if there is no such account
	// or puzzle.
	AttemptPuzzle(ctx context.Context, a PuzzleAttempt, rate RatePuzzle) (PuzzleAttempt, bool, error)
	// DailyPuzzle returns the puzzle id of a day ("2026-12-05"): the one
	// set first, id if there was none (a racing instance's choice wins).
	DailyPuzzle(ctx context.Context, day, id string) (string, error)
}

// ApplyAttempt computes an attempt's effect, for the stores: in rated
// mode the ratings after (a's befores set) and the player's rating and
// counts; in streak mode the player's streaks. a.Mode other than
// PuzzleRated or PuzzleStreak is an error.
func ApplyAttempt(p *PuzzlePlayer, a *PuzzleAttempt, rate RatePuzzle) error {
	switch a.Mode {
	case PuzzleRated:
		pa, za, err := rate(a.PlayerBefore, a.PuzzleBefore, a.Solved)
		if err != nil {
			return err
		}
		a.PlayerAfter, a.PuzzleAfter = pa, za
		p.Rating = pa
		p.Attempts++
		if a.Solved {
			p.Solved++
		}
	case PuzzleStreak:
		a.PlayerAfter, a.PuzzleAfter = a.PlayerBefore, a.PuzzleBefore
		if a.Solved {
			p.Streak++
			p.BestStreak = max(p.BestStreak, p.Streak)
		} else {
			p.Streak = 0
		}
	default:
		return fmt.Errorf("attempt mode %q: want %q or %q", a.Mode, PuzzleRated, PuzzleStreak)
	}
	p.Updated = a.Time
	return nil
}
