// Package shutbox is Shut the Box ("Fermer la boîte"), from the rule sheet
// fermer-la-boite.fr.txt, for 1 to 4 players. docs/rules/shutbox.md states
// the rules as implemented and every reading of the sheet.
//
// # Rules in brief
//
// Each player has a box of tiles 1-9 (variant tiles=12: 1-12). Players take
// turns in seat order. On a turn the player rolls two dice and covers one or
// more open tiles whose sum equals the roll. A player whose open tiles sum to
// 6 or less may first choose to roll one die instead (variant one_die=seed,
// the default; one_die=never turns this off). A roll that no set of open
// tiles matches blocks the player for the rest of the game: that roll is
// lost and the player is skipped from then on. A player who covers every
// tile has shut the box: score 0, and no more turns. The game ends when
// every player is blocked or has shut the box; a player's score is the sum
// of the open tiles, the sole lowest wins, players tied at the lowest draw,
// the rest lose. Alone (players=1), the player wins by shutting the box.
//
// # Moves
//
// A turn is up to three moves:
//
//   - the die choice, only when one die is allowed: "roll1" or "roll2"
//     (ParseMove also reads "1" and "2");
//   - the roll, a move of game.Chance: two dice as "6-3" (high die first;
//     21 outcomes weighted 1 for a double and 2 otherwise, out of 36) or one
//     die as "5" (6 outcomes of weight 1);
//   - the cover: the tiles in descending order joined by "+": "9", "8+1",
//     "4+3+2" (ParseMove reads them in any order).
//
// Moves are packed in a game.Move: the kind in the top byte (1 choose, 2
// roll, 3 cover) and the number of dice, the dice (d1<<4|d2) or the mask of
// covered tiles (bit t-1 for tile t) in the low bits. ChooseMove, RollMove,
// CoverMove and CoverOf build and read them.
//
// # Position text
//
// One line of three fields separated by spaces: the boxes, the player to
// move and the phase.
//
//   - The boxes in seat order, separated by "/": each lists its open tiles
//     (1-9, then A, B, C for 10, 11, 12; any order is read, ascending is
//     written), "-" for a shut box, with a trailing "x" when the player is
//     blocked ("1245x").
//   - The player to move, from 1, or "-" when the game is over.
//   - The phase: "choose" (the player chooses one die or two), "roll1" or
//     "roll2" (one or two dice are about to be rolled), "cover:6-3" or
//     "cover:5" (the dice rolled, to be covered), or "over".
//
// For example "12345678/1234679 1 cover:6-3": player 1 has covered the 9,
// player 2 the 5 and the 8, and player 1 must cover the 6-3 just rolled.
//
// The number of boxes must match the variant's players, and tiles its
// tiles. Parse errors name the field and what is wrong: a tile twice, a tile
// out of range, a blocked player to move, one die where it is not allowed, a
// roll that the open tiles cannot cover (it would have blocked the player).
//
// # Board
//
// Board returns a Board value, as JSON:
//
//	{"tiles": 9,
//	 "boxes": [{"player": 0, "tiles": [{"name": "1", "value": 1, "open": true}, ...],
//	            "blocked": false, "shut": false, "score": 36}, ...],
//	 "toMove": 0, "phase": "cover", "diceCount": 2, "dice": [6, 3], "roll": 9,
//	 "buttons": []}
//
// toMove is the seat whose turn it is (also while its dice are rolled), -1
// when the game is over. phase is "choose", "roll", "cover" or "over".
// buttons holds "roll1" and "roll2" in the choose phase.
//
// DescribeMove returns a MoveInfo: notation, clicks, kind ("choose", "roll",
// "cover"), diceCount, dice, tiles and sum. The clicks of a cover are the
// covered tiles' names ("8", "1") in descending order, those of a die choice
// the button ("roll1" or "roll2"); rolls have no clicks. No cover's clicks
// are a prefix of another's, since all covers of a roll have the same sum.
//
// # Analysis
//
// State implements game.Hasher, fmt.Stringer and game.Evaluator (a quick
// heuristic); the exact solver and the optimal policy are in the subpackage
// plateau/games/shutbox/solve.
package shutbox
