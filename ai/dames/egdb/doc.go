// Package egdb holds endgame databases of international draughts (the rules
// of games/dames: flying kings, the capture of most pieces compulsory):
// for every position of up to a few pieces, whether the side to move wins,
// draws or loses with best play, the draw rules of the game (repetition,
// move limits) aside.
//
// Build solves the positions by retrograde analysis, one material at a
// time (the numbers of men and kings of each side), fewest pieces first and,
// among the materials of as many pieces, fewest men first, so that every
// capture and every crowning leads into a material already solved: a
// position's moves that keep its material are followed backwards from the
// positions already decided (a win for the side that can move into a lost
// position, a loss once every move leads into a won one), and what is left
// undecided at the end is a draw.
//
// A position is indexed by its material and, within it, by the squares of
// each group of pieces (White men, White kings, Black men, Black kings) in
// the combinatorial number system; men never stand on their own crowning
// row. Only the positions with White to move are kept: Black to move is the
// board turned half a turn with the colours swapped. Each position takes
// two bits. A DB is written by WriteTo and read by Read (the file is
// deflated and carries a checksum); Probe reads a position without
// allocating, Verify checks every position against its moves.
package egdb
