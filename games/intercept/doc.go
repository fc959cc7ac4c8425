// Package intercept implements Intercept (Henri Vergne, 1993) for 2 players
// and for 4 players in teams or solo, on a reconstructed 13 x 13 board.
// The rules as implemented, with every reading of the sheet and the reason
// for it, are in docs/rules/intercept.md.
//
// # Board and seats
//
// Files a-m, ranks 1-13; squares are named "g1", "g13". Seats in turn
// order: 2 players S (rank 1) then N (rank 13); 4 players S, W (file a),
// N, E (file m). Each side's Arrivée is the middle of its starting row
// (g1, a7, g13, m7); its squares 1-5 are the Arrivée's five neighbours.
//
// # Moves
//
// A game.Move packs, from the low bits: from square (8 bits), to square
// (8), flip (1), ball moved (1), ball's last square (8), pass (1). Moves
// are distinct by effect; see the notation in notation.go and the rules
// doc: "e1-f2", "d1:f3", "g1=R", "g1-g5=R", "h12-g13^", "f1-f2/g7-e5-e3",
// "pass".
//
// # Board JSON
//
// Board returns a BoardView:
//
//	files, ranks    13, 13; fileNames "a".."m"; centre "g7"
//	players, mode   2|4, "teams"|"solo"
//	seats           per seat: seat, side (S W N E), team, arrivee,
//	                squares1to5 (in order), goals (Arrivées it aims at),
//	                covered (how many of its pieces are covered)
//	teams           seats grouped by team
//	pieces          the active (top) pieces: square, owner, kind
//	                (passage|repos|double), face (passage|repos), carrier
//	stacks          squares with covered pieces: pieces bottom first, the
//	                active one last
//	ball            square, loose (true on the empty centre or a reached
//	                Arrivée)
//	toMove, turns   seat to move (-2 when over), turns played
//	faceTokens      the click tokens that choose a double's face
//
// DescribeMove returns a MoveInfo: notation, clicks (from, to, then
// "passage"/"repos" when the double turns over, then the ball's squares
// from its start), kind (slide|jump|flip|pass), from, to, face, flip,
// covers, ball, interception, wins.
package intercept
