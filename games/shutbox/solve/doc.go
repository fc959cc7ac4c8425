// Package solve solves Shut the Box exactly (package plateau/games/shutbox)
// and plays its optimal policies.
//
// # Solitaire
//
// A player's box only ever loses tiles, so the sets of open tiles (2^9 or
// 2^12 of them) ordered by increasing mask are a topological order, and the
// optimal value at the start of a turn is one dynamic-programming pass:
// the value of a set is the best of the allowed die choices (one die only
// with one_die=seed and open tiles summing to 6 or less) of the expected
// value over the rolls of the best cover, a blocking roll ending the game.
// Solitaire (NewSolitaire, SolitaireFor) holds the two solitaire
// objectives: the minimal expected final score (ExpectedScore) and the
// maximal probability of shutting the box (PShut), each under its own
// optimal policy.
//
// # Two players
//
// The two boxes only interact through the final comparison, but the best
// play depends on the opponent's box. TwoPlayer (NewTwoPlayer,
// TwoPlayerFor) holds F(a, b), the value for the player to move with open
// tiles a against an opponent still in play with open tiles b: the
// probability of winning plus half that of a tie, when both maximise it.
// A turn leads to F(b, a') with a' a proper subset of a (1 - F is the
// mover's value), to the opponent playing alone against a known final
// score when the mover is blocked or shuts the box (a solitaire DP per
// target score, with terminal value 1 below, 1/2 at and 0 above the
// target), so states are solved by increasing total number of open tiles.
// The table has 4^tiles float32 entries: 1 MiB for 9 tiles, 64 MiB for 12.
//
// # Three and four players
//
// The exact state space (up to 2^48 box combinations) is out of reach, so
// MaxWin uses the race heuristic: each opponent still in play is assumed to
// finish with the final-score distribution of the minimal-expected-score
// policy from its open tiles, independently of the others and of the
// player; an opponent out of play has a known score. The value of ending on
// x is then the expected share of first place, and the player maximises
// it exactly over its own box (a solitaire DP with that terminal value). It
// is exact once every opponent is out of play; docs/rules/shutbox.md gives
// its measured edge over the solitaire policies.
//
// # Policy for the AI
//
// BestMove(s) returns the move of the exact policy (Policy{Auto}) for a
// *shutbox.State waiting for a player's die choice or cover; it returns an
// error at a chance node or at the end. Auto means MaxShut alone (the
// solitaire win is shutting the box) and MaxWin with opponents (exact for
// two players, the race heuristic for three and four). Policy{Objective:
// MinScore} plays the minimal-expected-score policy, and so on. The tables
// are solved on first use and cached for the life of the process; the
// first two-player 12-tile decision takes a few seconds. All of it is safe
// for concurrent use.
//
// Analyze lists the legal moves of a position with their values under each
// objective, best first: the hints of "plateau solve shutbox --position".
package solve
