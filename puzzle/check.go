package puzzle

import (
	"fmt"

	"plateau/game"
)

// Step is where an attempt stands after the solver's moves.
type Step struct {
	// Correct: every move given is the solution's (the same move, in any
	// of the game's notations for it).
	Correct bool
	// Done: the moves given are the whole solution.
	Done bool
	// Reply is the opponent's reply to play after the last move given,
	// when correct and not done.
	Reply string
	// State is the position after the moves given and the reply: the
	// solver's next position (nil when not correct); Moved the position
	// between the solver's last move and the reply (nil when none).
	State game.State
	Moved game.State
	// Wrong is the index of the first move that is not the solution's
	// (-1 when correct).
	Wrong int
}

// Check checks the solver's moves (the opponent's replies left out) against
// the solution. A move that is not legal where it is played, or more moves
// than the solution's, is an error: a client chooses among legal moves.
func (p Puzzle) Check(g game.Game, moves []string) (Step, error) {
	if len(moves) > p.SolverMoves() {
		return Step{}, fmt.Errorf("puzzle %s: %d moves given, the solution has %d", p.ID, len(moves), p.SolverMoves())
	}
	s, err := p.State(g)
	if err != nil {
		return Step{}, err
	}
	for i, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			return Step{}, fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
		if !legal(s, m) {
			return Step{}, fmt.Errorf("move %d %q: not a legal move", i+1, text)
		}
		want, err := s.ParseMove(p.Solution[2*i])
		if err != nil {
			return Step{}, fmt.Errorf("puzzle %s: solution move %q: %w", p.ID, p.Solution[2*i], err)
		}
		if m != want {
			return Step{Wrong: i}, nil
		}
		if err := s.Play(m); err != nil {
			return Step{}, fmt.Errorf("puzzle %s: solution move %q: %w", p.ID, p.Solution[2*i], err)
		}
		if 2*i+1 == len(p.Solution) {
			return Step{Correct: true, Done: true, State: s, Wrong: -1}, nil
		}
		reply := p.Solution[2*i+1]
		var moved game.State
		if i+1 == len(moves) {
			moved = s.Clone()
		}
		r, err := s.ParseMove(reply)
		if err == nil {
			err = s.Play(r)
		}
		if err != nil {
			return Step{}, fmt.Errorf("puzzle %s: reply %q: %w", p.ID, reply, err)
		}
		if i+1 == len(moves) {
			return Step{Correct: true, Reply: reply, State: s, Moved: moved, Wrong: -1}, nil
		}
	}
	return Step{Correct: true, State: s, Wrong: -1}, nil
}

// legal reports whether m is among s's legal moves.
func legal(s game.State, m game.Move) bool {
	for _, l := range s.Moves(nil) {
		if l == m {
			return true
		}
	}
	return false
}
