package toy

import (
	"fmt"

	"plateau/game"
)

// Nim is normal-play Nim: take one or more counters from one heap; who takes
// the last counter wins. The player to move wins iff the heaps' xor is not 0.
type Nim struct {
	base
	Heaps  []int
	toMove game.Player
}

// NewNim returns a Nim position with player 0 to move.
func NewNim(heaps ...int) *Nim { return &Nim{Heaps: heaps} }

// NimGame is Nim with heaps 3, 4, 5 as a game.Game.
var NimGame game.Game = simpleGame{id: "nim", new: func(game.Config) game.State { return NewNim(3, 4, 5) }}

func (n *Nim) Players() int { return 2 }
func (n *Nim) ToMove() game.Player {
	if n.over() {
		return game.Nobody
	}
	return n.toMove
}
func (n *Nim) over() bool {
	for _, h := range n.Heaps {
		if h > 0 {
			return false
		}
	}
	return true
}

// Moves lists heap<<8 | count.
func (n *Nim) Moves(buf []game.Move) []game.Move {
	if n.over() {
		return buf
	}
	for i, h := range n.Heaps {
		for k := 1; k <= h; k++ {
			buf = append(buf, game.Move(i<<8|k))
		}
	}
	return buf
}
func (n *Nim) ChanceMoves(buf []game.ChanceMove) []game.ChanceMove { return buf }
func (n *Nim) Play(m game.Move) error {
	i, k := int(m>>8), int(m&255)
	if n.over() {
		return game.ErrGameOver
	}
	if i >= len(n.Heaps) || k < 1 || k > n.Heaps[i] {
		return fmt.Errorf("nim move %d: %w", m, game.ErrIllegal)
	}
	n.Heaps[i] -= k
	n.toMove = 1 - n.toMove
	return nil
}
func (n *Nim) Clone() game.State {
	c := *n
	c.Heaps = append([]int(nil), n.Heaps...)
	return &c
}
func (n *Nim) Outcome() game.Outcome {
	if !n.over() {
		return game.Outcome{}
	}
	return game.Finished(2, "last counter taken", 1-n.toMove)
}
func (n *Nim) Position() string                      { return fmt.Sprint(n.Heaps, n.toMove) }
func (n *Nim) FormatMove(m game.Move) string         { return fmt.Sprint(uint64(m)) }
func (n *Nim) ParseMove(t string) (game.Move, error) { return parseMove(n, t) }
func (n *Nim) Hash() uint64 {
	h := uint64(n.toMove) + 1
	for _, x := range n.Heaps {
		h = h*1000003 + uint64(x)
	}
	return h
}
