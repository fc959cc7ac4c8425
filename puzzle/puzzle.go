package puzzle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strings"

	"plateau/game"
	"plateau/rating"
)

// Puzzle is one position with its proven solution.
type Puzzle struct {
	// ID is stable: the game and a hash of the variant and position.
	ID   string `json:"id"`
	Game string `json:"game"`
	// Config is the variant, in game.Config's text form ("" for the
	// defaults).
	Config string `json:"config,omitempty"`
	// Position is the position text where the solver is to move (with the
	// roll in it for dice games).
	Position string `json:"position"`
	// Roll is the roll the solver answers, in the game's notation, for
	// dice games.
	Roll string `json:"roll,omitempty"`
	// Side is the solver's seat, from 0.
	Side int `json:"side"`
	// Prev and Last are the position before the opponent's last move and
	// that move, to show it (absent when the source had none).
	Prev string `json:"prev,omitempty"`
	Last string `json:"last,omitempty"`
	// Solution is the line: the solver's moves and the opponent's replies
	// between them, the solver's first and last.
	Solution []string `json:"solution"`
	// Value is the solver's win probability after the first move, and
	// Margin the least gap, over the solver's moves, between the best
	// move's value and the next best's, as the verifying search found.
	Value  float64 `json:"value"`
	Margin float64 `json:"margin"`
	// Themes name what the solution does, where it can be named.
	Themes []string `json:"themes,omitempty"`
	// Source is the game the position comes from ("selfplay:GAME:SEED:N"
	// for the computer's own games, or a server game id) and Ply the
	// solver's move's index in it, from 1.
	Source string `json:"source,omitempty"`
	Ply    int    `json:"ply,omitempty"`
	// Rating is the puzzle's Glicko-2 rating.
	Rating rating.Rating `json:"rating"`
}

// SolverMoves is the number of the solver's moves in the solution.
func (p Puzzle) SolverMoves() int { return (len(p.Solution) + 1) / 2 }

// MakeID returns the ID of a puzzle of game at position with config.
func MakeID(gameID, config, position string) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s", gameID, config, position)
	return fmt.Sprintf("%s-%012x", gameID, h.Sum64()&0xffffffffffff)
}

// InitialRating is a new puzzle's rating: a longer line starts higher.
func InitialRating(solverMoves int) rating.Rating {
	r := rating.New()
	r.Rating += 150 * float64(max(solverMoves-1, 0))
	return r
}

// State returns the puzzle's position, parsed by g.
func (p Puzzle) State(g game.Game) (game.State, error) {
	cfg, err := ParseConfig(g, p.Config)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	s, err := g.ParsePosition(cfg, p.Position)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: position %q: %w", p.ID, p.Position, err)
	}
	return s, nil
}

// ParseConfig reads a variant in game.Config's text form ("k=v k=v", ""
// for the defaults).
func ParseConfig(g game.Game, text string) (game.Config, error) {
	settings, err := game.ParseSettings(strings.Fields(text))
	if err != nil {
		return nil, fmt.Errorf("variant %q: %w", text, err)
	}
	cfg, err := game.NewConfig(g, settings)
	if err != nil {
		return nil, fmt.Errorf("variant %q: %w", text, err)
	}
	return cfg, nil
}

// Write writes puzzles as JSON Lines, one puzzle a line, sorted by ID.
func Write(w io.Writer, ps []Puzzle) error {
	ps = append([]Puzzle(nil), ps...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].ID < ps[j].ID })
	bw := bufio.NewWriter(w)
	for _, p := range ps {
		b, err := json.Marshal(p)
		if err != nil {
			return fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Read reads puzzles written by Write; the error names the line that is
// not a puzzle.
func Read(r io.Reader) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var p Puzzle
		if err := json.Unmarshal(line, &p); err != nil {
			return nil, fmt.Errorf("line %d: not a puzzle: %w", n, err)
		}
		if p.ID == "" || p.Game == "" || p.Position == "" || len(p.Solution) == 0 || len(p.Solution)%2 == 0 {
			return nil, fmt.Errorf("line %d: puzzle %q: want an id, a game, a position and a solution of odd length", n, p.ID)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading puzzles: %w", err)
	}
	return out, nil
}
