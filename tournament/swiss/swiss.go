package swiss

import (
	"errors"
	"fmt"
)

// Colour is the colour a player has in a game.
type Colour int8

// The colours; None is a round without a game (a bye or an absence).
const (
	None Colour = iota
	White
	Black
)

// opposite returns the other colour.
func (c Colour) opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return None
}

func (c Colour) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// Result is a game's result.
type Result int8

// The results; Pending is a game not finished.
const (
	Pending Result = iota
	WhiteWins
	Draw
	BlackWins
)

// Player is one entrant. Players are given to Pair in their initial ranking
// order: a player's pairing number is its index plus one.
type Player struct {
	ID     string
	Rating int
	// Withdrawn players are no longer paired and keep their results.
	Withdrawn bool
}

// Game is one pairing of a round: indices into the players.
type Game struct {
	White, Black int
	Result       Result
}

// Round is one round: its games and the player given the pairing-allocated
// bye (-1: none). A player in neither was absent and scores nothing.
type Round struct {
	Games []Game
	Bye   int
}

// Rules are a tournament's settings for pairing and scoring.
type Rules struct {
	// ByePoints is what a bye scores, in half points (2: a win, as FIDE
	// does).
	ByePoints int
	// Initial is the colour the first player gets in round one (drawn by
	// lot before the tournament): White or Black.
	Initial Colour
}

// DefaultRules gives a bye a win's point and the first player white.
var DefaultRules = Rules{ByePoints: 2, Initial: White}

// ErrNoPairing is returned when no pairing respects the absolute criteria
// (every player has met every other, for instance).
var ErrNoPairing = errors.New("swiss: no pairing respects the absolute criteria")

// float is the float a player received in a round.
type float int8

const (
	noFloat float = iota
	down
	up
)

// card is a player's pairing card before the round to pair.
type card struct {
	score   int      // half points
	colours []Colour // of the games played, in order
	hadBye  bool
	floats  []float // one per round
	pref    pref
}

// points returns the half points white and black score with r.
func points(r Result) (w, b int) {
	switch r {
	case WhiteWins:
		return 2, 0
	case Draw:
		return 1, 1
	case BlackWins:
		return 0, 2
	}
	return 0, 0
}

// cards replays the rounds: each player's card and who played whom.
func cards(n int, rounds []Round, rules Rules) ([]card, [][]bool, error) {
	cs := make([]card, n)
	played := make([][]bool, n)
	for i := range played {
		played[i] = make([]bool, n)
	}
	in := func(i int) bool { return i >= 0 && i < n }
	for r, rd := range rounds {
		before := make([]int, n)
		for i := range cs {
			before[i] = cs[i].score
			cs[i].floats = append(cs[i].floats, noFloat)
		}
		for _, g := range rd.Games {
			if !in(g.White) || !in(g.Black) || g.White == g.Black {
				return nil, nil, fmt.Errorf("swiss: round %d: game %d-%d: no such players", r+1, g.White+1, g.Black+1)
			}
			if g.Result == Pending {
				return nil, nil, fmt.Errorf("swiss: round %d: game %d-%d is not finished", r+1, g.White+1, g.Black+1)
			}
			w, b := points(g.Result)
			cs[g.White].score += w
			cs[g.Black].score += b
			cs[g.White].colours = append(cs[g.White].colours, White)
			cs[g.Black].colours = append(cs[g.Black].colours, Black)
			played[g.White][g.Black], played[g.Black][g.White] = true, true
			switch {
			case before[g.White] > before[g.Black]:
				cs[g.White].floats[r], cs[g.Black].floats[r] = down, up
			case before[g.White] < before[g.Black]:
				cs[g.White].floats[r], cs[g.Black].floats[r] = up, down
			}
		}
		if rd.Bye >= 0 {
			if !in(rd.Bye) {
				return nil, nil, fmt.Errorf("swiss: round %d: bye to player %d: no such player", r+1, rd.Bye+1)
			}
			cs[rd.Bye].score += rules.ByePoints
			cs[rd.Bye].hadBye = true
			if rules.ByePoints > 0 {
				cs[rd.Bye].floats[r] = down
			}
		}
	}
	for i := range cs {
		cs[i].pref = preference(cs[i].colours)
	}
	return cs, played, nil
}
