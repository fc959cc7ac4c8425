package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"plateau/game"
)

// Player chooses moves. Choose returns a move for the seat to move in s
// within ctx's deadline and the player's own budget; it never changes s.
// A player may keep what it learns (search tables) from one Choose to the
// next: keep one for a game (one goroutine at a time), and Close it after,
// which releases its memory; a closed player is not used again.
type Player interface {
	Choose(ctx context.Context, s game.State) (Decision, error)
	Close()
}

// Decision is a player's choice with what its search learnt.
type Decision struct {
	Move game.Move
	// Score is the estimated value of the move for the player to move, in
	// [0, 1] like game.Outcome.Value.
	Score float64
	// Proven says Score is the game's exact value for the player to move
	// (a proven win may still have a shorter one): the search reached the
	// end of the game on every line that decides it (alpha-beta only).
	Proven bool
	// PV is the principal variation, Move first, when the algorithm has one
	// (rolls included as chance moves).
	PV []game.Move
	// Depth is the deepest completed iteration (alpha-beta), or the depth
	// of the principal variation (MCTS).
	Depth int
	// Nodes is the number of positions the search visited.
	Nodes int64
}

// Limits bounds a search. Zero fields are unlimited; a search with no limit
// at all and no deadline in its context stops when its tree is exhausted or
// at its own default depth.
type Limits struct {
	// Nodes bounds the positions visited (deterministic).
	Nodes int64
	// Time bounds the wall-clock time of one Choose.
	Time time.Duration
	// Depth bounds the depth in plies of the player's decisions (alpha-beta).
	Depth int
}

// Eval estimates the value of a state for a player in [0, 1].
type Eval func(s game.State, p game.Player) float64

// DefaultEval is the state's own evaluation: Outcome.Value when the game is
// over, game.Evaluator when the state implements it, 1/2 otherwise.
func DefaultEval(s game.State, p game.Player) float64 {
	if o := s.Outcome(); o.Over {
		return o.Value(p)
	}
	if e, ok := s.(game.Evaluator); ok {
		return e.Evaluate(p)
	}
	return 0.5
}

// ErrNoDecision is returned by Choose when no seat is to move: the game is
// over or dice must be rolled.
var ErrNoDecision = errors.New("no player to move")

// checkDecision returns the legal moves of s, or an error when no seat is to
// move.
func checkDecision(s game.State, buf []game.Move) ([]game.Move, error) {
	switch p := s.ToMove(); p {
	case game.Chance, game.Nobody:
		return nil, fmt.Errorf("%w: %v is to move in %q", ErrNoDecision, p, s.Position())
	}
	moves := s.Moves(buf[:0])
	if len(moves) == 0 {
		return nil, fmt.Errorf("%w: no legal move in %q", ErrNoDecision, s.Position())
	}
	return moves, nil
}

// newRand returns the player's random source for a seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// budget watches a search's node count and deadline.
type budget struct {
	nodes    int64
	maxNodes int64
	start    time.Time
	deadline time.Time
	ctx      context.Context
	stopped  bool
}

func newBudget(ctx context.Context, l Limits) budget {
	b := budget{maxNodes: l.Nodes, ctx: ctx, start: time.Now()}
	if d, ok := ctx.Deadline(); ok {
		b.deadline = d
	}
	if l.Time > 0 {
		if d := time.Now().Add(l.Time); b.deadline.IsZero() || d.Before(b.deadline) {
			b.deadline = d
		}
	}
	return b
}

// halfSpent reports whether half the time to the deadline has passed:
// iterative deepening does not start an iteration then, which would
// rarely finish (each costs several times the one before) and would
// spend the rest of the time for little.
func (b *budget) halfSpent() bool {
	if b.deadline.IsZero() {
		return false
	}
	return time.Since(b.start) > b.deadline.Sub(b.start)/2
}

// visit counts one node and reports whether the search must stop.
func (b *budget) visit() bool {
	b.nodes++
	if b.stopped {
		return true
	}
	if b.maxNodes > 0 && b.nodes >= b.maxNodes {
		b.stopped = true
	} else if b.nodes&63 == 0 {
		if !b.deadline.IsZero() && time.Now().After(b.deadline) {
			b.stopped = true
		} else if b.ctx.Err() != nil {
			b.stopped = true
		}
	}
	return b.stopped
}

// sampleChance picks a chance outcome by its weight.
func sampleChance(cms []game.ChanceMove, rng *rand.Rand) game.Move {
	total := game.TotalWeight(cms)
	r := rng.IntN(total)
	for _, c := range cms {
		if r < c.Weight {
			return c.Move
		}
		r -= c.Weight
	}
	return cms[len(cms)-1].Move
}

// winEps is what a ply costs a proven win (or gains a proven loss), so that
// search prefers the shortest win and the longest loss.
const winEps = 1e-6

// heurMargin keeps heuristic values strictly between the values of proven
// losses and wins: a terminal value found at ply d ≤ maxPly is within
// d·winEps of 0 or 1, and heuristic values are mapped affinely into
// [heurMargin, 1-heurMargin], which keeps their order and their whole range.
// Whether a value is proven is never read from the value: the search carries
// an explicit flag with it.
const heurMargin = 2 * maxPly * winEps

// heuristic maps an evaluation in [0, 1] to a search value below every
// proven win and above every proven loss. NaN reads as 1/2 and values
// outside [0, 1] are brought back into it.
func heuristic(v float64) float64 {
	switch {
	case v != v: // NaN
		v = 0.5
	case v < 0:
		v = 0
	case v > 1:
		v = 1
	}
	return heurMargin + v*(1-2*heurMargin)
}

// unheuristic is heuristic's inverse, for reporting an unproven value.
func unheuristic(v float64) float64 {
	return min(max((v-heurMargin)/(1-2*heurMargin), 0), 1)
}

// terminalValue is o's value for p found at ply, shortest wins preferred.
func terminalValue(o game.Outcome, p game.Player, ply int) float64 {
	v := o.Value(p)
	switch v {
	case 1:
		return 1 - float64(ply)*winEps
	case 0:
		return float64(ply) * winEps
	}
	return v
}

// branch returns a deep copy of src to play a move on: written over
// *scratch when that is a game.Copier of src's type, so that a search's
// millions of branches do not allocate, or else a Clone, kept in *scratch
// for the next branch.
func branch(scratch *game.State, src game.State) game.State {
	*scratch = game.CopyOf(*scratch, src)
	return *scratch
}
