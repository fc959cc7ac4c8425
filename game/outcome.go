package game

import "fmt"

// Result is one player's result in a finished game.
type Result int8

const (
	Loss Result = iota
	Draw
	Win
)

func (r Result) String() string {
	switch r {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// MarshalText writes the result as "win", "draw" or "loss".
func (r Result) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads "win", "draw" or "loss".
func (r *Result) UnmarshalText(b []byte) error {
	for _, v := range []Result{Loss, Draw, Win} {
		if string(b) == v.String() {
			*r = v
			return nil
		}
	}
	return fmt.Errorf("result %q is not one of win, draw, loss", b)
}

// Outcome says whether a game is over and, if so, how each player fared.
type Outcome struct {
	Over bool `json:"over"`
	// Results holds one result per player. Partners of a team share the
	// team's result; players who share first place (a tie in Shut the
	// Box) have Draw, the others Loss.
	Results []Result `json:"results,omitempty"`
	// Scores holds final scores for games that count them (Shut the Box:
	// the sum of open tiles, lower is better), nil otherwise.
	Scores []int `json:"scores,omitempty"`
	// Reason says in a few words why the game ended
	// ("no legal move", "threefold repetition", "try scored").
	Reason string `json:"reason,omitempty"`
}

// Value is a player's payoff in [0, 1]: 1 for a win, 0 for a loss, and for
// a draw 1/k where k is the number of players who share it (1/2 in a
// two-player draw). Search maximises it. An unfinished game is worth 0.
func (o Outcome) Value(p Player) float64 {
	if !o.Over || int(p) < 0 || int(p) >= len(o.Results) {
		return 0
	}
	switch o.Results[p] {
	case Win:
		return 1
	case Draw:
		k := 0
		for _, r := range o.Results {
			if r == Draw {
				k++
			}
		}
		return 1 / float64(k)
	}
	return 0
}

// Winners returns the players whose result is Win.
func (o Outcome) Winners() []Player {
	var w []Player
	for i, r := range o.Results {
		if r == Win {
			w = append(w, Player(i))
		}
	}
	return w
}

// Finished builds the outcome of a game won by the given players (one, or a
// team); every other player loses.
func Finished(players int, reason string, winners ...Player) Outcome {
	o := Outcome{Over: true, Results: make([]Result, players), Reason: reason}
	for _, w := range winners {
		o.Results[w] = Win
	}
	return o
}

// Drawn builds the outcome of a game drawn between all players.
func Drawn(players int, reason string) Outcome {
	o := Outcome{Over: true, Results: make([]Result, players), Reason: reason}
	for i := range o.Results {
		o.Results[i] = Draw
	}
	return o
}
