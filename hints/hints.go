// Package hints gathers the engines' solvers that the server shows as
// hints (server.Options.Hints): for each game with an exact solver, the
// values of the legal moves of a position waiting for a player's move.
// Package server stays generic; this package holds the engine imports.
package hints

import (
	"fmt"

	"plateau/game"
	"plateau/games/shutbox"
	"plateau/games/shutbox/solve"
)

// Shutbox is the hints of a Shut the Box position, the "hints" of GET
// /api/games/{id}/hints for shutbox: the same fields as "plateau solve
// shutbox --position P --json" without the timing.
type Shutbox struct {
	// Player is the player to move, from 1.
	Player int `json:"player"`
	// Roll is the total rolled, absent at the die choice.
	Roll int `json:"roll,omitempty"`
	// SortedBy is the value the choices are sorted by, best first:
	// "p_shut" alone, "win" with opponents.
	SortedBy string `json:"sorted_by"`
	// Choices are the legal moves with their values, best first.
	Choices []solve.Choice `json:"choices"`
}

// Providers returns the hint functions by game ID.
func Providers() map[string]func(game.State) (any, error) {
	return map[string]func(game.State) (any, error){
		"shutbox": func(s game.State) (any, error) { return ShutboxHints(s) },
	}
}

// ShutboxHints lists the choices of a Shut the Box state waiting for a die
// choice or a cover (solve.Analyze).
func ShutboxHints(s game.State) (Shutbox, error) {
	st, ok := s.(*shutbox.State)
	if !ok {
		return Shutbox{}, fmt.Errorf("shutbox hints: state is a %T, not a *shutbox.State", s)
	}
	choices, err := solve.Analyze(st)
	if err != nil {
		return Shutbox{}, fmt.Errorf("shutbox hints of %q: %w", st.Position(), err)
	}
	h := Shutbox{Player: st.Turn() + 1, SortedBy: "win", Choices: choices}
	if st.Phase() == shutbox.Cover {
		h.Roll = st.Roll()
	}
	if st.Players() == 1 {
		h.SortedBy = "p_shut"
	}
	return h, nil
}
