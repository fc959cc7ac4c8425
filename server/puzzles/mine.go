package puzzles

import (
	"context"
	"sync"

	"plateau/game"
	"plateau/puzzle"
)

// mineQueue bounds the reviewed games waiting to be mined: more are
// dropped (mining is a bonus, never a backlog).
const mineQueue = 32

// minePreempted is how many times a game's mining starts again after a
// person's search took its worker, before the game is dropped.
const minePreempted = 3

type mineJob struct {
	id    string
	g     game.Game
	cfg   game.Config
	moves []string
}

// miner mines reviewed games for puzzles, one at a time, each in a worker
// at the lowest priority (Deps.Worker).
type miner struct {
	h      *Handler
	jobs   chan mineJob
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	stats puzzle.Stats
	added int
}

func newMiner(h *Handler) *miner {
	m := &miner{h: h, jobs: make(chan mineJob, mineQueue)}
	m.ctx, m.cancel = context.WithCancel(context.Background())
	m.wg.Add(1)
	go m.run()
	return m
}

func (m *miner) close() {
	m.cancel()
	m.wg.Wait()
}

func (m *miner) run() {
	defer m.wg.Done()
	for {
		select {
		case <-m.ctx.Done():
			return
		case j := <-m.jobs:
			m.mine(j)
		}
	}
}

// Reviewed queues a game the server reviewed for mining (its moves in the
// game's notation, rolls included); it never waits: with the queue full
// the game is not mined.
func (h *Handler) Reviewed(id string, g game.Game, cfg game.Config, moves []string) {
	select {
	case h.mine.jobs <- mineJob{id: id, g: g, cfg: cfg, moves: moves}:
	default:
		h.d.Log.Info("puzzles: mining queue full, game not mined", "game", id)
	}
}

// Mined returns what the mining of reviewed games looked at and the
// puzzles it added to the store.
func (h *Handler) Mined() (puzzle.Stats, int) {
	h.mine.mu.Lock()
	defer h.mine.mu.Unlock()
	return h.mine.stats, h.mine.added
}

// mine mines one game and adds its puzzles to the store.
func (m *miner) mine(j mineJob) {
	c, err := puzzle.CriteriaOf(j.g.ID())
	if err != nil {
		return // a game without puzzle criteria
	}
	for range minePreempted {
		wctx, done := m.ctx, func() {}
		if m.h.d.Worker != nil {
			if wctx, done, err = m.h.d.Worker(m.ctx); err != nil {
				return
			}
		}
		ps, stats, err := c.Find(wctx, puzzle.Source{ID: j.id, Game: j.g, Cfg: j.cfg, Moves: j.moves})
		done()
		if m.ctx.Err() != nil {
			return
		}
		if wctx.Err() != nil {
			continue // a person's search took the worker: start again
		}
		if err != nil {
			m.h.d.Log.Warn("puzzles: mining failed", "game", j.id, "err", err)
			return
		}
		rows, err := rows(ps, m.h.d.Now())
		n := 0
		if err == nil {
			n, err = m.h.d.Store.AddPuzzles(m.ctx, rows)
		}
		if err != nil {
			m.h.d.Log.Warn("puzzles: storing mined puzzles failed", "game", j.id, "err", err)
			return
		}
		m.mu.Lock()
		m.stats.Add(stats)
		m.added += n
		m.mu.Unlock()
		m.h.d.Log.Info("puzzles: game mined", "game", j.id, "positions", stats.Positions, "puzzles", stats.Puzzles, "added", n)
		return
	}
}
