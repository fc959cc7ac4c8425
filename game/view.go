package game

import "fmt"

// View is the JSON picture of a state that clients draw and play from.
type View struct {
	Game     string   `json:"game"`
	Position string   `json:"position"`
	Players  int      `json:"players"`
	ToMove   Player   `json:"toMove"` // -1 chance, -2 nobody
	Board    any      `json:"board"`
	Moves    []any    `json:"moves"`
	Outcome  *Outcome `json:"outcome,omitempty"`
}

// NewView builds the view of s, a state of game g.
func NewView(g Game, s State) View {
	v := View{Game: g.ID(), Position: s.Position(), Players: s.Players(), ToMove: s.ToMove(), Board: s.Board()}
	v.Moves = []any{}
	if s.ToMove() != Chance {
		for _, m := range s.Moves(nil) {
			v.Moves = append(v.Moves, s.DescribeMove(m))
		}
	}
	if o := s.Outcome(); o.Over {
		v.Outcome = &o
	}
	return v
}

// Probability returns the probability of each chance move in ms.
func Probability(ms []ChanceMove) []float64 {
	total := 0
	for _, c := range ms {
		total += c.Weight
	}
	p := make([]float64, len(ms))
	for i, c := range ms {
		p[i] = float64(c.Weight) / float64(total)
	}
	return p
}

// Pick returns the chance move that a number r in [0, total weight) selects,
// walking the outcomes in order. Samplers draw r uniformly (the server from
// its committed seed, tests and AI from a seeded source).
func Pick(ms []ChanceMove, r int) (Move, error) {
	for _, c := range ms {
		if r < c.Weight {
			return c.Move, nil
		}
		r -= c.Weight
	}
	return 0, fmt.Errorf("roll %d is beyond the total weight of %d outcomes", r, len(ms))
}

// TotalWeight is the sum of the weights of ms.
func TotalWeight(ms []ChanceMove) int {
	t := 0
	for _, c := range ms {
		t += c.Weight
	}
	return t
}

// Replay plays the notated moves on s in order, stopping at the first that
// does not parse or play; the error names its index and text.
func Replay(s State, moves []string) error {
	for i, text := range moves {
		m, err := s.ParseMove(text)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
	}
	return nil
}
