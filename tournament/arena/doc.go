// Package arena runs the pairing and scoring of an arena tournament, as
// lichess plays them: during a fixed time, every free player is paired as
// soon as possible with the free player of the nearest rating, never with
// the last opponent while others wait; a win scores 2, a draw 1, a loss 0,
// doubled while a player is on a streak of two wins or more ("on fire"),
// and a player who "berserks" (plays on half the clock, without
// increment) earns one more point for a win.
//
// An Arena is pure and not safe for concurrent use: its owner (one server
// instance at a time) passes the time to every call and serialises them.
// Pair is the hot path: it allocates nothing once its buffers have grown.
package arena
