// Package dames is international draughts (10x10, FMJD rules) as described
// by the rule sheet dames.fr.txt: game id "dames", "Dames" in French,
// "International draughts" in English. The rules as implemented, with every
// reading of the sheet, are in docs/rules/dames.md.
//
// # Players
//
// Player 0 is the side FMJD calls White, shown as Bleus (blue) in Plateau; it
// starts on squares 31-50 and moves first. Player 1 is Black, shown as Verts
// (green), on squares 1-20.
//
// # Options
//
//	draw=seed (default)  the sheet's draws: the same move played a third time
//	                     by a player, or 20 moves each without a capture or a
//	                     man move
//	draw=fmjd            threefold repetition of the position, 25 moves each
//	                     with only kings moving and no capture, and the
//	                     16-move and 5-move counted endgames
//	huffing=off|on       on: capture is not enforced; the opponent may then
//	                     remove ("huff") a piece that should have captured
//
// A draw by agreement is not an engine matter: the server offers and
// records it.
//
// # Engine
//
// Pos is a bare position in three bitboards with a ghost-square layout
// (square n is bit n-1+(n-1)/10, so the diagonal neighbours of bit b are
// b±5 and b±6). Pos.Generate appends the legal moves to a caller's buffer
// without allocating: captures are mandatory and only those taking the
// most pieces are listed (a king counts as one piece); flying kings move
// and capture at a distance; captured pieces stay on the board until the
// move ends and cannot be jumped twice (Turkish strike); a man is crowned
// only when it ends its move on the far row. Moves are distinct by origin,
// destination and the set of captured pieces: the same capture found along
// two paths is listed once. Pos.Play returns the next position (copying a
// Pos is the make/unmake of search). Perft, PerftNoBulk and
// State.FastPerft count the move tree.
//
// # Moves
//
// A game.Move packs the origin square (bits 0-5, 1-50), the destination
// (bits 6-11) and the captured squares (bits 12-61: square n is bit 11+n).
// Bit 62 marks a huff (huffing=on): its origin and destination are the
// square of the opponent's piece removed. A huff is a move of its own by
// the side to move, listed before its board moves right after the
// opponent failed to capture; it leaves ToMove unchanged, and the same
// side then plays its board move. Playing a board move instead declines
// the huff.
//
// Notation is PDN: "32-28" for a move, "28x19" for a capture, with
// intermediate landing squares ("3x42x18") only when two captures share
// origin and destination; ParseMove accepts any intermediate squares that
// identify one capture, and "x", "X" or ":" as capture signs. A huff is
// written "H" and the square ("H28").
//
// DescribeMove returns a MoveInfo: notation, clicks (the origin, then each
// landing square, as strings "32"), from, to, captured (squares in the
// order a path through them takes them) and path (the landing squares).
//
// # Positions
//
// Positions are FMJD FEN: "W:W31-50:B1-20" is the start, K marks a king
// ("B:W18,24,K46:BK3,12"), ranges are accepted on input and written for
// runs of three men or more. State.Position adds, when not empty, what the
// draw rules and huffing remember, and ParsePosition reads it back:
//
//	quiet=46-41,5-14   king moves since the last capture, man move or huff
//	endgame=6          plies played in an FMJD counted endgame (draw=fmjd)
//	huff=28            pieces the side to move may huff (huffing=on)
//
// # Board
//
// Board returns a BoardView: rows and cols (10; the 50 playable squares are
// the dark ones, numbered 1-50 left to right from the top row, Black's side,
// as White sees the board), pieces (square as a string,
// player, kind "man"/"king"), toMove (0, 1, or -2
// when the game is over), sides (player, color and display names),
// huffable (squares), quietPlies and endgamePlies.
//
// # PDN
//
// ParsePDN reads PDN games (tags in order, moves, result; comments,
// variations, annotations and move numbers skipped) and reports syntax
// errors as *PDNError with line and column. PDNGame.Replay plays a game
// from its FEN tag or the start and reports an illegal move at its line
// and column. WritePDN writes games back:
//
//	g := dames.PDNGame{
//		Tags:   []dames.PDNTag{{"Event", "Plateau"}, {"White", "Ann"}, {"Black", "Bob"}},
//		Moves:  notations, // State.FormatMove of each move, in order
//		Result: dames.PDNResult(state.Outcome()), // "2-0", "0-2", "1-1" or "*"
//	}
//	err := dames.WritePDN(w, g)
//
// A game that did not start from the initial position carries a FEN tag
// with its start position.
//
// State implements game.State, game.Hasher (Zobrist), game.Evaluator
// (material and advancement, logistic in [0, 1]) and fmt.Stringer.
package dames
