package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"plateau/game"
)

// fastPerfter is implemented by states with a fast perft of their own
// (dames: bitboards, bulk counting). ok is false when the fast path does
// not apply to the state; the generic perft is used then.
type fastPerfter interface {
	FastPerft(depth int, bulk bool) (nodes uint64, ok bool)
}

// perftResult is the JSON printed by perft --json.
type perftResult struct {
	Depth   int          `json:"depth"`
	Nodes   uint64       `json:"nodes"`
	Seconds float64      `json:"seconds"`
	Divide  []perftSplit `json:"divide,omitempty"`
}

type perftSplit struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

func runPerft(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "perft", "GAME --depth N [--variant K=V]... [--position P] [--divide] [--threads N] [--json]",
		"plateau perft dames --depth 6 --position 'W:W31-50:B1-20' --divide")
	var a gameArgs
	a.register(fs)
	depth := fs.Int("depth", -1, "count the leaves of the move tree at this `depth` (plies)")
	divide := fs.Bool("divide", false, "also give the count below each legal move")
	threads := fs.Int("threads", 1, "share the work among this many goroutines")
	bulk := fs.Bool("bulk", true, "count the last ply's moves without playing them (where the engine can)")
	asJSON := fs.Bool("json", false, `print {"depth":N,"nodes":X,"seconds":S}`)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *depth < 0 {
		return usagef("--depth N is required (N >= 0)")
	}
	if *threads < 1 {
		return usagef("--threads %d: want at least 1", *threads)
	}
	_, _, s, err := a.state(e, pos)
	if err != nil {
		return err
	}
	start := time.Now()
	prog := &progress{w: e.stderr, start: start, depth: *depth}
	res := perftResult{Depth: *depth}
	split := *divide
	if *depth == 0 || s.Outcome().Over {
		res.Nodes = perftCount(s, *depth, *bulk)
		split = false
	} else {
		res.Nodes, res.Divide = perftSplitRoot(ctx, s, *depth, *threads, *bulk, prog)
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	res.Seconds = time.Since(start).Seconds()
	prog.finish()
	if !split {
		res.Divide = nil
	}
	if *asJSON {
		return writeJSON(e, res)
	}
	for _, d := range res.Divide {
		fmt.Fprintf(e.stdout, "%s\t%d\n", d.Move, d.Nodes)
	}
	fmt.Fprintf(e.stdout, "perft(%d) = %d in %.3fs (%.1f million nodes/s)\n", res.Depth, res.Nodes, res.Seconds,
		float64(res.Nodes)/res.Seconds/1e6)
	return nil
}

// perftSplitRoot counts the tree below each root move, the moves shared
// among threads workers, and returns the total and the per-move counts in
// the order the state lists the moves.
func perftSplitRoot(ctx context.Context, s game.State, depth, threads int, bulk bool, prog *progress) (uint64, []perftSplit) {
	moves := s.Moves(nil)
	splits := make([]perftSplit, len(moves))
	// Notation is written here, once: a State is not safe for concurrent
	// use, even to format moves, so the workers touch only their clones.
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = s.FormatMove(m)
	}
	clones := make([]game.State, len(moves))
	for i := range moves {
		clones[i] = s.Clone()
	}
	var (
		mu    sync.Mutex
		next  int
		done  int
		total uint64
		wg    sync.WaitGroup
	)
	for range min(threads, len(moves)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(moves) {
					return
				}
				c := clones[i]
				if err := c.Play(moves[i]); err != nil {
					panic(fmt.Sprintf("perft: listed move %q does not play: %v", names[i], err))
				}
				n := perftCount(c, depth-1, bulk)
				mu.Lock()
				splits[i] = perftSplit{names[i], n}
				done++
				total += n
				prog.report(done, len(moves), total)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return total, splits
}

// perftCount counts the leaves at depth below s, with the state's fast
// perft when it has one.
func perftCount(s game.State, depth int, bulk bool) uint64 {
	if f, ok := s.(fastPerfter); ok {
		if n, ok := f.FastPerft(depth, bulk); ok {
			return n
		}
	}
	bufs := make([][]game.Move, depth+1)
	return genericPerft(s, depth, bufs)
}

// genericPerft counts the leaves of the move tree of any game: every listed
// move (chance outcomes included, whatever their weight) is a branch, and a
// finished game before depth is a leaf that does not count.
func genericPerft(s game.State, depth int, bufs [][]game.Move) uint64 {
	if depth == 0 {
		return 1
	}
	bufs[depth] = s.Moves(bufs[depth][:0])
	moves := bufs[depth]
	var n uint64
	for _, m := range moves {
		c := s.Clone()
		if err := c.Play(m); err != nil {
			panic(fmt.Sprintf("perft: listed move %q does not play: %v", s.FormatMove(m), err))
		}
		n += genericPerft(c, depth-1, bufs)
	}
	return n
}

// progress writes a progress line on stderr once a run has lasted a second.
type progress struct {
	w       io.Writer
	start   time.Time
	depth   int
	last    time.Time
	printed bool
}

func (p *progress) report(done, total int, nodes uint64) {
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	p.printed = true
	el := now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\rperft depth %d: %d/%d root moves, %d nodes, %.1fs, %.1f Mnodes/s ", p.depth, done, total, nodes, el,
		float64(nodes)/el/1e6)
}

func (p *progress) finish() {
	if p.printed {
		fmt.Fprintln(p.w)
	}
}
