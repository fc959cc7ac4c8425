package puzzle

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"plateau/game"
)

// Stats counts what a mining looked at.
type Stats struct {
	// Positions is the number of positions with a player to move and a
	// choice of moves; Candidates those where the finder saw a clear best
	// move; Puzzles those the verifier proved.
	Positions  int `json:"positions"`
	Candidates int `json:"candidates"`
	Puzzles    int `json:"puzzles"`
}

// Add adds o's counts to st.
func (st *Stats) Add(o Stats) {
	st.Positions += o.Positions
	st.Candidates += o.Candidates
	st.Puzzles += o.Puzzles
}

// Source is a finished or unfinished game to mine: its game, variant and
// move list (rolls included, in the game's notation).
type Source struct {
	ID    string
	Game  game.Game
	Cfg   game.Config
	Moves []string
	// FromPly, when above 0, skips the positions before that ply (from 1).
	FromPly int
}

// Find replays a game and returns the puzzles found in its positions.
// The error names the move that does not replay.
func (c Criteria) Find(ctx context.Context, src Source) ([]Puzzle, Stats, error) {
	var st Stats
	s, err := src.Game.New(src.Cfg)
	if err != nil {
		return nil, st, fmt.Errorf("new %s game: %w", src.Game.ID(), err)
	}
	config := ""
	if src.Cfg.String() != game.DefaultConfig(src.Game).String() {
		config = src.Cfg.String()
	}
	var out []Puzzle
	prev, last, roll := "", "", ""
	for i, text := range src.Moves {
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		m, err := s.ParseMove(text)
		if err != nil {
			return nil, st, fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
		p := s.ToMove()
		if p >= 0 && i+1 >= src.FromPly && len(s.Moves(nil)) > 1 {
			st.Positions++
			pz, cand, err := c.At(ctx, s)
			if err != nil {
				return nil, st, fmt.Errorf("move %d: %w", i+1, err)
			}
			if cand {
				st.Candidates++
			}
			if pz != nil {
				pz.Config, pz.Roll, pz.Prev, pz.Last = config, roll, prev, last
				pz.ID = MakeID(pz.Game, config, pz.Position)
				pz.Source, pz.Ply = src.ID, i+1
				out = append(out, *pz)
				st.Puzzles++
			}
		}
		if p == game.Chance {
			roll = s.FormatMove(m)
		} else {
			prev, last, roll = s.Position(), s.FormatMove(m), ""
		}
		if err := s.Play(m); err != nil {
			return nil, st, fmt.Errorf("move %d %q: %w", i+1, text, err)
		}
	}
	return out, st, nil
}

// At judges one position where a player is to move: the puzzle it makes,
// or nil, and whether the finder saw a candidate there.
func (c Criteria) At(ctx context.Context, s game.State) (*Puzzle, bool, error) {
	t, err := c.find.top(ctx, s)
	if err != nil {
		return nil, false, err
	}
	if t.gap() < c.Margin {
		return nil, false, nil
	}
	line, err := c.line(ctx, s, t)
	if err != nil {
		return nil, true, err
	}
	text := notation(s, line)
	value, gap, n, err := c.check(ctx, s, text)
	if err != nil {
		return nil, true, err
	}
	if n == 0 {
		return nil, true, nil
	}
	text = text[:2*n-1]
	line = line[:2*n-1]
	p := &Puzzle{Game: c.Game, Position: s.Position(), Side: int(s.ToMove()), Solution: text,
		Value: round(value), Margin: round(gap), Rating: InitialRating(n)}
	p.Themes = c.themes(s, line)
	return p, true, nil
}

// line extends a first verdict t into a solution line by the finder: the
// opponent's best reply, then the solver's next move while it is unique.
func (c Criteria) line(ctx context.Context, s game.State, t top) ([]game.Move, error) {
	st := s.Clone()
	me := st.ToMove()
	var line []game.Move
	for k := 0; ; k++ {
		if k > 0 {
			var err error
			if t, err = c.find.top(ctx, st); err != nil {
				return nil, err
			}
			if t.gap() < c.Margin {
				return line[:len(line)-1], nil // drop the reply
			}
		}
		if err := st.Play(t.best); err != nil {
			return nil, fmt.Errorf("the best move %s: %w", st.FormatMove(t.best), err)
		}
		line = append(line, t.best)
		if k+1 >= c.MaxMoves || st.Outcome().Over || st.ToMove() < 0 || st.ToMove() == me {
			return line, nil
		}
		reply, err := c.reply(ctx, st, t)
		if err != nil {
			return nil, err
		}
		if err := st.Play(reply); err != nil {
			return nil, fmt.Errorf("the reply %s: %w", st.FormatMove(reply), err)
		}
		if st.Outcome().Over || st.ToMove() != me {
			return line, nil
		}
		line = append(line, reply)
	}
}

// reply is the opponent's reply in st: the finder's line's, or its own
// best move.
func (c Criteria) reply(ctx context.Context, st game.State, t top) (game.Move, error) {
	if len(t.line) > 1 {
		for _, m := range st.Moves(nil) {
			if m == t.line[1] {
				return m, nil
			}
		}
	}
	r, err := c.find.top(ctx, st)
	if err != nil {
		return 0, fmt.Errorf("the reply: %w", err)
	}
	return r.best, nil
}

// check verifies a solution from s with the verifier: it returns the
// solver's value after the first move, the least lead over the solver's
// moves, and how many of the solver's moves, from the first, are the
// verifier's unique best (0: not a puzzle). An error is a line that does
// not play.
func (c Criteria) check(ctx context.Context, s game.State, line []string) (value, gap float64, n int, err error) {
	st := s.Clone()
	gap = 1
	for i, text := range line {
		m, err := st.ParseMove(text)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("solution move %d %q: %w", i+1, text, err)
		}
		if i%2 == 0 {
			t, err := c.verify.top(ctx, st)
			if err != nil {
				return 0, 0, 0, err
			}
			if t.best != m || t.gap() < c.Margin {
				return value, gap, n, nil
			}
			if n == 0 {
				value = t.value
			}
			gap = min(gap, t.gap())
			n++
		}
		if err := st.Play(m); err != nil {
			return 0, 0, 0, fmt.Errorf("solution move %d %q: %w", i+1, text, err)
		}
	}
	return value, gap, n, nil
}

// Verify re-checks a stored puzzle with the verifier: every move of its
// solution must be the verifier's unique best by the margin.
func (c Criteria) Verify(ctx context.Context, g game.Game, p Puzzle) error {
	s, err := p.State(g)
	if err != nil {
		return err
	}
	if int(s.ToMove()) != p.Side {
		return fmt.Errorf("puzzle %s: seat %d is to move, not the side %d", p.ID, s.ToMove(), p.Side)
	}
	_, gap, n, err := c.check(ctx, s, p.Solution)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if n < p.SolverMoves() {
		return fmt.Errorf("puzzle %s: solution move %d %q is %w: another move is within %.2f of it (least lead %.3f)",
			p.ID, 2*n+1, p.Solution[2*n], errNotUnique, c.Margin, gap)
	}
	return nil
}

// notation writes a line from s.
func notation(s game.State, line []game.Move) []string {
	st := s.Clone()
	out := make([]string, 0, len(line))
	for _, m := range line {
		out = append(out, st.FormatMove(m))
		if st.Play(m) != nil {
			break
		}
	}
	return out
}

// describe returns a move's description as JSON values.
func describe(s game.State, m game.Move) map[string]any {
	var out map[string]any
	b, err := json.Marshal(s.DescribeMove(m))
	if err == nil {
		json.Unmarshal(b, &out)
	}
	return out
}

// round keeps three decimals, and 1 for an infinite lead (a forced move).
func round(v float64) float64 {
	if math.IsInf(v, 0) || v > 1 {
		return 1
	}
	return math.Round(v*1000) / 1000
}
