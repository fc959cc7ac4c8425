package dames

import "sync"

// maxMoves is the buffer size per ply used by Perft; Generate grows the
// buffer with append when a position has more moves.
const maxMoves = 128

// Perft counts the leaves of the move tree of p at the given depth, draw
// rules and huffing aside (the standard move tree). It counts the moves of
// the nodes at depth-1 without playing them ("bulk counting").
func Perft(p Pos, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([][]Move, depth)
	for i := range stack {
		stack[i] = make([]Move, 0, maxMoves)
	}
	return perft(&p, depth, stack)
}

func perft(p *Pos, depth int, stack [][]Move) uint64 {
	if depth == 1 {
		return uint64(p.Count(stack[0]))
	}
	ms := p.Generate(stack[depth-1][:0])
	stack[depth-1] = ms[:0] // keep a grown buffer
	var n uint64
	for _, m := range ms {
		c := p.Play(m)
		n += perft(&c, depth-1, stack)
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every leaf is played.
func PerftNoBulk(p Pos, depth int) uint64 {
	stack := make([][]Move, depth+1)
	for i := range stack {
		stack[i] = make([]Move, 0, maxMoves)
	}
	return perftNoBulk(&p, depth, stack)
}

func perftNoBulk(p *Pos, depth int, stack [][]Move) uint64 {
	if depth == 0 {
		return 1
	}
	ms := p.Generate(stack[depth][:0])
	stack[depth] = ms[:0]
	var n uint64
	for _, m := range ms {
		c := p.Play(m)
		n += perftNoBulk(&c, depth-1, stack)
	}
	return n
}

// Divide returns, for each legal move of p, the perft count at depth-1 of
// the position after it, in the order Generate lists the moves.
func Divide(p Pos, depth int) ([]Move, []uint64) {
	ms := p.Generate(nil)
	counts := make([]uint64, len(ms))
	for i, m := range ms {
		counts[i] = Perft(p.Play(m), depth-1)
	}
	return ms, counts
}

// PerftParallel is Perft with the subtrees of the root moves shared among
// workers goroutines. done, if not nil, is called after each root move with
// the number of root moves finished and the nodes counted so far; calls are
// serialised.
func PerftParallel(p Pos, depth, workers int, done func(finished, total int, nodes uint64)) uint64 {
	if depth <= 1 {
		return Perft(p, depth)
	}
	ms := p.Generate(nil)
	if workers < 1 {
		workers = 1
	}
	var (
		mu       sync.Mutex
		next     int
		finished int
		total    uint64
		wg       sync.WaitGroup
	)
	for range min(workers, len(ms)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(ms) {
					return
				}
				n := Perft(p.Play(ms[i]), depth-1)
				mu.Lock()
				finished++
				total += n
				if done != nil {
					done(finished, len(ms), total)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return total
}
