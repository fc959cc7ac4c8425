package benedictine

import "strings"

// BoardView is the JSON picture of a position (see the package doc).
type BoardView struct {
	Files       []string     `json:"files"`
	Ranks       []int        `json:"ranks"`
	Squares     []SquareView `json:"squares"`
	BallSquares []string     `json:"ballSquares"`
	Bottles     []BottleView `json:"bottles"`
	Ball        BallView     `json:"ball"`
	Players     []SideView   `json:"players"`
	ToMove      int          `json:"toMove"`
}

// SquareView is one of the 49 squares.
type SquareView struct {
	Name string `json:"name"`
	File int    `json:"file"` // 0 for a .. 6 for g
	Rank int    `json:"rank"` // 1 .. 7
	Kind string `json:"kind"` // "bottle" or "ball"
}

// BottleView is one bottle.
type BottleView struct {
	Square string `json:"square"`
	Owner  int    `json:"owner"`  // 0 green, 1 amber
	Colour string `json:"colour"` // "green" or "amber"
}

// BallView is the ball: on a ball square, or on a try square (rank 8 or 0,
// beyond the board) once a try is scored.
type BallView struct {
	Square string `json:"square"`
	File   int    `json:"file"`
	Rank   int    `json:"rank"`
	Try    bool   `json:"try"`
}

// SideView describes a player's camp and goal.
type SideView struct {
	Player     int      `json:"player"`
	Colour     string   `json:"colour"`
	HomeRanks  []int    `json:"homeRanks"`  // the first two rows, where the bottles start
	LastRank   int      `json:"lastRank"`   // the player's own last row
	TargetRank int      `json:"targetRank"` // the opponent's last row, to be crossed by the ball
	TryRank    int      `json:"tryRank"`    // the virtual rank of try squares beyond it (8 or 0)
	TrySquares []string `json:"trySquares"`
}

func fileRank(code int) (file, rank int) {
	switch {
	case code < numSquares:
		return code % size, code/size + 1
	case code < tryAmber:
		return code - tryGreen, size + 1
	}
	return code - tryAmber, 0
}

// Board returns the position as a BoardView.
func (s *State) Board() any {
	v := BoardView{Files: []string{"a", "b", "c", "d", "e", "f", "g"}, Ranks: []int{1, 2, 3, 4, 5, 6, 7}, ToMove: int(s.turn)}
	if s.over {
		v.ToMove = -2
	}
	for sq := range numSquares {
		f, r := fileRank(sq)
		kind := "bottle"
		if isBall(sq) {
			kind = "ball"
			v.BallSquares = append(v.BallSquares, squareName(sq))
		}
		v.Squares = append(v.Squares, SquareView{squareName(sq), f, r, kind})
		for p := range s.bottles {
			if s.bottles[p]&(1<<sq) != 0 {
				v.Bottles = append(v.Bottles, BottleView{squareName(sq), p, colourName[p]})
			}
		}
	}
	f, r := fileRank(int(s.ball))
	v.Ball = BallView{squareName(int(s.ball)), f, r, isTry(int(s.ball))}
	for p, base := range [2]int{tryGreen, tryAmber} {
		side := SideView{Player: p, Colour: colourName[p], HomeRanks: []int{1, 2}, LastRank: 1, TargetRank: size, TryRank: size + 1}
		if p == amber {
			side.HomeRanks, side.LastRank, side.TargetRank, side.TryRank = []int{7, 6}, size, 1, 0
		}
		for f := range size {
			side.TrySquares = append(side.TrySquares, squareName(base+f))
		}
		v.Players = append(v.Players, side)
	}
	return v
}

// String draws the board for a terminal: G and A are bottles, O the ball,
// + an empty ball square.
func (s *State) String() string {
	var b strings.Builder
	b.WriteString("   a b c d e f g\n")
	for r := size - 1; r >= 0; r-- {
		b.WriteByte(byte('1' + r))
		b.WriteString(" ")
		for f := range size {
			sq := r*size + f
			c := s.squareChar(sq)
			if c == '.' && isBall(sq) {
				c = '+'
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	switch {
	case isTry(int(s.ball)):
		b.WriteString(colourName[tryOwner(int(s.ball))] + " scored a try at " + squareName(int(s.ball)))
	case s.over:
		b.WriteString("game over: " + s.reason)
	default:
		b.WriteString(colourName[s.turn] + " (" + "GA"[s.turn:s.turn+1] + ") to move")
	}
	return b.String()
}
