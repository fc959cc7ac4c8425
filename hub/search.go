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
			e.sendError(fmt.Errorf("go: no legal move in %s, the game is over", FormatPosition(st.(*dames.State).Pos())))
			e.send(Line{Cmd: "done"})
			return nil
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
		budget: e.moveBudget(), hit: make(chan struct{}), stopped: make(chan struct{})}
	e.job = j
	e.wg.Add(1)
	go e.search(sctx, j, p, st, depth, nodes)
	return nil
}

// search deepens one ply at a time, writing an info line for each depth
// completed, then done when the time is up, on stop, or (think) when the
// depth, nodes or a proof end it.
//
// It closes j.done before writing done, so that a go answering that line
// never finds the search still running.
func (e *Engine) search(ctx context.Context, j *job, p *aidames.Engine, st game.State, depth int, nodes int64) {
	defer e.wg.Done()
	start := time.Now()
	hit := j.hit
	if j.mode == "think" {
		j.arm()
		hit = nil
	}
	var best ai.Decision
	have := false
	var total int64
	for d := 1; d <= depth; d++ {
		p.Limits = ai.Limits{Depth: d}
		if nodes > 0 {
			if nodes-total <= 0 {
				break
			}
			p.Limits.Nodes = nodes - total
		}
		// The first depth does not watch the move's time (only stop
		// and quit): on a loaded machine a short time could run out
		// before it ends, leaving a move without depth and score.
		dctx := j.clock
		if d == 1 {
			dctx = ctx
		}
		dec, err := p.Choose(dctx, st)
		if err != nil {
			e.sendError(fmt.Errorf("search: %w", err))
			break
		}
		total += dec.Nodes
		if !have || dec.Depth >= best.Depth {
			best, have = dec, true
		}
		if dctx.Err() != nil || dec.Depth < d {
			break // stopped, or nothing deeper to search (one legal move)
		}
		elapsed := time.Since(start)
		e.send(infoLine(best, total, elapsed))
		if dec.Proven || (nodes > 0 && total >= nodes) || j.clock.Err() != nil {
			break // nothing deeper to learn, or the time is up
		}
		if j.halfSpent() {
			break // the next depth would rarely finish
		}
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
	done := Line{Cmd: "done"}
	if have {
		args := []string{"move", FormatMove(best.Move)}
		if len(best.PV) > 1 {
			args = append(args, "ponder", FormatMove(best.PV[1]))
		}
		done = NewLine("done", args...)
	}
	j.cancel()
	close(j.done)
	e.send(done)
}

// infoLine reports a completed depth.
func infoLine(d ai.Decision, nodes int64, elapsed time.Duration) Line {
	pv := make([]string, len(d.PV))
	for i, m := range d.PV {
		pv[i] = FormatMove(m)
	}
	secs := elapsed.Seconds()
	nps := int64(0)
	if secs > 0 {
		nps = int64(float64(nodes) / secs)
	}
	return NewLine("info", "depth", strconv.Itoa(d.Depth), "score", Score(d.Score, d.Proven),
		"nodes", strconv.FormatInt(nodes, 10), "time", strconv.FormatFloat(secs, 'f', 3, 64),
		"nps", strconv.FormatInt(nps, 10), "pv", strings.Join(pv, " "))
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
