// Package seek keeps the open seeks of the lobby ("Play anyone") and pairs
// them: two compatible seeks (same game, variant, clock and rated flag,
// each player's rating within the other's range) make a game.
//
// A Board lives in one server instance's memory: a seek exists while its
// owner's lobby connection is open, and only the players connected to the
// same instance see and meet it (see docs/api.md, Seeks).
package seek

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"
)

// Clock is a seek's time control: Minutes for the game and Increment
// seconds a move, or for correspondence Days a move; all zero: no clock.
type Clock struct {
	Minutes   float64 `json:"minutes"`
	Increment float64 `json:"increment"`
	Days      int     `json:"days,omitempty"`
}

// Spec is what a seek asks for.
type Spec struct {
	Game string `json:"game"`
	// Variant is the game's complete configuration; Key is its canonical
	// text, which two seeks must share.
	Variant map[string]string `json:"variant"`
	Key     string            `json:"key"`
	Clock   Clock             `json:"clock"`
	Rated   bool              `json:"rated"`
	// Range bounds the opponent's rating to the owner's plus or minus
	// Range (0: any opponent).
	Range int `json:"range,omitempty"`
}

// Seek is one player's open seek.
type Seek struct {
	ID string `json:"id"`
	// Owner is the owner's account id, Name its name.
	Owner string `json:"-"`
	Name  string `json:"name"`
	// Rating is the owner's rating in the game (rounded), provisional or
	// not.
	Rating      int  `json:"rating"`
	Provisional bool `json:"provisional,omitempty"`
	Spec
	Created time.Time `json:"created"`
}

// accepts reports whether s's range admits a player rated r.
func (s Seek) accepts(r int) bool {
	return s.Range <= 0 || math.Abs(float64(r-s.Rating)) <= float64(s.Range)
}

// Compatible reports whether a and b can be paired: two owners, the same
// game, variant, clock and rated flag, each rating within the other's
// range.
func Compatible(a, b Seek) bool {
	return a.Owner != b.Owner && a.Game == b.Game && a.Key == b.Key && a.Clock == b.Clock && a.Rated == b.Rated &&
		a.accepts(b.Rating) && b.accepts(a.Rating)
}

// Errors of Board.Take.
var (
	ErrGone    = errors.New("the seek is gone")
	ErrOwn     = errors.New("the seek is yours")
	ErrOutside = errors.New("your rating is outside the seek's range")
)

// Board holds the open seeks. Its methods are safe for concurrent use.
type Board struct {
	mu      sync.Mutex
	seeks   []Seek // oldest first
	watches map[chan struct{}]struct{}
}

// NewBoard returns an empty board.
func NewBoard() *Board { return &Board{watches: map[chan struct{}]struct{}{}} }

// NewID returns a new random seek id.
func NewID() string {
	b := make([]byte, 6)
	rand.Read(b)
	return fmt.Sprintf("%x", b)
}

// Add offers s: if an open seek is compatible with it, the oldest such is
// removed and returned (s is not added: the two make a game); otherwise s
// is added and Add returns false. A seek of the same id is replaced.
func (b *Board) Add(s Seek) (Seek, bool) { return b.AddExcept(s, nil) }

// AddExcept is Add, skipping the open seeks for which skip (when not nil)
// is true: the server's limits on who may still play whom. skip is called
// with the board locked, so that no other seek is paired meanwhile.
func (b *Board) AddExcept(s Seek, skip func(Seek) bool) (Seek, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.remove(s.ID)
	for i, o := range b.seeks {
		if Compatible(o, s) && (skip == nil || !skip(o)) {
			b.seeks = append(b.seeks[:i], b.seeks[i+1:]...)
			b.changed()
			return o, true
		}
	}
	b.seeks = append(b.seeks, s)
	b.changed()
	return Seek{}, false
}

// Take removes and returns the seek id for taker, who accepts it: the
// taker plays the seek's game as it asks, so only the owners and ratings
// are checked. The error wraps ErrGone, ErrOwn or ErrOutside.
func (b *Board) Take(id string, taker Seek) (Seek, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, o := range b.seeks {
		if o.ID != id {
			continue
		}
		switch {
		case o.Owner == taker.Owner:
			return Seek{}, fmt.Errorf("seek %s: %w", id, ErrOwn)
		case !o.accepts(taker.Rating):
			return Seek{}, fmt.Errorf("seek %s (%d ± %d) and rating %d: %w", id, o.Rating, o.Range, taker.Rating, ErrOutside)
		}
		b.seeks = append(b.seeks[:i], b.seeks[i+1:]...)
		b.changed()
		return o, nil
	}
	return Seek{}, fmt.Errorf("seek %s: %w", id, ErrGone)
}

// Remove removes the seek id, if it is open.
func (b *Board) Remove(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.remove(id) {
		b.changed()
	}
}

func (b *Board) remove(id string) bool {
	for i, o := range b.seeks {
		if o.ID == id {
			b.seeks = append(b.seeks[:i], b.seeks[i+1:]...)
			return true
		}
	}
	return false
}

// List returns the open seeks, oldest first.
func (b *Board) List() []Seek {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Seek{}, b.seeks...)
}

// Watch returns a channel that receives a value after each change of the
// board (changes in a row may make one value), and a function that
// stops the watch.
func (b *Board) Watch() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	b.mu.Lock()
	b.watches[ch] = struct{}{}
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		delete(b.watches, ch)
		b.mu.Unlock()
	}
}

// changed signals the watches; b.mu is held.
func (b *Board) changed() {
	for ch := range b.watches {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}
