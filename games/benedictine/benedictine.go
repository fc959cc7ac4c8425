package benedictine

import (
	"fmt"

	"plateau/game"
)

// Game is Master Bénédictine. Its zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// Variant option keys and values.
const (
	OptSetup      = "setup"
	OptRepetition = "repetition"

	RepetitionThreefold = "threefold"
	RepetitionOff       = "off"
)

// setup is one symmetric layout of a player's five bottles on its first two
// rows, given for green (amber's is the mirror image across the middle row).
type setup struct {
	name    string
	squares [5]string
	help    string
}

// setups are the layouts offered by the setup option, the default first.
// Every layout symmetric about the d file holds d1 and two mirrored pairs
// among a1/g1, b1/f1, c1/e1, a2/g2 and c2/e2; docs/rules/benedictine.md
// says why these five are kept.
var setups = []setup{
	{"wedge", [5]string{"c1", "d1", "e1", "c2", "e2"}, "c1 d1 e1 c2 e2: three behind two, facing the ball (default)"},
	{"line", [5]string{"b1", "c1", "d1", "e1", "f1"}, "b1 c1 d1 e1 f1: the middle of the back row"},
	{"zigzag", [5]string{"b1", "c2", "d1", "e2", "f1"}, "b1 c2 d1 e2 f1: alternating rows"},
	{"front", [5]string{"a2", "c2", "d1", "e2", "g2"}, "a2 c2 d1 e2 g2: the whole second row and d1"},
	{"wide", [5]string{"a1", "c1", "d1", "e1", "g1"}, "a1 c1 d1 e1 g1: the back row with gaps"},
}

// ID is "benedictine".
func (Game) ID() string { return "benedictine" }

// DrawByAgreement is true: the players may agree a draw (docs/rules/benedictine.md).
func (Game) DrawByAgreement() bool { return true }

// Name is the game's display name; it is the same in French and English.
func (Game) Name(lang string) string { return "Master Bénédictine" }

// Options lists the variant options: the opening layout and the repetition
// rule.
func (Game) Options() []game.Option {
	names := make([]string, len(setups))
	help := "opening layout of each side's five bottles (mirrored for amber):"
	for i, s := range setups {
		names[i] = s.name
		help += fmt.Sprintf(" %s = %s;", s.name, s.help)
	}
	return []game.Option{
		{Key: OptSetup, Kind: game.Enum, Default: setups[0].name, Values: names, Help: help[:len(help)-1]},
		{Key: OptRepetition, Kind: game.Enum, Default: RepetitionThreefold,
			Values: []string{RepetitionThreefold, RepetitionOff},
			Help:   "threefold: the third occurrence of a position (same bottles, ball and player to move) draws; off: no draw rule"},
	}
}

// New returns the start position: the chosen layout for both sides, the
// ball on d4, green to move.
func (g Game) New(cfg game.Config) (game.State, error) {
	name := cfg[OptSetup]
	if name == "" {
		name = setups[0].name
	}
	var lay *setup
	for i := range setups {
		if setups[i].name == name {
			lay = &setups[i]
		}
	}
	if lay == nil {
		return nil, fmt.Errorf("benedictine: unknown setup %q", name)
	}
	rep, err := repetitionRule(cfg)
	if err != nil {
		return nil, err
	}
	s := &State{ball: 3*size + 3, turn: green, repetition: rep}
	for _, name := range lay.squares {
		sq, err := parseSquare(name)
		if err != nil {
			return nil, err
		}
		s.bottles[green] |= 1 << sq
		s.bottles[amber] |= 1 << mirror(sq)
	}
	s.start()
	return s, nil
}

// mirror reflects a square across the middle row (rank 4).
func mirror(sq int) int { return (size-1-sq/size)*size + sq%size }

func repetitionRule(cfg game.Config) (bool, error) {
	switch cfg[OptRepetition] {
	case "", RepetitionThreefold:
		return true, nil
	case RepetitionOff:
		return false, nil
	}
	return false, fmt.Errorf("benedictine: repetition %q is not threefold or off", cfg[OptRepetition])
}

// ParsePosition reads a position text (see Position).
func (Game) ParsePosition(cfg game.Config, text string) (game.State, error) {
	rep, err := repetitionRule(cfg)
	if err != nil {
		return nil, err
	}
	s, err := parsePosition(text)
	if err != nil {
		return nil, err
	}
	s.repetition = rep
	s.start()
	return s, nil
}

// ExamplePosition is a middle-game position, green to move.
func (Game) ExamplePosition() string {
	return "...AA../A..O.../....A../......./..GA.../G...G../..GG... g"
}
