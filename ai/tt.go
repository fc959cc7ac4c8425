package ai

import "plateau/game"

// Bound flags of transposition table entries.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	move  game.Move
	value float64
	depth int16
	flag  uint8
	// proven says the value (or bound) holds for the game's exact value:
	// no position cut by the horizon decides it.
	proven bool
}

// table is a transposition table: a power-of-two array indexed by the low
// bits of the key, replacing an entry when the key differs or the new
// search is at least as deep.
type table struct {
	entries []ttEntry
	mask    uint64
}

func newTable(bits int) *table {
	n := uint64(1) << bits
	return &table{entries: make([]ttEntry, n), mask: n - 1}
}

func (t *table) probe(key uint64) (*ttEntry, bool) {
	e := &t.entries[key&t.mask]
	return e, e.key == key && e.flag != 0
}

func (t *table) store(key uint64, depth int, v float64, flag uint8, m game.Move, proven bool) {
	e := &t.entries[key&t.mask]
	if e.key == key && int(e.depth) > depth && e.flag != 0 {
		return
	}
	*e = ttEntry{key: key, move: m, value: v, depth: int16(depth), flag: flag, proven: proven}
}

// ttKey mixes the position hash with the player to move and the player
// whose value the search computes.
func ttKey(h uint64, toMove, root game.Player) uint64 {
	return h ^ uint64(int64(toMove)+3)*0x9e3779b97f4a7c15 ^ uint64(int64(root)+3)*0xc2b2ae3d27d4eb4f
}

// toTT converts a value found at ply into one relative to the node, so that
// proven wins and losses keep their distance when met again at another ply.
// Unproven values are stored as they are.
func toTT(v float64, ply int, proven bool) float64 {
	switch {
	case !proven:
	case isWin(v):
		return v + float64(ply)*winEps
	case isLoss(v):
		return v - float64(ply)*winEps
	}
	return v
}

func fromTT(v float64, ply int, proven bool) float64 {
	switch {
	case !proven:
	case isWin(v):
		return v - float64(ply)*winEps
	case isLoss(v):
		return v + float64(ply)*winEps
	}
	return v
}
