// Package arena plays matches between two computer players and measures
// them: wins, draws and losses, the score, the Elo difference with a 95%
// confidence interval, and the time and nodes each spends per move.
//
// Games run in parallel, one per worker. Seats alternate from game to game
// (with more than two seats, player A takes the seats of one parity and B
// the others, rotating by one seat each game, so that in four-player team
// games A and B are the two teams). Each pair of games 2k and 2k+1 shares its
// random opening plies and its dice, with the seats swapped, which removes
// most of the luck of the draw from the comparison. Every game is seeded
// from the match seed and its index, so a match with node-bounded players
// is reproducible whatever the number of workers.
package arena
