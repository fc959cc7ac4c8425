package dames

import (
	"fmt"

	"plateau/game"
)

// Game is international draughts. Its zero value is ready to use.
type Game struct{}

var _ game.Game = Game{}

// ID is "dames".
func (Game) ID() string { return "dames" }

// DrawByAgreement is true: the players may agree a draw (docs/rules/dames.md).
func (Game) DrawByAgreement() bool { return true }

// Name is "Dames" in French, "International draughts" otherwise.
func (Game) Name(lang string) string {
	if lang == "fr" {
		return "Dames"
	}
	return "International draughts"
}

// Options are the draw rules (draw=seed|fmjd) and huffing (huffing=off|on).
func (Game) Options() []game.Option {
	return []game.Option{
		{Key: "draw", Kind: game.Enum, Default: "seed", Values: []string{"seed", "fmjd"},
			Help: "draw rules: seed = the rule sheet's (same move a third time, 20 moves each without capture or man move); fmjd = threefold repetition, 25-move rule, endgame counts"},
		{Key: "huffing", Kind: game.Enum, Default: "off", Values: []string{"off", "on"},
			Help: "on = capture is not enforced; the opponent may remove (huff) the piece that should have captured"},
	}
}

// New returns the start position.
func (g Game) New(cfg game.Config) (game.State, error) {
	r, err := rulesOf(cfg)
	if err != nil {
		return nil, err
	}
	return newState(r, StartPos()), nil
}

// ExamplePosition is the start position in FMJD FEN.
func (Game) ExamplePosition() string { return "W:W31-50:B1-20" }

// rules is a configuration read once.
type rules struct {
	fmjd    bool // FMJD draw rules instead of the sheet's
	huffing bool
}

func rulesOf(cfg game.Config) (rules, error) {
	var r rules
	switch cfg["draw"] {
	case "seed", "":
	case "fmjd":
		r.fmjd = true
	default:
		return r, fmt.Errorf("dames: draw=%q is not seed or fmjd", cfg["draw"])
	}
	switch cfg["huffing"] {
	case "off", "":
	case "on":
		r.huffing = true
	default:
		return r, fmt.Errorf("dames: huffing=%q is not off or on", cfg["huffing"])
	}
	return r, nil
}
