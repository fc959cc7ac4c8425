package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math"

	"plateau/ai"
	"plateau/game"
	"plateau/games/shutbox/solve"
)

// top is a judge's verdict on a position: the best move, its value, the
// best value among the other moves (-Inf when the move is forced), and
// the line from the best move (opponent's replies included).
type top struct {
	best   game.Move
	value  float64
	second float64
	line   []game.Move
}

// gap is the best move's lead over the next best.
func (t top) gap() float64 { return t.value - t.second }

// judge values the moves of a position for the player to move.
type judge interface {
	top(ctx context.Context, s game.State) (top, error)
}

// exact judges Shut the Box by its exact solver: the win probability with
// opponents, the probability of shutting the box alone.
type exact struct{}

func (exact) top(_ context.Context, s game.State) (top, error) {
	cs, err := solve.Analyze(s)
	if err != nil {
		return top{}, fmt.Errorf("solving %q: %w", s.Position(), err)
	}
	if len(cs) == 0 {
		return top{}, fmt.Errorf("solving %q: no choice", s.Position())
	}
	value := func(c solve.Choice) float64 {
		if c.Win != nil {
			return *c.Win
		}
		return c.PShut
	}
	m, err := s.ParseMove(cs[0].Move)
	if err != nil {
		return top{}, fmt.Errorf("the solver's move %q: %w", cs[0].Move, err)
	}
	t := top{best: m, value: value(cs[0]), second: math.Inf(-1), line: []game.Move{m}}
	if len(cs) > 1 {
		t.second = value(cs[1])
	}
	return t, nil
}

// searcher judges by a depth-limited search: one for the best move, one
// for the best of the others (the root without the best move).
type searcher struct {
	// newSearch returns a fresh search: no table carried from one
	// position to the next, so that a verdict never depends on the order
	// positions are judged in.
	newSearch func() *ai.Search
}

func (j searcher) top(ctx context.Context, s game.State) (top, error) {
	n := len(s.Moves(nil))
	if n == 0 {
		return top{}, fmt.Errorf("no legal move in %q", s.Position())
	}
	a := j.newSearch()
	defer a.Close()
	d, err := a.Choose(ctx, s)
	if err != nil {
		return top{}, fmt.Errorf("searching %q: %w", s.Position(), err)
	}
	t := top{best: d.Move, value: d.Score, second: math.Inf(-1), line: d.PV}
	if n == 1 {
		return t, nil
	}
	b := j.newSearch()
	defer b.Close()
	d2, err := b.Choose(ctx, without{State: s, skip: d.Move})
	if err != nil {
		return top{}, fmt.Errorf("searching %q without %s: %w", s.Position(), s.FormatMove(d.Move), err)
	}
	t.second = d2.Score
	if d2.Score > d.Score { // the two searches disagree: no clear best
		t.second = d.Score
	}
	return t, ctx.Err()
}

// without is a root position whose legal moves leave one out, for a
// search of the best of the other moves. Its copies are the plain state's.
type without struct {
	game.State
	skip game.Move
}

func (w without) Moves(buf []game.Move) []game.Move {
	ms := w.State.Moves(buf)
	out := ms[:0]
	for _, m := range ms {
		if m != w.skip {
			out = append(out, m)
		}
	}
	return out
}

func (w without) Clone() game.State { return w.State.Clone() }

// errNotUnique says a solution move is not the verifier's unique best.
var errNotUnique = errors.New("not unique")
