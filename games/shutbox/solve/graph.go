package solve

import (
	"fmt"
	"sync"

	"plateau/games/shutbox"
)

// Variant is what the solution depends on: the box size and the one-die
// rule. (The number of players matters only to the multi-player solutions.)
type Variant struct {
	Tiles  int  // 9 or 12
	OneDie bool // one_die=seed
}

// VariantOf returns the variant of a game's rules.
func VariantOf(r shutbox.Rules) Variant { return Variant{Tiles: r.Tiles, OneDie: r.OneDie} }

func (v Variant) String() string {
	od := "never"
	if v.OneDie {
		od = "seed"
	}
	return fmt.Sprintf("tiles=%d one_die=%s", v.Tiles, od)
}

func (v Variant) check() error {
	if v.Tiles != 9 && v.Tiles != 12 {
		return fmt.Errorf("shutbox solve: %d tiles: want 9 or 12", v.Tiles)
	}
	return nil
}

// twoDice[s] is the number of ways out of 36 that two dice sum to s.
var twoDice = [13]float64{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}

// graph lists, for every set of open tiles a and roll s, the sets of open
// tiles left after each legal cover (a with the cover removed), in the
// engine's move order.
type graph struct {
	tiles int
	size  int     // 1 << tiles masks
	max   int     // the sum of all tiles
	off   []int32 // next[off[a*13+s]:off[a*13+s+1]]
	next  []uint16
	sum   []uint8 // sum of the tiles of each mask
}

var (
	graphOnce [2]sync.Once
	graphs    [2]*graph
)

// graphFor returns the cover graph of a box of 9 or 12 tiles, built once.
func graphFor(tiles int) *graph {
	i := 0
	if tiles == 12 {
		i = 1
	}
	graphOnce[i].Do(func() { graphs[i] = newGraph(tiles) })
	return graphs[i]
}

func newGraph(tiles int) *graph {
	g := &graph{tiles: tiles, size: 1 << tiles}
	g.off = make([]int32, 0, g.size*13+1)
	g.sum = make([]uint8, g.size)
	var buf []uint16
	for a := range g.size {
		g.sum[a] = uint8(shutbox.MaskSum(uint16(a)))
		for s := range 13 {
			g.off = append(g.off, int32(len(g.next)))
			buf = shutbox.Covers(uint16(a), s, buf[:0])
			for _, c := range buf {
				g.next = append(g.next, uint16(a)^c)
			}
		}
	}
	g.off = append(g.off, int32(len(g.next)))
	g.max = int(g.sum[g.size-1])
	return g
}

// after returns the sets of tiles left after each cover of roll s from a.
func (g *graph) after(a uint16, s int) []uint16 {
	i := int(a)*13 + s
	return g.next[g.off[i]:g.off[i+1]]
}

// oneDie reports whether a player with open tiles a may roll one die.
func (g *graph) oneDie(v Variant, a uint16) bool {
	return v.OneDie && a != 0 && g.sum[a] <= 6
}

// rollProb calls f for each total of d dice with its probability.
func rollProb(d int, f func(s int, p float64)) {
	if d == 1 {
		for s := 1; s <= 6; s++ {
			f(s, 1.0/6)
		}
		return
	}
	for s := 2; s <= 12; s++ {
		f(s, twoDice[s]/36)
	}
}

// objective scores the end of one player's game: term is the value when
// blocked (or shut, for the empty set) with these open tiles; the player
// maximises the expected value, or minimises it when min is set.
type objective struct {
	term     func(a uint16) float64
	minimise bool
}

// table holds a solitaire objective's optimal values at the start of a
// turn (before the die choice), for every set of open tiles. It is the
// scorer of that objective: the value after a turn is the value at the
// start of the next one.
type table struct {
	g    *graph
	v    Variant
	obj  objective
	val  []float64
	term []float64 // obj.term of every set
}

func (t *table) after(b uint16) float64   { return t.val[b] }
func (t *table) blocked(a uint16) float64 { return t.term[a] }
func (t *table) min() bool                { return t.obj.minimise }

// newTable returns a table with the terminal values filled in and the
// value of the empty set (the box shut).
func newTable(v Variant, obj objective) *table {
	g := graphFor(v.Tiles)
	t := &table{g: g, v: v, obj: obj, val: make([]float64, g.size), term: make([]float64, g.size)}
	for a := range t.term {
		t.term[a] = obj.term(uint16(a))
	}
	t.val[0] = t.term[0]
	return t
}

// solveTable computes an objective's values by dynamic programming: a set
// of open tiles only leads to its own subsets, so increasing mask order
// is a topological order.
func solveTable(v Variant, obj objective) *table {
	t := newTable(v, obj)
	g := t.g
	for a := 1; a < g.size; a++ {
		t.val[a], _ = turnValue(g, v, t, uint16(a))
	}
	return t
}

// solveSubsets is solveTable restricted to the subsets of top, the only
// sets a player with the tiles top open can reach.
func solveSubsets(v Variant, obj objective, top uint16) *table {
	t := newTable(v, obj)
	g := t.g
	subs := make([]uint16, 0, 1<<bitsOn(top))
	for x := top; x != 0; x = (x - 1) & top {
		subs = append(subs, x)
	}
	for i := len(subs) - 1; i >= 0; i-- {
		t.val[subs[i]], _ = turnValue(g, v, t, subs[i])
	}
	return t
}

func bitsOn(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// cache keeps one solution per variant, solved on first use.
type cache[T any] struct {
	mu sync.Mutex
	m  map[Variant]*T
}

func (c *cache[T]) get(v Variant, solve func(Variant) (*T, error)) (*T, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if x, ok := c.m[v]; ok {
		return x, nil
	}
	x, err := solve(v)
	if err != nil {
		return nil, err
	}
	if c.m == nil {
		c.m = map[Variant]*T{}
	}
	c.m[v] = x
	return x, nil
}
