// Package puzzle finds, proves and rates puzzles: positions from real
// games (people's or the computer's own) where the side to move has one
// move clearly better than every other, as lichess's and lidraughts'
// puzzles are.
//
// # Criteria
//
// A position is a puzzle when, by the game's measure, the best move's
// value (the mover's win probability in [0, 1]) exceeds the value of every
// other legal move by at least the game's margin (Criteria.Margin), and
// the line stays unique: after the best move and the opponent's best reply
// (the computer plays it on the puzzle page), the mover's next move is
// again better than every other by the margin, for each of the solution's
// moves (up to Criteria.MaxMoves of the solver's moves). A forced move
// (the only legal one) starts no puzzle. Dice games judge the play for the
// roll shown, which is part of the puzzle; their line ends at the next roll.
//
// The measure is the exact solver for Shut the Box (games/shutbox/solve)
// and a depth-limited search for the others (ai.Search with each game's
// evaluation, ordering and quiescence, as the levels of ai/level use
// them). Depth limits, never time, bound every search, so that a position
// gets the same verdict on any machine, however loaded.
//
// # Proof
//
// Each puzzle is found by a search (Criteria.Find) and kept only when a
// deeper one (Criteria.Verify) finds the same moves unique by the same
// margin; Shut the Box's exact solver is both. Verify repeats the deeper
// check on a stored puzzle: the test of the shipped seed set (Seed) runs it
// on every puzzle.
//
// # Ratings
//
// A puzzle is rated as a player is (package rating, Glicko-2): each
// attempt is a game between the player and the puzzle, won by the player
// when they found the whole line at their first try (Attempt).
package puzzle
