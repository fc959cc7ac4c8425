// Package referee plays matches of international draughts between two
// players, Hub engines (child processes speaking the Hub protocol, such as
// Scan or plateau hub, through hub.Client) or Plateau's own levels, as an
// arbiter does: each pair of games starts from one of a documented list of
// two-ply openings (Openings), once with each player as White; every move
// is checked with Plateau's move generator (games/dames), and a move that
// is illegal, missing or late loses the game; the game ends by the rules
// with FMJD's draw rules (threefold repetition, the 25-move rule, the
// counted endgames: docs/rules/dames.md), never by adjudication of a
// score. The result is the arena's: wins, draws and losses of player A
// with the score's and the Elo difference's 95% intervals over the pairs.
package referee
