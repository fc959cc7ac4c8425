package mahbousse

import (
	"slices"
	"sync"

	"plateau/game"
)

// A step moves one checker with one die, or, under sum=jump, with several
// dice at once (k > 1, dist their sum). from is in the mover's numbering;
// the checker lands on from-dist, or is borne off when that is 0 or less.
type step struct {
	from, dist, k int8
}

// to is the landing point in the mover's numbering, 0 for off.
func (st step) to() int8 { return max(st.from-st.dist, 0) }

// maxSteps bounds the single steps available at one node: two die values
// times 15 sources, plus jumps.
const maxSteps = 96

// roll is the state of the dice during a turn: how many dice of each value
// are left to play, and the roll itself.
type roll struct {
	d   [2]int8 // the two dice, larger first
	rem [7]int8 // dice of each value not yet played
}

func newRoll(a, b int8) roll {
	var r roll
	r.d = [2]int8{max(a, b), min(a, b)}
	if a == b {
		r.rem[a] = 4
	} else {
		r.rem[a], r.rem[b] = 1, 1
	}
	return r
}

func (r *roll) double() bool { return r.d[0] == r.d[1] }

// consume removes the dice used by st.
func (r *roll) consume(st step) {
	switch {
	case st.k == 1:
		r.rem[st.dist]--
	case r.double():
		r.rem[r.d[0]] -= st.k
	default:
		r.rem[r.d[0]]--
		r.rem[r.d[1]]--
	}
}

// legalSteps appends the steps p may make next on b with the dice left in
// d under rules r.
func legalSteps(b *board, p int8, d *roll, r *Rules, out []step) []step {
	home := b.allHome(p)
	for v := int8(6); v >= 1; v-- {
		if d.rem[v] > 0 {
			out = dieSteps(b, p, v, home, r, out)
		}
	}
	if !r.Jump || (home && !r.Standard) {
		return out
	}
	// sum=jump: one checker moves several dice at once without touching
	// down; a jump always lands on the board.
	if !d.double() {
		if d.rem[d.d[0]] > 0 && d.rem[d.d[1]] > 0 {
			out = jumps(b, p, d.d[0]+d.d[1], 2, out)
		}
		return out
	}
	for k := int8(2); k <= d.rem[d.d[0]]; k++ {
		out = jumps(b, p, k*d.d[0], k, out)
	}
	return out
}

func jumps(b *board, p, dist, k int8, out []step) []step {
	for n := int8(24); n > dist; n-- {
		if b.free(p, n) > 0 && b.open(p, n-dist) {
			out = append(out, step{n, dist, k})
		}
	}
	return out
}

// dieSteps appends the steps of one die v.
func dieSteps(b *board, p, v int8, home bool, r *Rules, out []step) []step {
	if home && !r.Standard {
		// bearoff=seed: a die bears off when it can, from its own point,
		// else from a lower one; only otherwise does it move a checker.
		if b.free(p, v) > 0 {
			return append(out, step{v, v, 1})
		}
		found := false
		for n := v - 1; n >= 1; n-- {
			if b.free(p, n) > 0 {
				out = append(out, step{n, v, 1})
				found = true
				if r.Highest {
					break
				}
			}
		}
		if found {
			return out
		}
	}
	var hi int8
	if home {
		hi = b.highest(p)
	}
	for n := int8(24); n >= 1; n-- {
		if b.free(p, n) == 0 {
			continue
		}
		switch t := n - v; {
		case t >= 1:
			if b.open(p, t) {
				out = append(out, step{n, v, 1})
			}
		case t == 0:
			if home {
				out = append(out, step{n, v, 1})
			}
		default:
			// Only bearoff=standard gets here with home set: a die
			// larger than every occupied point bears off the highest.
			if home && n == hi {
				out = append(out, step{n, v, 1})
			}
		}
	}
	return out
}

// Move encoding. A turn: bit 60 set, bits 0-2 the number of steps (0 for a
// pass), then 12 bits per step from bit 3: from (5 bits), dist (5 bits),
// k-1 (2 bits). A roll: bit 63 set, bit 62 for the opening roll, bits 0-2
// and 3-5 the two dice (the opening: x's die then o's; a turn's roll:
// larger first).
const (
	turnFlag    = 1 << 60
	chanceFlag  = 1 << 63
	openingFlag = 1 << 62
	stepBits    = 12
)

func encodeTurn(seq []step) game.Move {
	m := uint64(turnFlag) | uint64(len(seq))
	for i, st := range seq {
		m |= (uint64(st.from) | uint64(st.dist)<<5 | uint64(st.k-1)<<10) << (3 + stepBits*i)
	}
	return game.Move(m)
}

// decodeTurn unpacks a turn; ok is false when m is not shaped like one.
// Legality is checked by the caller.
func decodeTurn(m game.Move) (seq [4]step, n int, ok bool) {
	u := uint64(m)
	n = int(u & 7)
	if u&^(1<<(3+stepBits*n)-1) != turnFlag || n > 4 {
		return seq, 0, false
	}
	for i := range n {
		f := u >> (3 + stepBits*i)
		seq[i] = step{int8(f & 31), int8(f >> 5 & 31), int8(f>>10&3) + 1}
		if seq[i].from < 1 || seq[i].from > 24 || seq[i].dist < 1 {
			return seq, 0, false
		}
	}
	return seq, n, true
}

func encodeRoll(a, b int8, opening bool) game.Move {
	m := uint64(chanceFlag) | uint64(a) | uint64(b)<<3
	if opening {
		m |= openingFlag
	}
	return game.Move(m)
}

// gen generates the full-turn moves of one position. Generators are pooled:
// they carry two hash sets too big to zero at every call.
type gen struct {
	p       int8
	r       Rules
	seq     [4]step
	best    int // rank of the sequences kept so far
	results hset
	memo    hset
	out     []game.Move
	start   int
	own     []game.Move // scratch list for legality checks
}

var genPool = sync.Pool{New: func() any { return new(gen) }}

// turnMoves appends p's legal turns with roll d on b to buf: every sequence
// of steps the dice rules allow, one per resulting position.
func turnMoves(b *board, p int8, d roll, r Rules, buf []game.Move) []game.Move {
	g := genPool.Get().(*gen)
	buf = g.run(b, p, d, r, buf)
	genPool.Put(g)
	return buf
}

// hasTurn reports whether m is one of p's legal turns, without allocating.
func hasTurn(b *board, p int8, d roll, r Rules, m game.Move) bool {
	g := genPool.Get().(*gen)
	g.own = g.run(b, p, d, r, g.own[:0])
	ok := slices.Contains(g.own, m)
	genPool.Put(g)
	return ok
}

func (g *gen) run(b *board, p int8, d roll, r Rules, buf []game.Move) []game.Move {
	g.p, g.r, g.best = p, r, -1
	g.out, g.start = buf, len(buf)
	g.results.reset()
	g.memo.reset()
	g.walk(*b, d, 0, 0)
	if len(g.out) == g.start {
		g.out = append(g.out, encodeTurn(nil)) // no step is possible: pass
	}
	buf = g.out
	g.out = nil
	return buf
}

// rank orders complete sequences under mustuse=max: more dice first, then,
// when a single die of a non-double is played, the larger die.
func rank(d *roll, used int) int {
	if used == 1 && !d.double() {
		if d.rem[d.d[0]] == 0 {
			return 10 + int(d.d[0])
		}
		return 10 + int(d.d[1])
	}
	return used * 10
}

func (g *gen) walk(b board, d roll, depth, used int) {
	var buf [maxSteps]step
	steps := legalSteps(&b, g.p, &d, &g.r, buf[:0])
	if g.r.Free {
		if depth > 0 {
			g.record(&b, depth, 0)
		}
	} else if len(steps) == 0 {
		g.record(&b, depth, rank(&d, used))
	}
	if len(steps) == 0 {
		return
	}
	// A node reached before with the same dice left has the same
	// continuations: skip it (transpositions of independent steps).
	if depth > 0 && !g.memo.add(b.hash()^remHash(&d)) {
		return
	}
	for _, st := range steps {
		nb, nd := b, d
		nd.consume(st)
		nb.move(g.p, st.from, st.to())
		g.seq[depth] = st
		g.walk(nb, nd, depth+1, used+int(st.k))
	}
}

func (g *gen) record(b *board, depth, rank int) {
	if !g.r.Free {
		if rank < g.best {
			return
		}
		if rank > g.best {
			g.best = rank
			g.out = g.out[:g.start]
			g.results.reset()
		}
	}
	if g.results.add(b.hash()) {
		g.out = append(g.out, encodeTurn(g.seq[:depth]))
	}
}

// hset is a set of 64-bit hashes, emptied in constant time by stamping.
type hset struct {
	keys  [hsetSize]uint64
	stamp [hsetSize]uint32
	cur   uint32
	n     int
}

const hsetSize = 1 << 13

func (s *hset) reset() {
	s.cur++
	s.n = 0
	if s.cur == 0 {
		clear(s.stamp[:])
		s.cur = 1
	}
}

// add adds k and reports whether it was new. A set filled to three
// quarters stops remembering (never reached: a turn has at most a few
// thousand distinct results).
func (s *hset) add(k uint64) bool {
	if s.n >= hsetSize*3/4 {
		return true
	}
	i := k & (hsetSize - 1)
	for {
		if s.stamp[i] != s.cur {
			s.stamp[i], s.keys[i] = s.cur, k
			s.n++
			return true
		}
		if s.keys[i] == k {
			return false
		}
		i = (i + 1) & (hsetSize - 1)
	}
}

// Zobrist keys, from a fixed splitmix64 sequence.
var (
	zPt    [24][2*checkers + 1]uint64
	zPin   [24]uint64
	zOff   [2][checkers + 1]uint64
	zRem   [7][5]uint64
	zPhase [4]uint64
	zTurn  [3]uint64
	zDice  [7][7]uint64
	zScore [2][MaxMatch * 2]uint64
)

func init() {
	next := game.NewKeySource(0x6d61686275737365).Next
	for i := range zPt {
		for j := range zPt[i] {
			zPt[i][j] = next()
		}
		zPin[i] = next()
	}
	for p := range zOff {
		for j := range zOff[p] {
			zOff[p][j] = next()
		}
		zTurn[p] = next()
		zTurn[2] ^= next()
		for j := range zScore[p] {
			zScore[p][j] = next()
		}
	}
	for v := range zRem {
		for j := range zRem[v] {
			zRem[v][j] = next()
		}
		for j := range zDice[v] {
			zDice[v][j] = next()
		}
	}
	for i := range zPhase {
		zPhase[i] = next()
	}
}

// hash is the board's Zobrist hash.
func (b *board) hash() uint64 { return b.h }

// rehash computes the hash from scratch, after the board was set directly.
func (b *board) rehash() {
	h := zOff[0][b.off[0]] ^ zOff[1][b.off[1]]
	for i, v := range b.pt {
		h ^= cellKey(int8(i), v, b.pin[i])
	}
	b.h = h
	b.away = [2]int8{b.countAway(0), b.countAway(1)}
}

func cellKey(i, v int8, pin bool) uint64 {
	k := zPt[i][v+checkers]
	if pin {
		k ^= zPin[i]
	}
	return k
}

func remHash(d *roll) uint64 {
	var h uint64
	for v := 1; v <= 6; v++ {
		h ^= zRem[v][d.rem[v]]
	}
	return h
}
