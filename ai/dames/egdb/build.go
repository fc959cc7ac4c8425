package egdb

import (
	"fmt"
	"math/bits"
	"slices"
	"time"

	"plateau/games/dames"
)

// Value is the result of a position for the side to move with best play.
type Value uint8

const (
	Draw Value = iota
	Win
	Loss
)

func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return fmt.Sprintf("Value(%d)", uint8(v))
}

// Stats is what Build found for one material, White to move.
type Stats struct {
	Material            Material
	Wins, Draws, Losses int
	// Longest is the most plies a win takes before it captures, crowns
	// or ends the game, over both sides to move.
	Longest int
	Elapsed time.Duration
}

// States of a position while its material is solved.
const (
	unknown = iota
	won
	lost
	drawn
	invalid
)

// builder solves materials in order into db, whose materials the moves of
// the next ones lead into.
type builder struct {
	db      *DB
	buf     []dames.Move
	missing *Material // a material a move led into, not solved
}

// Build solves every material of 2 to pieces pieces, then the materials
// of extra (each of whose captures and crownings must lead into a material
// solved before it, such as the 5-piece endings of kings alone after every
// 4-piece one), and returns the database. progress, when not nil, is called
// after each material.
func Build(pieces int, extra []Material, progress func(Stats)) (*DB, error) {
	if pieces < 2 || pieces > MaxPieces {
		return nil, fmt.Errorf("egdb: %d pieces: want 2 to %d", pieces, MaxPieces)
	}
	return (&DB{}).Extend(append(Materials(pieces), extra...), progress)
}

// Extend returns a database of db's materials and ms, solved in order:
// each one's captures and crownings must lead into materials db holds or
// that come before it in ms. Materials db holds already are skipped; db
// itself is not changed.
func (db *DB) Extend(ms []Material, progress func(Stats)) (*DB, error) {
	db = &DB{pieces: db.pieces, materials: slices.Clone(db.materials), tables: db.tables}
	b := &builder{db: db, buf: make([]dames.Move, 0, 128)}
	for _, m := range ms {
		if db.tables[m.key()] != nil {
			continue
		}
		start := time.Now()
		l, err := newLayout(m)
		if err != nil {
			return nil, err
		}
		st, err := b.solve(l)
		if err != nil {
			return nil, err
		}
		st.Elapsed = time.Since(start)
		if progress != nil {
			progress(st)
		}
	}
	return db, nil
}

// KingEndings lists the materials of n kings and nothing else, at least
// one a side.
func KingEndings(n int) []Material {
	var out []Material
	for wk := 1; wk < n; wk++ {
		out = append(out, Material{WK: wk, BK: n - wk})
	}
	return out
}

// slice is one material being solved.
type slice struct {
	l     *layout
	state [2][]uint8
	// count holds the moves left undecided that keep the material, and
	// escape (its top bit) a move out of it into a draw.
	count [2][]uint8
	queue []uint32 // index<<1 | side of the positions decided won or lost
}

const escape = 0x80

// solve decides every position of l's material and keeps the result.
func (b *builder) solve(l *layout) (Stats, error) {
	s := &slice{l: l}
	for side := range 2 {
		s.state[side] = make([]uint8, l.size)
		s.count[side] = make([]uint8, l.size)
		for i := range l.size {
			b.initial(s, i, dames.Side(side))
		}
	}
	if b.missing != nil {
		return Stats{}, fmt.Errorf("egdb: %v leads into %v, not solved before it", l.mat, *b.missing)
	}
	longest := b.propagate(s)
	st := Stats{Material: l.mat, Longest: longest}
	v := make([]uint8, l.size)
	for i, x := range s.state[dames.White] {
		switch x {
		case won:
			v[i] = uint8(Win)
			st.Wins++
		case lost:
			v[i] = uint8(Loss)
			st.Losses++
		case drawn, unknown:
			st.Draws++
		}
	}
	b.db.add(&table{l: l, bits: pack(v)})
	return st, nil
}

// initial decides the position numbered i from its moves that leave the
// material (captures, crownings), which lead into materials solved
// already, and counts the others.
func (b *builder) initial(s *slice, i int, side dames.Side) {
	p, ok := s.l.position(i, side)
	if !ok {
		s.state[side][i] = invalid
		return
	}
	moves := p.Generate(b.buf[:0])
	var n, esc uint8
	for _, m := range moves {
		q := p.Play(m)
		if m.Captured == 0 && bits.OnesCount64(q.Kings) == bits.OnesCount64(p.Kings) {
			n++ // a quiet move that crowns nothing keeps the material
			continue
		}
		switch b.value(&q) {
		case Loss:
			s.decide(i, side, won)
			return
		case Draw:
			esc = escape
		}
	}
	switch {
	case n > 0:
		s.count[side][i] = n | esc
	case esc != 0:
		s.state[side][i] = drawn
	default:
		s.decide(i, side, lost) // no move, or every one into a lost ending
	}
}

// value is the result for the side to move of q, of a material solved.
func (b *builder) value(q *dames.Pos) Value {
	if q.Pieces[q.Side] == 0 {
		return Loss
	}
	v, ok := b.db.Probe(q)
	if !ok {
		m := materialOf(q)
		b.missing = &m
	}
	return v
}

func (s *slice) decide(i int, side dames.Side, state uint8) {
	s.state[side][i] = state
	s.queue = append(s.queue, uint32(i)<<1|uint32(side))
}

// propagate follows the decided positions back, layer by layer: a
// position with a move into a lost one is won, one whose every move leads
// into won ones (and none out of the material into a draw) is lost. It
// returns the number of layers.
func (b *builder) propagate(s *slice) int {
	depth := 0
	for len(s.queue) > 0 {
		layer := s.queue
		s.queue = nil
		for _, e := range layer {
			side := dames.Side(e & 1)
			q, _ := s.l.position(int(e>>1), side)
			lostHere := s.state[side][e>>1] == lost
			unmoves(&q, func(p *dames.Pos) {
				j := s.l.index(p.Pieces[dames.White], p.Pieces[dames.Black], p.Kings)
				u := p.Side
				if s.state[u][j] != unknown {
					return
				}
				if lostHere {
					s.decide(j, u, won)
					return
				}
				c := s.count[u][j] - 1
				s.count[u][j] = c
				if c&^escape != 0 {
					return
				}
				if c&escape != 0 {
					s.state[u][j] = drawn
					return
				}
				s.decide(j, u, lost)
			})
		}
		if len(s.queue) > 0 {
			depth++
		}
	}
	return depth
}

const boardMask = (uint64(1)<<54 - 1) &^ (1<<10 | 1<<21 | 1<<32 | 1<<43)

func onBoard(b int) bool { return b >= 0 && b < 54 && boardMask&(1<<b) != 0 }

// unmoves calls fn with every position from which a move that captures
// nothing and crowns nothing leads to q: one piece of the side that moved
// last taken back along its way.
func unmoves(q *dames.Pos, fn func(*dames.Pos)) {
	u := q.Side ^ 1
	occ := q.Pieces[0] | q.Pieces[1]
	back := [2]int{5, 6} // a White man came from a higher bit
	if u == dames.Black {
		back = [2]int{-5, -6}
	}
	for x := q.Pieces[u]; x != 0; x &= x - 1 {
		b := bits.TrailingZeros64(x)
		king := q.Kings>>b&1 != 0
		step := func(o int) {
			p := *q
			p.Pieces[u] = p.Pieces[u]&^(1<<b) | 1<<o
			if king {
				p.Kings = p.Kings&^(1<<b) | 1<<o
			}
			p.Side = u
			fn(&p)
		}
		if !king {
			for _, d := range back {
				if o := b + d; onBoard(o) && occ&(1<<o) == 0 {
					step(o)
				}
			}
			continue
		}
		for _, d := range [4]int{-6, -5, 5, 6} {
			for o := b + d; onBoard(o) && occ&(1<<o) == 0; o += d {
				step(o)
			}
		}
	}
}
