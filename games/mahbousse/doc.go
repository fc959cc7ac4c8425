// Package mahbousse implements Mahboussé (محبوسة), the Lebanese pinning
// backgammon of the rule sheet mahbousse.fr.txt, with the readings written
// down in docs/rules/mahbousse.md.
//
// # Board and numbering
//
// The board is an array of 24 points. Board ids are "1" to "24" in the
// numbering of x (player 0), who starts with 15 checkers on point 24 and
// moves down to its home, points 1 to 6. o (player 1) starts on x's point 1
// and moves up to its home, x's points 19 to 24: o's point n is x's point
// 25-n. Notation (FormatMove, ParseMove) uses the mover's own numbering, as
// backgammon does; Board and the clicks of DescribeMove use the board ids.
// Borne-off checkers go to the tray "off".
//
// # Moves
//
// Rolls are moves of game.Chance: the opening roll (36 outcomes "a:b", x's
// die then o's, weight 1; a tie leaves the state unchanged, so it is rolled
// again) and each turn's roll (21 outcomes "6-3", weight 1 for a double and
// 2 otherwise). A turn is one game.Move: every checker step of the roll,
// generated with transposition pruning and listed once per resulting
// position ("13/7 7/4", "8/5*" when the step pins a checker, "6/off",
// "pass").
//
// # Click-by-click play
//
// A graphical client builds a turn step by step from the legal list: the
// description of each turn (DescribeMove, a MoveInfo) has Clicks, the from
// and to board ids of each step in order, and Paths, every such click
// sequence that makes that turn (each legal order and choice of
// intermediate points reaching the same position). The client keeps the
// ids clicked so far; the next clickable ids are the next element of every
// path that starts with them; a path clicked to its end names the turn to
// send (its Notation). Under mustuse=free a path may be a prefix of
// another: the client then asks for confirmation.
//
// # Board JSON
//
// Board returns a BoardView:
//
//	{"points":[{"id":"1","number":[1,24],"owner":1,"count":15,"pinned":-1,
//	            "closed":[true,false]}, ... 24 points],
//	 "off":[0,0], "dice":[6,3], "toMove":0, "roller":-2, "phase":"move",
//	 "players":["x","o"], "start":["24","1"],
//	 "home":[["1",...,"6"],["24",...,"19"]], "pips":[360,360],
//	 "match":1, "score":[0,0], "winner":-1}
//
// number gives the point's number for x and for o; owner and count
// describe the top stack; pinned is the player whose lone checker lies
// pinned under it (-1 when none); closed says who may not land there.
//
// # Position text
//
//	o15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,x15 off=0-0 opening
//
// 24 comma-separated points from x's point 1 ("." empty, "x3", "o1*" for a
// stack pinning a checker of the other player), the borne-off counts, then
// the turn: "opening", "x:roll", "o:6-3" or "over"; under match > 1 a last
// field "score=1-0".
package mahbousse
