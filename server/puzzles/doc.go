// Package puzzles serves the puzzles (package puzzle) over HTTP: the next
// puzzle for a player near their puzzle rating, an attempt checked move by
// move against the solution (the first try rated, both the player's and
// the puzzle's Glicko-2 ratings moving), the streak mode and the daily
// puzzle; it loads the shipped seed sets into the store at start and mines
// the games the server reviews for new puzzles, at the lowest priority.
//
// The Handler has its dependencies given explicitly (Deps): the store, the
// games, who a request is (its account, its client key for the limits) and
// how pages are written; the server wires it with Routes.
package puzzles
