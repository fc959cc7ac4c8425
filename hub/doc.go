// Package hub speaks the Hub protocol (version 2, as Scan 3.x and the Hub
// GUI use it) for Plateau's international draughts engine, so that draughts
// tools (Hub, pydraughts' HubEngine, lidraughts' draughtsnet) can drive it.
//
// Every line, in both directions, is a command followed by arguments
// key=value or bare flags; a value with a space, '=' or nothing in it is
// written in double quotes. ParseLine reads one, Line.String writes one.
//
// A Hub position is the side to move (W or B) followed by the 50 squares in
// order, each w or b for a man, W or B for a king and e for an empty square:
//
//	Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
//
// is the start. A Hub move is from-to for a quiet move ("32-28") and, for a
// capture, from x to followed by every captured square in increasing order
// ("28x19x23", "26x37x21x31"), which names a capture exactly. ParsePosition,
// FormatPosition, FormatMove and ParseMove convert with package dames.
//
// Engine runs the engine side of a session (hub, init, set-param, new-game,
// pos, level, go think|ponder|analyze, ponder-hit, stop, ping, quit); the
// search is the max level of package ai/level: go think with a limit is one
// iterative deepening (after depth 1, which the move's time does not cut);
// analysis and pondering deepen one ply at a time so that every completed
// depth is reported on an info line. The end of the input ends a session at
// once, whatever runs.
package hub
