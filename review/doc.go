// Package review gives the computer's verdict on every move of a game, as
// the game reviews of lichess and lidraughts do.
//
// Review replays a game from its move list (the rolls included, as a game
// export stores them) and, for every move a player chose, reports the
// mover, the value of the position for the mover before and after the move,
// the engine's best move with its line, and a verdict.
//
// # Values
//
// A value is the mover's win probability in [0, 1] (a draw counts as its
// share, as game.Outcome.Value). Where the game has a natural unit it is
// given as well: men for draughts (the search's evaluation of a dames
// position is the logistic 1/(1+e^(-m/2)) of the material balance m in
// men, man 1, king 3, so m = 2·ln(v/(1-v)); a proven result has no men),
// and for Shut the Box the minimal expected final score of the mover's box
// from the exact solver.
//
// Shut the Box is judged by its exact solver (games/shutbox/solve): the
// value of a choice is the solver's value of that choice in the position,
// the probability of shutting the box alone and the probability of winning
// (plus half a tie) with opponents (exact for two players, the solver's
// race heuristic for three and four).
//
// The other games use a search level of package ai/level, "hard" unless
// Options.Level says otherwise, with Options.Budget capping each search.
// As lichess compares the evaluations of the positions before and after a
// move, Review searches the position after the best move and the position
// after the move played, from the mover's side, with the same budget: the
// value before is the first, the value after the second, so both come from
// searches of the same depth. (When the search after the move played finds
// it better than the best move's, the value before is that better value:
// the move played was as good as any, and its loss is zero.) A position where dice are to be rolled is
// worth the average over the rolls, weighted by their probabilities, of the
// positions after them; with more than two players (Intercept's four-seat
// games) the position after a move where another seat is to move is
// scored by the game's static evaluation, as a paranoid search's value for
// another seat says nothing of the mover's.
//
// Dice games judge the choice given the roll, never the roll: the rolls are
// replayed, the decisions after them are judged, and the value before a
// decision is the value of its best choice at this roll.
//
// # Verdicts
//
// The loss of a move is the drop of the mover's win probability, before
// minus after, never below zero. The verdicts, by loss:
//
//	inaccuracy  ≥ 0.05
//	mistake     ≥ 0.10
//	blunder     ≥ 0.20
//
// Lichess uses drops of 0.1, 0.2 and 0.3 in winning chances on [-1, 1],
// that is 0.05, 0.10 and 0.15 in probability. Plateau keeps the first two
// and asks 0.20 for a blunder because its evaluations are coarser than a
// chess engine's (a static material or race count at the horizon): in
// draughts a man given away from an equal position costs 0.12 and is a
// mistake, two men or a lost game are a blunder. A move equal to the best,
// and a forced move (the only legal one), never has a verdict.
//
// Review honours its context: a cancelled context stops it and returns the
// context's error.
package review
