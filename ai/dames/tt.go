package dames

import (
	"math/bits"
	"unsafe"

	"plateau/games/dames"
)

// DefaultTTMiB is the size of the transposition table when neither TTMiB
// nor TTBits is set.
const DefaultTTMiB = 64

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	move  dames.Move
	score int16
	depth int8
	flag  uint8
}

const (
	boundUpper uint8 = iota + 1
	boundLower
	boundExact
)

// entryBytes is the size of a slot.
const entryBytes = int(unsafe.Sizeof(ttEntry{}))

// table is the transposition table: a power of two of slots, one per hash
// (the last search of a position replaces the slot unless the slot holds a
// deeper search of the same one). It is kept from one move to the next.
type table []ttEntry

func (t table) slot(h uint64) *ttEntry { return &t[h&(uint64(len(t))-1)] }

// ttBitsFor returns the log2 of the slots that fit in mib MiB (at least
// 2^10).
func ttBitsFor(mib int) int {
	n := uint64(mib) << 20 / uint64(entryBytes)
	if n < 1<<10 {
		return 10
	}
	return bits.Len64(n) - 1
}
