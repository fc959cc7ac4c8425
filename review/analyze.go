package review

import (
	"context"
	"errors"
	"fmt"
	"math"

	"plateau/ai/level"
	"plateau/game"
	"plateau/games/shutbox/solve"
)

// Analysis is the engine's verdict on one position where a player is to
// move: the analysis board's evaluation.
type Analysis struct {
	// Player is the player to move, whom Value is for.
	Player int `json:"player"`
	// Value is Player's win probability in [0, 1] (a draw counts as its
	// share); Proven says the search reached the end of the game on every
	// line that decides it.
	Value  float64 `json:"value"`
	Proven bool    `json:"proven,omitempty"`
	// Unit names the game's natural unit (Report.Unit) and ValueUnit is
	// Value in it, when the game has one and the value is not proven.
	Unit      string   `json:"unit,omitempty"`
	ValueUnit *float64 `json:"value_unit,omitempty"`
	// Best is the engine's move and Line its principal line, Best first
	// (rolls in parentheses).
	Best string   `json:"best"`
	Line []string `json:"line"`
	// Top lists the best moves with their values, best first, when the
	// engine values every move anyway (Shut the Box's exact solver).
	Top []TopMove `json:"top,omitempty"`
	// Engine says what searched; Depth and Nodes what the search did.
	Engine string `json:"engine"`
	Depth  int    `json:"depth,omitempty"`
	Nodes  int64  `json:"nodes,omitempty"`
}

// TopMove is one of Analysis.Top.
type TopMove struct {
	Move      string   `json:"move"`
	Value     float64  `json:"value"`
	ValueUnit *float64 `json:"value_unit,omitempty"`
}

// maxTop bounds Analysis.Top.
const maxTop = 5

// ErrNoPlayer is Analyze's error for a position where no player is to
// move: dice to roll, or a finished game.
var ErrNoPlayer = errors.New("no player to move")

// Analyze searches s, a position of g where a player is to move, with the
// same engines as Review: Shut the Box's exact solver, else the level
// opts.Level ("hard" by default) capped by opts.Budget. It never changes
// s. A position with dice to roll or a finished game gives ErrNoPlayer.
func Analyze(ctx context.Context, g game.Game, s game.State, opts Options) (Analysis, error) {
	p := s.ToMove()
	if p < 0 || s.Outcome().Over {
		return Analysis{}, fmt.Errorf("analyse %q: %w (%v)", s.Position(), ErrNoPlayer, p)
	}
	if g.ID() == "shutbox" {
		return exactAnalysis(s)
	}
	name := opts.Level
	if name == "" {
		name = "hard"
	}
	pl, err := level.New(g.ID(), name, 1, level.Options{Time: opts.Budget})
	if err != nil {
		return Analysis{}, fmt.Errorf("analyse: %w", err)
	}
	defer pl.Close()
	j := &searchJudge{p: pl, budget: opts.Budget}
	if ms := s.Moves(nil); len(ms) == 1 {
		if a, ok, err := forcedAnalysis(ctx, j, s, ms[0]); ok || err != nil {
			a.Engine = "level " + name
			return withUnit(g, a), err
		}
	}
	d, err := j.search(ctx, s.Clone())
	if err != nil && !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
		return Analysis{}, fmt.Errorf("analyse %q: %w", s.Position(), errOr(ctx, err))
	}
	a := Analysis{Player: int(p), Value: d.Score, Proven: d.Proven, Best: s.FormatMove(d.Move), Line: Line(s, d.PV),
		Engine: "level " + name, Depth: d.Depth, Nodes: d.Nodes}
	if len(a.Line) == 0 {
		a.Line = []string{a.Best}
	}
	return withUnit(g, a), nil
}

// withUnit rounds a proven value (shortest wins are worth a hair more: drop
// it) and gives a dames value in men.
func withUnit(g game.Game, a Analysis) Analysis {
	if a.Proven {
		a.Value = math.Round(a.Value*1000) / 1000
	}
	if g.ID() == "dames" {
		a.Unit = "men"
		if !a.Proven {
			a.ValueUnit = men(a.Value)
		}
	}
	return a
}

// forcedAnalysis analyses a position with a single legal move m, which a
// search answers at once without looking further: it searches the position
// after m instead, from the next player's side. It does not apply (ok
// false) when dice are to be rolled after m, or when another of three or
// four players moves next (a paranoid value for another seat says nothing
// of the mover's).
func forcedAnalysis(ctx context.Context, j *searchJudge, s game.State, m game.Move) (Analysis, bool, error) {
	me := s.ToMove()
	c := s.Clone()
	if err := c.Play(m); err != nil {
		return Analysis{}, false, fmt.Errorf("analyse %q: the only move: %w", s.Position(), err)
	}
	a := Analysis{Player: int(me), Best: s.FormatMove(m), Line: []string{s.FormatMove(m)}}
	if o := c.Outcome(); o.Over {
		a.Value, a.Proven = o.Value(me), true
		return a, true, nil
	}
	next := c.ToMove()
	if next < 0 || (next != me && s.Players() > 2) {
		return Analysis{}, false, nil
	}
	d, err := j.search(ctx, c)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
		return Analysis{}, false, fmt.Errorf("analyse %q: %w", c.Position(), errOr(ctx, err))
	}
	a.Value, a.Proven, a.Depth, a.Nodes = d.Score, d.Proven, d.Depth+1, d.Nodes
	if next != me {
		a.Value = 1 - d.Score
	}
	a.Line = append(a.Line, Line(c, d.PV)...)
	return a, true, nil
}

// exactAnalysis is Analyze for Shut the Box: the solver's choices, exact
// alone and with two players (its race heuristic with three or four).
func exactAnalysis(s game.State) (Analysis, error) {
	cs, err := solve.Analyze(s)
	if err != nil {
		return Analysis{}, fmt.Errorf("analyse %q: %w", s.Position(), err)
	}
	if len(cs) == 0 {
		return Analysis{}, fmt.Errorf("analyse %q: the solver lists no choice", s.Position())
	}
	value := func(c solve.Choice) float64 {
		if c.Win != nil {
			return *c.Win
		}
		return c.PShut
	}
	a := Analysis{Player: int(s.ToMove()), Value: value(cs[0]), Proven: s.Players() <= 2, Unit: "expected score",
		Best: cs[0].Move, Line: exactLine(s, cs[0].Move), Engine: "exact solver"}
	for _, c := range cs[:min(len(cs), maxTop)] {
		es := c.ExpectedScore
		a.Top = append(a.Top, TopMove{Move: c.Move, Value: value(c), ValueUnit: &es})
	}
	a.ValueUnit = a.Top[0].ValueUnit
	return a, nil
}
