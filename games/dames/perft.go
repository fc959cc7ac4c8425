package dames

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
	if depth == 1 {
		return uint64(p.Count(stack[0]))
	}
	pos := make([]Pos, depth)
	pos[depth-1] = p
	return perft(pos, depth, stack)
}

// perft counts from pos[depth-1]; the children go in pos[depth-2], so that
// a position is copied once and played in place.
func perft(pos []Pos, depth int, stack [][]Move) uint64 {
	p := &pos[depth-1]
	ms := p.Generate(stack[depth-1][:0])
	stack[depth-1] = ms[:0] // keep a grown buffer
	var n uint64
	c := &pos[depth-2]
	if depth == 2 {
		leaf := stack[0]
		for i := range ms {
			*c = *p
			c.play(&ms[i])
			n += uint64(c.Count(leaf))
		}
		return n
	}
	for i := range ms {
		*c = *p
		c.play(&ms[i])
		n += perft(pos, depth-1, stack)
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every leaf is played.
func PerftNoBulk(p Pos, depth int) uint64 {
	stack := make([][]Move, depth+1)
	for i := range stack {
		stack[i] = make([]Move, 0, maxMoves)
	}
	return perftNoBulk(p, depth, stack)
}

func perftNoBulk(p Pos, depth int, stack [][]Move) uint64 {
	if depth == 0 {
		return 1
	}
	ms := p.Generate(stack[depth][:0])
	stack[depth] = ms[:0]
	var n uint64
	for _, m := range ms {
		n += perftNoBulk(p.Play(m), depth-1, stack)
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

// FastPerft counts the leaves of the move tree of s at depth with the bare
// bitboard position, ignoring the draw rules (the standard move tree), with
// bulk counting at the last ply when bulk is true. ok is false when the
// fast path does not apply: with huffing on (which changes the move tree)
// or when the game is over. The plateau perft command uses it through an
// interface, falling back to a perft over game.State.
func (s *State) FastPerft(depth int, bulk bool) (nodes uint64, ok bool) {
	if s.r.huffing || s.out.Over {
		return 0, false
	}
	if bulk {
		return Perft(s.pos, depth), true
	}
	return PerftNoBulk(s.pos, depth), true
}
