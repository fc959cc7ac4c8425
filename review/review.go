package review

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/game"
	"plateau/games/shutbox/solve"
)

// Verdict is the judgement of a move: "" for none, or one of the constants.
type Verdict string

// The verdicts, from the mildest.
const (
	Inaccuracy Verdict = "inaccuracy"
	Mistake    Verdict = "mistake"
	Blunder    Verdict = "blunder"
)

// The thresholds of the verdicts on a move's loss of win probability (see
// the package doc).
const (
	InaccuracyLoss = 0.05
	MistakeLoss    = 0.10
	BlunderLoss    = 0.20
)

// VerdictOf returns the verdict of a loss of win probability.
func VerdictOf(loss float64) Verdict {
	switch {
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return ""
}

// Options tunes a review.
type Options struct {
	// Level is the ai/level player that searches (default "hard"); Shut
	// the Box always uses its exact solver.
	Level string
	// Budget caps the time of each search, and is the time per search of
	// the level max (0: the level's own limits; max then takes 5s).
	Budget time.Duration
	// Progress, when set, is called after each move is judged with the
	// number of moves replayed and their total.
	Progress func(done, total int)
	// Worker, when set, is called before each search (each solver call
	// for Shut the Box) and waits for the right to compute: the search
	// runs under the context it returns, and done gives the right back
	// once the search is over. If that context ends while ctx has not
	// (the worker was wanted elsewhere), the search is done again with
	// the next right. A server runs its reviews' searches in its AI
	// workers this way. An error stops the review with it.
	Worker func(ctx context.Context) (wctx context.Context, done func(), err error)
}

// work runs f holding a worker of w (see Options.Worker), or at once
// when w is nil; f is run again when its worker is taken back.
func work[T any](ctx context.Context, w func(context.Context) (context.Context, func(), error), f func(ctx context.Context) (T, error)) (T, error) {
	if w == nil {
		return f(ctx)
	}
	for {
		wctx, done, err := w(ctx)
		if err != nil {
			var zero T
			return zero, fmt.Errorf("waiting for a worker: %w", err)
		}
		v, err := f(wctx)
		taken := wctx.Err() != nil && ctx.Err() == nil
		done()
		if !taken {
			return v, err
		}
	}
}

// Report is the review of a game.
type Report struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	// Engine says what judged the moves: "exact solver" or a level.
	Engine string `json:"engine"`
	// Unit names the natural unit of Move.BeforeUnit and AfterUnit, ""
	// when the game has none.
	Unit      string    `json:"unit,omitempty"`
	Moves     []Move    `json:"moves"`
	Summaries []Summary `json:"summaries"`
}

// Move is the review of one move a player chose.
type Move struct {
	// Ply is the move's index in the game's move list, from 1 (rolls
	// counted).
	Ply int `json:"ply"`
	// Player is the mover's seat, from 0.
	Player int `json:"player"`
	// Roll is the roll the move answers, when the last move was one.
	Roll string `json:"roll,omitempty"`
	// Move is the move's notation.
	Move string `json:"move"`
	// Forced says the move was the only legal one.
	Forced bool `json:"forced,omitempty"`
	// Before and After are the mover's win probability before and after
	// the move; Loss is Before - After, never below zero.
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	Loss   float64 `json:"loss"`
	// BeforeUnit and AfterUnit are the same values in the game's unit
	// (Report.Unit), when it has one and the value is not a proven result.
	BeforeUnit *float64 `json:"before_unit,omitempty"`
	AfterUnit  *float64 `json:"after_unit,omitempty"`
	// Best is the engine's best move and Line its line, Best first
	// (rolls in parentheses).
	Best    string   `json:"best"`
	Line    []string `json:"line"`
	Verdict Verdict  `json:"verdict,omitempty"`
}

// Summary sums up one player's moves.
type Summary struct {
	Player       int     `json:"player"`
	Moves        int     `json:"moves"`
	AverageLoss  float64 `json:"average_loss"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// Review replays moves (notated, rolls included) from the start of g with
// cfg and judges every move a player chose. The error names the move that
// does not replay.
func Review(ctx context.Context, g game.Game, cfg game.Config, moves []string, opts Options) (Report, error) {
	s, err := g.New(cfg)
	if err != nil {
		return Report{}, fmt.Errorf("review: new %s game: %w", g.ID(), err)
	}
	return ReviewFrom(ctx, g, s, moves, opts)
}

// ReviewFrom is Review from a position s of g (a parsed position text, or
// a game's start), which it plays the moves on: pass a clone to keep s.
// Ply counts the moves from s.
func ReviewFrom(ctx context.Context, g game.Game, s game.State, moves []string, opts Options) (Report, error) {
	r := Report{Game: g.ID(), Players: s.Players(), Moves: []Move{}}
	var j judge
	if g.ID() == "shutbox" {
		j = exactJudge{worker: opts.Worker}
		r.Engine, r.Unit = "exact solver", "expected score"
	} else {
		name := opts.Level
		if name == "" {
			name = "hard"
		}
		p, err := level.New(g.ID(), name, 1, level.Options{Time: opts.Budget})
		if err != nil {
			return Report{}, fmt.Errorf("review: %w", err)
		}
		defer p.Close()
		sj := &searchJudge{p: p, budget: opts.Budget, worker: opts.Worker}
		if g.ID() == "dames" {
			sj.unit, r.Unit = men, "men"
		}
		j, r.Engine = sj, "level "+name
	}
	roll := ""
	for i, text := range moves {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		m, err := s.ParseMove(text)
		if err != nil {
			return Report{}, fmt.Errorf("review: move %d %q: %w", i+1, text, err)
		}
		mover := s.ToMove()
		if mover == game.Chance {
			roll = s.FormatMove(m)
			if err := s.Play(m); err != nil {
				return Report{}, fmt.Errorf("review: move %d %q: %w", i+1, text, err)
			}
			continue
		}
		if mover < 0 {
			return Report{}, fmt.Errorf("review: move %d %q: the game is over", i+1, text)
		}
		rm, err := j.judge(ctx, s, m)
		if err != nil {
			if ctx.Err() != nil {
				return Report{}, ctx.Err()
			}
			return Report{}, fmt.Errorf("review: move %d %q: %w", i+1, text, err)
		}
		rm.Ply, rm.Player, rm.Roll, rm.Move = i+1, int(mover), roll, s.FormatMove(m)
		rm.Loss = max(rm.Before-rm.After, 0)
		if !rm.Forced && rm.Move != rm.Best {
			rm.Verdict = VerdictOf(rm.Loss)
		}
		roll = ""
		r.Moves = append(r.Moves, rm)
		if err := s.Play(m); err != nil {
			return Report{}, fmt.Errorf("review: move %d %q: %w", i+1, text, err)
		}
		if opts.Progress != nil {
			opts.Progress(i+1, len(moves))
		}
	}
	r.Summaries = summarise(r.Players, r.Moves)
	return r, nil
}

// summarise sums up the moves per player.
func summarise(players int, moves []Move) []Summary {
	out := make([]Summary, players)
	for i := range out {
		out[i].Player = i
	}
	for _, m := range moves {
		if m.Player < 0 || m.Player >= players {
			continue
		}
		sm := &out[m.Player]
		sm.Moves++
		sm.AverageLoss += m.Loss
		switch m.Verdict {
		case Inaccuracy:
			sm.Inaccuracies++
		case Mistake:
			sm.Mistakes++
		case Blunder:
			sm.Blunders++
		}
	}
	for i := range out {
		if out[i].Moves > 0 {
			out[i].AverageLoss /= float64(out[i].Moves)
		}
	}
	return out
}

// judge values a move m in s for the player to move: Before, After,
// BeforeUnit, AfterUnit, Best, Line and Forced of the result.
type judge interface {
	judge(ctx context.Context, s game.State, m game.Move) (Move, error)
}

// exactJudge judges Shut the Box by its exact solver.
type exactJudge struct {
	worker func(context.Context) (context.Context, func(), error)
}

func (j exactJudge) judge(ctx context.Context, s game.State, m game.Move) (Move, error) {
	cs, err := work(ctx, j.worker, func(context.Context) ([]solve.Choice, error) { return solve.Analyze(s) })
	if err != nil {
		return Move{}, err
	}
	if len(cs) == 0 {
		return Move{}, errors.New("the solver lists no choice")
	}
	value := func(c solve.Choice) float64 {
		if c.Win != nil {
			return *c.Win
		}
		return c.PShut
	}
	played := s.FormatMove(m)
	best := cs[0]
	out := Move{Forced: len(cs) == 1, Best: best.Move, Before: value(best)}
	bu := best.ExpectedScore
	out.BeforeUnit = &bu
	found := false
	for _, c := range cs {
		if c.Move == played {
			au := c.ExpectedScore
			out.After, out.AfterUnit, found = value(c), &au, true
		}
	}
	if !found {
		return Move{}, fmt.Errorf("the solver does not list the move %q", played)
	}
	if value(best)-out.After < 1e-12 { // as good as the best: the played move is a best one
		out.Best = played
		out.Before, out.BeforeUnit = out.After, out.AfterUnit
	}
	out.Line = exactLine(s, out.Best)
	return out, nil
}

// exactLine is the solver's line from a move: the mover's decisions up to
// the next roll.
func exactLine(s game.State, first string) []string {
	line := []string{first}
	st := s.Clone()
	me := st.ToMove()
	m, err := st.ParseMove(first)
	for err == nil {
		if err = st.Play(m); err != nil || st.ToMove() != me {
			break
		}
		if m, err = solve.BestMove(st); err == nil {
			line = append(line, st.FormatMove(m))
		}
	}
	return line
}

// searchJudge judges by an ai search player.
type searchJudge struct {
	p      ai.Player
	budget time.Duration
	unit   func(v float64) *float64
	worker func(context.Context) (context.Context, func(), error)
}

// search runs one search within the budget.
func (j *searchJudge) search(ctx context.Context, s game.State) (ai.Decision, error) {
	return work(ctx, j.worker, func(ctx context.Context) (ai.Decision, error) {
		if j.budget > 0 { // from the worker's start: the wait is not the search's
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, j.budget)
			defer cancel()
		}
		d, err := j.p.Choose(ctx, s)
		if err != nil {
			return d, err
		}
		return d, ctx.Err()
	})
}

func (j *searchJudge) judge(ctx context.Context, s game.State, m game.Move) (Move, error) {
	me := s.ToMove()
	n := len(s.Moves(nil))
	var out Move
	if n == 1 {
		v, err := j.after(ctx, s, m, me)
		if err != nil {
			return Move{}, err
		}
		out = Move{Forced: true, Before: v, After: v, Best: s.FormatMove(m), Line: []string{s.FormatMove(m)}}
	} else {
		d, err := j.search(ctx, s)
		if err != nil && !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
			return Move{}, fmt.Errorf("searching the position: %w", errOr(ctx, err))
		}
		before, err := j.after(ctx, s, d.Move, me)
		if err != nil {
			return Move{}, err
		}
		after := before
		if m != d.Move {
			if after, err = j.after(ctx, s, m, me); err != nil {
				return Move{}, err
			}
		}
		out = Move{Before: max(before, after), After: after, Best: s.FormatMove(d.Move), Line: Line(s, d.PV)}
	}
	if j.unit != nil {
		out.BeforeUnit, out.AfterUnit = j.unit(out.Before), j.unit(out.After)
	}
	return out, nil
}

// errOr returns ctx's error when it has one, err otherwise.
func errOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// after is the value for me of s after m.
func (j *searchJudge) after(ctx context.Context, s game.State, m game.Move, me game.Player) (float64, error) {
	c := s.Clone()
	if err := c.Play(m); err != nil {
		return 0, err
	}
	return j.value(ctx, c, me)
}

// value is the value of s for me: its outcome, a search of it from the
// side to move, or the average over its rolls.
func (j *searchJudge) value(ctx context.Context, s game.State, me game.Player) (float64, error) {
	if o := s.Outcome(); o.Over {
		return o.Value(me), nil
	}
	switch p := s.ToMove(); {
	case p == game.Chance:
		cms := s.ChanceMoves(nil)
		total, sum := 0, 0.0
		for _, cm := range cms {
			v, err := j.after(ctx, s, cm.Move, me)
			if err != nil {
				return 0, err
			}
			sum += float64(cm.Weight) * v
			total += cm.Weight
		}
		if total == 0 {
			return 0, errors.New("a roll with no outcome")
		}
		return sum / float64(total), nil
	case p != me && s.Players() > 2:
		return ai.DefaultEval(s, me), nil
	default:
		d, err := j.search(ctx, s)
		if err != nil && !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
			return 0, fmt.Errorf("searching after the move: %w", errOr(ctx, err))
		}
		v := d.Score
		if d.Proven { // shortest wins are worth a hair more: drop it
			v = math.Round(v*1000) / 1000
		}
		if p != me {
			return 1 - v, nil
		}
		return v, nil
	}
}

// men converts a dames value to men (see the package doc); nil for a
// proven result.
func men(v float64) *float64 {
	if v <= 1e-9 || v >= 1-1e-9 {
		return nil
	}
	m := 2 * math.Log(v/(1-v))
	return &m
}

// Line writes a line of moves from s in the game's notation, rolls in
// parentheses; it stops at a move that does not play.
func Line(s game.State, pv []game.Move) []string {
	out := []string{}
	st := s.Clone()
	for _, m := range pv {
		text := st.FormatMove(m)
		if st.ToMove() == game.Chance {
			text = "(" + text + ")"
		}
		if err := st.Play(m); err != nil {
			break
		}
		out = append(out, text)
	}
	return out
}
