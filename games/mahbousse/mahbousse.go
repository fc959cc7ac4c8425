package mahbousse

import (
	"fmt"

	"plateau/game"
)

// Game is Mahboussé. Its zero value is ready to use.
type Game struct{}

// New returns the game.
func New() Game { return Game{} }

// ID returns "mahbousse".
func (Game) ID() string { return "mahbousse" }

// Name returns the display name in French ("fr") or English (anything else).
func (Game) Name(lang string) string {
	if lang == "fr" {
		return "Mahboussé"
	}
	return "Mahboussé (Lebanese backgammon)"
}

// MaxMatch is the largest match length accepted by the match option.
const MaxMatch = 7

// Options lists the variant options; the defaults are the sheet's rules and
// the readings documented in docs/rules/mahbousse.md.
func (Game) Options() []game.Option {
	return []game.Option{
		{Key: "bearoff", Kind: game.Enum, Default: "seed", Values: []string{"seed", "standard"},
			Help: "seed: a die x bears off from point x, else from a lower point, else moves; standard: backgammon's rule (a lower point only when no checker stands higher)"},
		{Key: "lower", Kind: game.Enum, Default: "any", Values: []string{"any", "highest"},
			Help: "bearoff=seed, point x empty: bear off from any lower point, or only from the highest lower point holding a free checker"},
		{Key: "sum", Kind: game.Enum, Default: "open", Values: []string{"open", "jump"},
			Help: "one checker moving x+y: open = it touches down after each die, so an intermediate point must be open; jump = it jumps straight to the sum"},
		{Key: "mustuse", Kind: game.Enum, Default: "max", Values: []string{"max", "free"},
			Help: "max: play as many dice as possible, and the larger die when only one can be played; free: play at least one die, stop when you like"},
		{Key: "mother", Kind: game.Enum, Default: "none", Values: []string{"none", "plakoto"},
			Help: "plakoto: Plakoto's mother rule, not in the sheet: pinning the opponent's last checker on its start point wins 2 points, unless your own checkers have not all left your start point; both pinned is a draw"},
		{Key: "match", Kind: game.Int, Default: "1", Min: 1, Max: MaxMatch,
			Help: "play games until a player has this many points (a game is worth 1 point, 2 if the loser has borne off no checker)"},
	}
}

// ExamplePosition is a middle-game position with o to move 6-3: x pins an o
// checker on x's point 8 and o pins one on x's point 20.
func (Game) ExamplePosition() string {
	return "o9,.,.,.,.,x2,.,x1*,.,.,.,.,x3,.,.,o3,.,.,o1*,o1,.,.,.,x8 off=0-0 o:6-3"
}

// Rules is a resolved variant configuration.
type Rules struct {
	Standard bool // bearoff=standard
	Highest  bool // lower=highest
	Jump     bool // sum=jump
	Free     bool // mustuse=free
	Mother   bool // mother=plakoto
	Match    int  // points to win the match (1: a single game)
}

// RulesOf reads a configuration built by game.NewConfig.
func RulesOf(cfg game.Config) (Rules, error) {
	r := Rules{
		Standard: cfg["bearoff"] == "standard",
		Highest:  cfg["lower"] == "highest",
		Jump:     cfg["sum"] == "jump",
		Free:     cfg["mustuse"] == "free",
		Mother:   cfg["mother"] == "plakoto",
		Match:    cfg.Int("match"),
	}
	if cfg["match"] == "" {
		r.Match = 1
	}
	if r.Match < 1 || r.Match > MaxMatch {
		return r, fmt.Errorf("mahbousse: match %q is not a whole number from 1 to %d", cfg["match"], MaxMatch)
	}
	return r, nil
}

// New returns the start position: every checker on its owner's point 24,
// waiting for the opening roll.
func (Game) New(cfg game.Config) (game.State, error) {
	r, err := RulesOf(cfg)
	if err != nil {
		return nil, err
	}
	return NewState(r), nil
}

// NewState returns the start position under r.
func NewState(r Rules) *State {
	s := &State{r: r}
	s.b = startBoard()
	s.phase = phOpening
	return s
}

// ParsePosition reads the position text documented in docs/rules/mahbousse.md.
func (Game) ParsePosition(cfg game.Config, text string) (game.State, error) {
	r, err := RulesOf(cfg)
	if err != nil {
		return nil, err
	}
	return Parse(r, text)
}
