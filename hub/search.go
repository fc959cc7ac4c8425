package hub

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"plateau/ai"
	aidames "plateau/ai/dames"
	"plateau/ai/level"
	"plateau/game"
	"plateau/games/dames"
)

// maxDepth bounds the depth of a search (the ai package's own bound).
const maxDepth = 64

// running returns the running search, forgetting one that has ended.
func (e *Engine) running() *job {
	if e.job != nil {
		select {
		case <-e.job.done:
			e.job = nil
		default:
		}
	}
	return e.job
}

// stopSearch stops the running search, if any, and waits for its end.
func (e *Engine) stopSearch() {
	if j := e.running(); j != nil {
		j.cancel()
		<-j.done
		e.job = nil
	}
}

// ponderHit turns pondering into thinking: the move's time starts now.
func (j *job) ponderHit() {
	j.hitOnce.Do(func() {
		close(j.hit)
		j.arm()
	})
}

// arm starts the move's time, if it has one: the search is cancelled when
// it runs out.
func (j *job) arm() {
	if j.budget <= 0 {
		return
	}
	j.mu.Lock()
	j.deadline = time.Now().Add(j.budget)
	j.mu.Unlock()
	t := time.AfterFunc(j.budget, j.clockStop)
	go func() {
		<-j.done
		t.Stop()
	}()
}

// halfSpent reports whether half the move's time has passed: a new depth
// would then rarely finish.
func (j *job) halfSpent() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return !j.deadline.IsZero() && time.Until(j.deadline) < j.budget/2
}

func (j *job) stop() {
	j.stopOnce.Do(func() { close(j.stopped) })
	j.cancel()
}

// searcher returns the engine's player: the level max of dames, whose
// table is kept from one search to the next.
func (e *Engine) searcher() (*aidames.Engine, error) {
	if e.player != nil {
		return e.player, nil
	}
	p, err := level.New("dames", "max", e.opt.Seed, level.Options{Time: time.Hour})
	if err != nil {
		return nil, fmt.Errorf("hub: the dames level max: %w", err)
	}
	s, ok := p.(*aidames.Engine)
	if !ok {
		p.Close()
		return nil, fmt.Errorf("hub: the dames level max is a %T, want the engine of ai/dames", p)
	}
	s.TTBits = e.opt.TTBits
	e.player = s
	return s, nil
}

// startSearch handles go think|ponder|analyze.
func (e *Engine) startSearch(ctx context.Context, l Line) error {
	if e.running() != nil {
		return errors.New("go while a search is running: send stop first")
	}
	mode := "think"
	for _, a := range l.Args {
		if a.Flag && (a.Key == "think" || a.Key == "ponder" || a.Key == "analyze") {
			mode = a.Key
		}
	}
	st := e.state.Clone()
	if st.ToMove() == game.Nobody {
		// Over by a draw rule with moves left: the GUI decides, search the
		// bare position.
		bare, err := dames.Game{}.ParsePosition(e.cfg, st.(*dames.State).Pos().FEN())
		if err == nil && bare.ToMove() != game.Nobody {
			st = bare
		} else {
			// The protocol has no done without a move (the GUI never
			// asks for a move in a finished game): an error alone.
			return fmt.Errorf("go: no legal move in %s, the game is over", FormatPosition(st.(*dames.State).Pos()))
		}
	}
	p, err := e.searcher()
	if err != nil {
		return err
	}
	depth := maxDepth
	for _, d := range []int{e.depth, e.lv.depth} {
		if d > 0 {
			depth = min(depth, d)
		}
	}
	nodes := e.nodes
	if e.lv.nodes > 0 && (nodes == 0 || e.lv.nodes < nodes) {
		nodes = e.lv.nodes
	}
	sctx, cancel := context.WithCancel(ctx)
	clock, clockStop := context.WithCancel(sctx)
	j := &job{cancel: cancel, done: make(chan struct{}), clock: clock, clockStop: clockStop, mode: mode,
		budget: e.moveBudget(), once: mode == "think" && !e.lv.infinite, hit: make(chan struct{}), stopped: make(chan struct{})}
	e.job = j
	e.wg.Add(1)
	go e.search(sctx, j, p, st, depth, nodes)
	return nil
}

// search runs a search, writing an info line for each depth completed,
// then done when the time is up, on stop, or (think) when the depth, nodes
// or a proof end it.
//
// It closes j.done before writing done, so that a go answering that line
// never finds the search still running.
func (e *Engine) search(ctx context.Context, j *job, p *aidames.Engine, st game.State, depth int, nodes int64) {
	defer e.wg.Done()
	hit := j.hit
	if j.mode == "think" {
		j.arm()
		hit = nil
	}
	r := searchRun{e: e, j: j, p: p, st: st, start: time.Now(), nodes: nodes}
	if j.once {
		r.once(ctx, depth)
	} else {
		r.plies(ctx, depth)
	}
	// Pondering and analysis end only on stop (or, pondering, on
	// ponder-hit once the search has nothing left to do).
	if j.mode != "think" && ctx.Err() == nil {
		select {
		case <-j.stopped:
		case <-hit:
		case <-ctx.Done():
		}
	}
	j.cancel()
	close(j.done)
	if !r.have {
		// The search failed (its error is sent): any legal move keeps
		// the GUI's game going; done never comes without a move.
		ms := st.Moves(nil)
		if len(ms) == 0 {
			return
		}
		r.best = ai.Decision{Move: ms[0], PV: ms[:1]}
	}
	args := []string{"move", FormatMove(r.best.Move)}
	if len(r.best.PV) > 1 {
		args = append(args, "ponder", FormatMove(r.best.PV[1]))
	}
	e.send(NewLine("done", args...))
}

// searchRun is one search's progress: the best decision so far and the
// nodes spent.
type searchRun struct {
	e     *Engine
	j     *job
	p     *aidames.Engine
	st    game.State
	start time.Time
	nodes int64 // the node limit, 0 for none

	best     ai.Decision
	have     bool
	total    int64
	reported int // the depth of the last info line
}

// choose runs one search of the engine to depth d (its own iterative
// deepening) under ctx; it reports whether the search may go on.
func (r *searchRun) choose(ctx context.Context, d int) bool {
	r.p.Limits = ai.Limits{Depth: d}
	if r.nodes > 0 {
		if r.nodes-r.total <= 0 {
			return false
		}
		r.p.Limits.Nodes = r.nodes - r.total
	}
	dec, err := r.p.Choose(ctx, r.st)
	if err != nil {
		r.e.sendError(fmt.Errorf("search: %w", err))
		return false
	}
	r.total += dec.Nodes
	if !r.have || dec.Depth >= r.best.Depth {
		r.best, r.have = dec, true
	}
	if dec.Depth > r.reported {
		r.reported = dec.Depth
		r.e.send(infoLine(r.best, r.total, time.Since(r.start)))
	}
	return ctx.Err() == nil && dec.Depth >= d && !dec.Proven &&
		(r.nodes == 0 || r.total < r.nodes) && r.j.clock.Err() == nil
}

// once is the search of go think with a limit: depth 1 first, which does
// not watch the move's time (only stop and quit: on a loaded machine a
// short time could run out before it ends, leaving a move without depth and
// score), then one iterative deepening to the depth asked for until the
// move's time runs out; the deepest depth completed gives the move, or the
// line of a depth the time cut short, which searched the previous best
// first.
func (r *searchRun) once(ctx context.Context, depth int) {
	if r.choose(ctx, 1) && depth > 1 {
		r.choose(r.j.clock, depth)
	}
}

// plies deepens one ply at a time with one search each, writing an info
// line per depth, for analysis and pondering: the engine of ai/dames tells
// nothing before its search ends, so that a single deepening could not
// report its depths as it goes (the table kept between the searches makes
// each depth cheaper than its first search).
func (r *searchRun) plies(ctx context.Context, depth int) {
	for d := 1; d <= depth; d++ {
		// The first depth does not watch the move's time, as in once.
		dctx := r.j.clock
		if d == 1 {
			dctx = ctx
		}
		if !r.choose(dctx, d) || r.j.halfSpent() {
			break // stopped, proven, out of nodes or time, or nothing deeper
		}
	}
}

// infoLine reports a completed depth.
func infoLine(d ai.Decision, nodes int64, elapsed time.Duration) Line {
	pv := make([]string, len(d.PV))
	for i, m := range d.PV {
		pv[i] = FormatMove(m)
	}
	secs := elapsed.Seconds()
	mnps := 0.0 // millions of nodes per second, as Scan writes it
	if secs > 0 {
		mnps = float64(nodes) / secs / 1e6
	}
	return NewLine("info", "depth", strconv.Itoa(d.Depth), "score", Score(d.Score, d.Proven),
		"nodes", strconv.FormatInt(nodes, 10), "time", strconv.FormatFloat(secs, 'f', 3, 64),
		"nps", strconv.FormatFloat(mnps, 'f', 2, 64), "pv", strings.Join(pv, " "))
}

// Score writes a search value in the Hub's unit, men for the side to move
// ("0.35"): an estimate v in [0, 1] (the win probability of the dames
// evaluation, 1/(1+exp(-men/2))) becomes 2·ln(v/(1-v)) men, within ±80;
// a proven win in n plies is 100 - n/100, so that clients reading more than
// 90 as a win (pydraughts) find the distance, and a proven loss its opposite.
func Score(v float64, proven bool) string {
	if proven {
		switch {
		case v > 0.5:
			return fmt.Sprintf("%.2f", 100-math.Round((1-v)/1e-6)/100)
		case v < 0.5:
			return fmt.Sprintf("%.2f", -(100 - math.Round(v/1e-6)/100))
		}
		return "0.00"
	}
	v = min(max(v, 1e-12), 1-1e-12)
	men := min(max(2*math.Log(v/(1-v)), -80), 80)
	if math.Abs(men) < 0.005 {
		men = 0
	}
	return fmt.Sprintf("%.2f", men)
}
