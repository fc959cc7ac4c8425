package arena

import (
	"errors"
	"fmt"
	"time"
)

// Result is a finished game's result.
type Result int8

// The results.
const (
	WhiteWins Result = iota + 1
	Draw
	BlackWins
)

// Config sets an arena's time and options.
type Config struct {
	Start    time.Time
	Duration time.Duration
	// Berserk allows players to berserk.
	Berserk bool
	// RematchAfter is how long the two last opponents, alone free, wait
	// before they are paired again (10 s if zero).
	RematchAfter time.Duration
}

// Pairing is a game to start: the players' ids.
type Pairing struct{ White, Black string }

// Mark is one game on a player's sheet.
type Mark struct {
	Points  int  `json:"points"`
	Win     bool `json:"win,omitempty"`
	Draw    bool `json:"draw,omitempty"`
	Fire    bool `json:"fire,omitempty"`    // played on a streak: points doubled
	Berserk bool `json:"berserk,omitempty"` // the player berserked
}

// Errors of the arena's commands.
var (
	ErrOver       = errors.New("arena: the tournament is over")
	ErrNotStarted = errors.New("arena: the tournament has not started")
	ErrUnknown    = errors.New("arena: no such player")
	ErrNotPlaying = errors.New("arena: the players are not playing each other")
)

type player struct {
	id        string
	rating    int
	in        bool // joined and not left: may be paired
	playing   int  // the opponent's index while playing, else -1
	white     bool // plays white in the game in progress
	freeSince time.Time
	last      int // the last opponent's index, -1 before the first game
	whites    int
	blacks    int
	score     int
	streak    int // wins in a row
	sheet     []Mark
}

// Arena is one arena tournament's state.
type Arena struct {
	cfg Config
	idx map[string]int
	ps  []player

	free   []int
	dp     []int64
	choice []int8
}

// New returns an empty arena.
func New(cfg Config) *Arena {
	if cfg.RematchAfter == 0 {
		cfg.RematchAfter = 10 * time.Second
	}
	return &Arena{cfg: cfg, idx: map[string]int{}}
}

// End returns when the arena ends.
func (a *Arena) End() time.Time { return a.cfg.Start.Add(a.cfg.Duration) }

// Over reports whether the arena has ended at now.
func (a *Arena) Over(now time.Time) bool { return !now.Before(a.End()) }

// Join enters a player, or brings back one who left (keeping the points);
// rating is the player's rating now. A player who joins is free to be
// paired at once.
func (a *Arena) Join(id string, rating int, now time.Time) error {
	if a.Over(now) {
		return ErrOver
	}
	i, ok := a.idx[id]
	if !ok {
		i = len(a.ps)
		a.idx[id] = i
		a.ps = append(a.ps, player{id: id, playing: -1, last: -1})
	}
	p := &a.ps[i]
	p.rating = rating
	if !p.in {
		p.in, p.freeSince = true, now
	}
	return nil
}

// Leave takes a player out of the pairing; a game in progress goes on and
// counts. The player keeps the points and may join again.
func (a *Arena) Leave(id string) error {
	i, ok := a.idx[id]
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknown, id)
	}
	a.ps[i].in = false
	return nil
}

// Berserk returns the clock of a player who berserks: half the initial
// time and no increment.
func Berserk(initial, increment time.Duration) (time.Duration, time.Duration) {
	return initial / 2, 0
}

// Finish records the end of the game between white and black and frees
// both players; berserkW and berserkB say who berserked (ignored when the
// arena does not allow it). A game that ends after the arena's end still
// counts, as on lichess.
func (a *Arena) Finish(white, black string, r Result, berserkW, berserkB bool, now time.Time) error {
	w, okw := a.idx[white]
	b, okb := a.idx[black]
	if !okw || !okb {
		return fmt.Errorf("%w: %q or %q", ErrUnknown, white, black)
	}
	if a.ps[w].playing != b || a.ps[b].playing != w || !a.ps[w].white {
		return fmt.Errorf("%w: %q and %q", ErrNotPlaying, white, black)
	}
	if r < WhiteWins || r > BlackWins {
		return fmt.Errorf("arena: result %d: want 1 (white wins), 2 (draw) or 3 (black wins)", r)
	}
	a.mark(w, b, r == WhiteWins, r == Draw, berserkW && a.cfg.Berserk, now)
	a.mark(b, w, r == BlackWins, r == Draw, berserkB && a.cfg.Berserk, now)
	return nil
}

// mark scores one side of a finished game: 2 a win, 1 a draw, doubled on
// fire (two wins in a row before this game), plus 1 for a berserked win.
func (a *Arena) mark(i, opp int, win, draw, berserk bool, now time.Time) {
	p := &a.ps[i]
	m := Mark{Win: win, Draw: draw, Fire: p.streak >= 2, Berserk: berserk}
	switch {
	case win:
		m.Points = 2
	case draw:
		m.Points = 1
	}
	if m.Fire {
		m.Points *= 2
	}
	if win && berserk {
		m.Points++
	}
	if win {
		p.streak++
	} else {
		p.streak = 0
	}
	p.score += m.Points
	p.sheet = append(p.sheet, m)
	p.playing, p.last, p.freeSince = -1, opp, now
}

// Begin starts a game between white and black decided elsewhere (a
// replay of the pairings recorded by Pair's caller): both players must be
// known and free.
func (a *Arena) Begin(white, black string) error {
	w, okw := a.idx[white]
	b, okb := a.idx[black]
	if !okw || !okb || w == b {
		return fmt.Errorf("%w: %q or %q", ErrUnknown, white, black)
	}
	if a.ps[w].playing >= 0 || a.ps[b].playing >= 0 {
		return fmt.Errorf("arena: %q or %q is already playing", white, black)
	}
	a.ps[w].whites++
	a.ps[b].blacks++
	a.ps[w].playing, a.ps[b].playing = b, w
	a.ps[w].white, a.ps[b].white = true, false
	return nil
}

// Void ends the game between white and black without a result (a game
// that could not start, or was aborted): both are free again, no mark is
// written, and the streaks are kept.
func (a *Arena) Void(white, black string, now time.Time) error {
	w, okw := a.idx[white]
	b, okb := a.idx[black]
	if !okw || !okb {
		return fmt.Errorf("%w: %q or %q", ErrUnknown, white, black)
	}
	if a.ps[w].playing != b || a.ps[b].playing != w || !a.ps[w].white {
		return fmt.Errorf("%w: %q and %q", ErrNotPlaying, white, black)
	}
	a.ps[w].playing, a.ps[w].freeSince = -1, now
	a.ps[b].playing, a.ps[b].freeSince = -1, now
	return nil
}
