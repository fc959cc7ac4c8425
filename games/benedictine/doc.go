// Package benedictine implements Master Bénédictine (Max Gerchambeau, 1982)
// for two players: green (player 0, who starts) and amber (player 1).
//
// # Board
//
// A 7x7 board, files a-g and ranks 1-7; green's first rows are 1 and 2,
// amber's 7 and 6. The nine squares whose file and rank are both even
// (b2, b4, b6, d2, d4, d6, f2, f4, f6) belong to the ball, the other 40 to
// the bottles. Internally a square is numbered rank*7+file from 0 (a1) to
// 48 (g7) and each side's bottles are a 64-bit bitboard.
//
// # Moves
//
// A move is one bottle move (a step to a neighbouring free bottle square,
// or a chain of jumps over neighbouring bottles of either colour) optionally
// followed by a ball move (a chain of jumps over the mover's own bottles,
// landing on ball squares, or crossing the opponent's last row for a try).
// Moves are distinct by the bottle's start and destination and the ball's
// destination; FormatMove writes the shortest path, ParseMove accepts any
// valid path. Notation: the bottle's path, then a space and the ball's
// path: "c2-c3" (a step), "c1xc3xe3" (jumps), "e2-d3 d4xd2" (bottle then
// ball). A try ends on a try square, named after the last-row square the
// ball jumped, one rank beyond: a8-g8 for green, a0-g0 for amber ("f6xg8"
// is green's corner try over g7). A game.Move packs the bottle's square
// (bits 0-5), its destination (6-11) and the ball's destination code plus
// one (12-17; 0 when the ball stays; codes 49-55 are a8-g8, 56-62 a0-g0).
//
// # Position text
//
// The ranks from 7 down to 1 separated by '/', each seven characters from
// a to g (G green bottle, A amber bottle, O ball, . empty), a space, the
// player to move (g or a), and for a finished game " try=SQ" or " draw".
// The start position (setup=wedge) is
//
//	..AAA../..A.A../......./...O.../......./..G.G../..GGG.. g
//
// A parsed position starts a fresh repetition history.
//
// # Board JSON
//
// Board returns a BoardView:
//
//	{
//	  "files": ["a",...,"g"], "ranks": [1,...,7],
//	  "squares": [{"name":"a1","file":0,"rank":1,"kind":"bottle"|"ball"}, ...49],
//	  "ballSquares": ["b2","d2",...],
//	  "bottles": [{"square":"c1","owner":0,"colour":"green"}, ...],
//	  "ball": {"square":"d4","file":3,"rank":4,"try":false},
//	  "players": [{"player":0,"colour":"green","homeRanks":[1,2],"lastRank":1,
//	               "targetRank":7,"tryRank":8,"trySquares":["a8",...,"g8"]}, {...amber}],
//	  "toMove": 0
//	}
//
// After a try the ball stands on its try square (rank 8 or 0, "try": true)
// and toMove is -2. Move descriptions (DescribeMove) add "player", "bottle"
// and "ball" (paths of square names, "ball" empty when the ball stays) and
// "try"; their clicks are the bottle's path followed by the ball's.
//
// The rules as implemented, with every reading of the sheet, are in
// docs/rules/benedictine.md.
package benedictine
