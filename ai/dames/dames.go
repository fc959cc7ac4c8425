// Package dames is the draughts knowledge of Plateau's AI: a quiescence
// test (a capture is pending) so that search never stops in the middle of
// an exchange, and move ordering that tries the biggest captures first. The evaluation is the engine's own
// (material with kings worth three men, advancement, centre).
package dames

import (
	"plateau/game"
)

// captureBits masks the captured squares of a packed dames move
// (bits 12-61); bit 62 marks a huff.
const (
	captureBits = (game.Move(1)<<50 - 1) << 12
	huffFlag    = game.Move(1) << 62
)

// IsCapture reports whether m, a move of a dames state, captures.
func IsCapture(m game.Move) bool { return m&huffFlag == 0 && m&captureBits != 0 }

// Quiesce returns a test reporting states whose side to move must
// capture. Captures are compulsory, so a state with one capture lists only
// captures. The returned function keeps a move buffer: use one per player.
func Quiesce() func(s game.State) bool {
	var buf []game.Move
	return func(s game.State) bool {
		buf = s.Moves(buf[:0])
		return len(buf) > 0 && IsCapture(buf[len(buf)-1])
	}
}

// Order scores a move for ordering: the number of pieces it captures.
func Order(_ game.State, m game.Move) int {
	n := 0
	for c := (m & captureBits) >> 12; c != 0; c &= c - 1 {
		n++
	}
	return n
}
