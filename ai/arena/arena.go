package arena

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"plateau/ai"
	"plateau/game"
)

// Entrant is one side of a match: a name and a way to make a fresh player
// (one per game and seat) from a seed.
type Entrant struct {
	Name string
	New  func(seed uint64) (ai.Player, error)
}

// Match describes a match between A and B.
type Match struct {
	Game   game.Game
	Config game.Config // nil: the game's defaults
	A, B   Entrant
	Games  int
	Seed   uint64
	// Workers is the number of games played at once (default GOMAXPROCS).
	Workers int
	// Opening is the number of random plies (rolls included) played before
	// the players take over; both games of a pair share them (default 0).
	Opening int
	// Unpaired gives every game its own opening and dice, where by default
	// the two games of a pair share them with the seats swapped: that
	// evens out the luck between two players, but a deterministic player
	// against itself plays the same game twice, which halves the sample of
	// a self-play match measuring game lengths.
	Unpaired bool
	// MaxPlies ends a game as a draw after so many plies (default 5000).
	MaxPlies int
	// Resign adjudicates two-player games that both players agree are won
	// (zero: never).
	Resign Resign
	// Draw adjudicates two-player games that both players agree are even
	// (zero: never).
	Draw Draw
	// Progress, when set, is called after each game with the number of
	// games finished; calls come from one goroutine at a time.
	Progress func(done, total int)
	// Finished, when set, is called with each game's result as it ends,
	// from the same goroutine as Progress.
	Finished func(GameResult)
	// Luck, when set, makes a fresh reference evaluation for each game,
	// by which every roll's luck is measured (see Adjusted): the game's
	// result then records A's luck, and the match's result the
	// luck-adjusted score.
	Luck func() ai.Eval
	// SPRT, when set, stops the match once its sequential test decides
	// (see SPRT); Games is then the most the match plays.
	SPRT *SPRT
	// Played holds games of this match already played, by an earlier run
	// that stopped: Run counts them and plays the others. A game depends
	// only on the match's settings and its index, so a match resumed this
	// way is the match played at once, if the settings are the same. The
	// result's AStats and BStats count the games played before by what
	// their records say.
	Played []GameResult
}

// Stats sums what a player spent on its moves.
// Run plays the match. A cancelled context stops it; the result then
// counts the games finished.
func (m Match) Run(ctx context.Context) (Result, error) {
	cfg := m.Config
	if cfg == nil {
		cfg = game.DefaultConfig(m.Game)
	}
	played, err := m.played()
	if err != nil {
		return Result{}, err
	}
	test, err := m.sprtTest()
	if err != nil {
		return Result{}, err
	}
	// The games played before go to the test first: a match they decide
	// starts no game (workers started first could finish one before the
	// verdict stopped them).
	r := Result{Game: m.Game.ID(), Variant: cfg.String(), A: m.A.Name, B: m.B.Name}
	decided := false
	var todo []int
	for i := range m.Games {
		g, ok := played[i]
		if !ok {
			todo = append(todo, i)
			continue
		}
		r.Results = append(r.Results, g)
		r.AStats.addGame(g.AStats)
		r.BStats.addGame(g.BStats)
		if test != nil && test.add(g) {
			decided = true
		}
	}
	if decided {
		todo = nil
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var firstErr error
	for d := range m.playAll(ctx, cfg, todo) {
		if d.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = d.err
			}
			cancel()
			continue
		}
		r.Results = append(r.Results, d.res)
		r.AStats.merge(d.a)
		r.BStats.merge(d.b)
		if m.Finished != nil {
			m.Finished(d.res)
		}
		if m.Progress != nil {
			m.Progress(len(r.Results), m.Games)
		}
		if test != nil && test.add(d.res) {
			cancel()
		}
	}
	if test != nil {
		r.SPRT = test.result()
		if test.verdict != "" {
			r.keepUpTo(test.last)
		}
	}
	r.summarize(m.unit)
	if a := adjust(r.Results, m.unit); m.Luck != nil && a.Games > 0 {
		r.Adjusted = &a
	}
	r.Seconds = time.Since(start).Seconds()
	return r, firstErr
}

// played returns the games of m.Played by their index, checked.
func (m Match) played() (map[int]GameResult, error) {
	played := make(map[int]GameResult, len(m.Played))
	for _, g := range m.Played {
		if g.Index < 0 || g.Index >= m.Games {
			return nil, fmt.Errorf("game %d played already: a match of %d games has games 0 to %d", g.Index, m.Games, m.Games-1)
		}
		if _, dup := played[g.Index]; dup {
			return nil, fmt.Errorf("game %d played already twice", g.Index)
		}
		played[g.Index] = g
	}
	return played, nil
}

// sprtTest returns the state of m.SPRT's test, nil without one.
func (m Match) sprtTest() (*sprtState, error) {
	if m.SPRT == nil {
		return nil, nil
	}
	if err := m.SPRT.Check(); err != nil {
		return nil, err
	}
	value := GameResult.adjustedScore // the luck-adjusted score, when measured
	if m.Luck == nil {
		value = func(g GameResult) float64 { return g.Score }
	}
	return newSPRTState(*m.SPRT, m.Games, m.unit, value), nil
}

// gameDone is a game a worker finished, or why it could not.
type gameDone struct {
	res  GameResult
	a, b Stats
	err  error
}

// playAll plays the games todo on m.Workers workers (default GOMAXPROCS)
// and sends each as it ends; the channel closes when all are done or ctx
// is cancelled.
func (m Match) playAll(ctx context.Context, cfg game.Config, todo []int) <-chan gameDone {
	workers := m.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(min(workers, len(todo)), 1)
	jobs := make(chan int)
	results := make(chan gameDone)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				var d gameDone
				d.res, d.a, d.b, d.err = m.play(ctx, cfg, i)
				d.res.AStats, d.res.BStats = d.a.game(), d.b.game()
				results <- d
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	return results
}

// seed derives a seed from the match seed and labels.
func seed(base uint64, labels ...uint64) uint64 {
	h := base ^ 0x6a09e667f3bcc908
	for _, l := range labels {
		h ^= l + 0x9e3779b97f4a7c15 + h<<6 + h>>2
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}

// unit is the independent unit game i belongs to: its pair, which shares
// its opening and dice, or the game itself when unpaired.
func (m Match) unit(i int) int {
	if m.Unpaired {
		return i
	}
	return i / 2
}
