package intercept

import (
	"fmt"
	"strings"
)

// BoardView is the JSON picture of a position; see the package doc.
type BoardView struct {
	Files     int         `json:"files"`
	Ranks     int         `json:"ranks"`
	FileNames []string    `json:"fileNames"`
	Centre    string      `json:"centre"`
	Players   int         `json:"players"`
	Mode      string      `json:"mode"`
	Seats     []SeatView  `json:"seats"`
	Teams     [][]int     `json:"teams"`
	Pieces    []PieceView `json:"pieces"`
	Stacks    []StackView `json:"stacks"`
	Ball      BallView    `json:"ball"`
	ToMove    int         `json:"toMove"`
	Turns     int         `json:"turns"`
	// FaceTokens are the clicks that choose a double's face.
	FaceTokens []string `json:"faceTokens"`
}

// SeatView is one player's side of the board.
type SeatView struct {
	Seat    int      `json:"seat"`
	Side    string   `json:"side"` // S, W, N, E
	Team    int      `json:"team"`
	Arrivee string   `json:"arrivee"`
	Five    []string `json:"squares1to5"` // squares 1 to 5 in order
	Goals   []string `json:"goals"`       // the Arrivées this seat aims at
	Covered int      `json:"covered"`     // its pieces now covered
}

// PieceView is one active (top) piece.
type PieceView struct {
	Square  string `json:"square"`
	Owner   int    `json:"owner"`
	Kind    string `json:"kind"` // passage, repos, double
	Face    string `json:"face"` // passage or repos
	Carrier bool   `json:"carrier,omitempty"`
}

// StackView is a square with covered pieces: bottom first, the active
// piece last.
type StackView struct {
	Square string      `json:"square"`
	Pieces []PieceView `json:"pieces"`
}

// BallView says where the ball is: on a piece (carried) or loose on a
// square (the centre at the start, an Arrivée at the end).
type BallView struct {
	Square string `json:"square"`
	Loose  bool   `json:"loose"`
}

// Board returns the JSON picture of the position.
func (s *State) Board() any {
	v := BoardView{Files: size, Ranks: size, Centre: squareName(centre), Players: s.r.players, Mode: "solo",
		Turns: s.ply, ToMove: int(s.ToMove()), FaceTokens: []string{"passage", "repos"}}
	for x := range size {
		v.FileNames = append(v.FileNames, string(rune('a'+x)))
	}
	if s.r.teams || s.r.players == 2 {
		v.Mode = "teams"
	}
	teams := map[int][]int{}
	for seat := range s.r.players {
		sd := s.r.side[seat]
		sv := SeatView{Seat: seat, Side: string(sideLetters[sd]), Team: s.r.team[seat],
			Arrivee: squareName(arrivee[sd]), Covered: s.coveredCount(seat), Goals: []string{}}
		for _, f := range fiveOf(sd) {
			sv.Five = append(sv.Five, squareName(f))
		}
		for _, g := range s.r.goals[seat] {
			sv.Goals = append(sv.Goals, squareName(g))
		}
		v.Seats = append(v.Seats, sv)
		teams[s.r.team[seat]] = append(teams[s.r.team[seat]], seat)
	}
	for t := 0; t < len(teams); t++ {
		v.Teams = append(v.Teams, teams[t])
	}
	v.Pieces, v.Stacks = []PieceView{}, []StackView{}
	var stack []piece
	for t := range nsq {
		p := s.board[t]
		if p == 0 {
			continue
		}
		v.Pieces = append(v.Pieces, s.pieceView(t, p))
		if stack = s.stackAt(t, stack[:0]); len(stack) > 0 {
			sv := StackView{Square: squareName(t)}
			for _, c := range stack {
				sv.Pieces = append(sv.Pieces, s.pieceView(t, c))
			}
			sv.Pieces = append(sv.Pieces, s.pieceView(t, p))
			sv.Pieces[len(sv.Pieces)-1].Carrier = t == s.ball
			v.Stacks = append(v.Stacks, sv)
		}
	}
	v.Ball = BallView{Square: squareName(s.ball), Loose: s.board[s.ball] == 0}
	return v
}

func (s *State) pieceView(t int, p piece) PieceView {
	kind := [4]string{"passage", "repos", "double", "double"}[p.kind()]
	return PieceView{Square: squareName(t), Owner: p.owner(), Kind: kind, Face: faceName(p), Carrier: t == s.ball && s.board[t] == p}
}

// String draws the board, rank 13 at the top. Pieces are their owner's
// side letter, lower case for passage, upper case for repos; a double is
// shown as + (passage face) or # (repos face) after its owner's letter;
// covered stacks are marked by brackets, the ball by *.
func (s *State) String() string {
	var b strings.Builder
	for y := size - 1; y >= 0; y-- {
		fmt.Fprintf(&b, "%2d ", y+1)
		for x := range size {
			t := sq(x, y)
			p := s.board[t]
			open, close := byte(' '), byte(' ')
			if len(s.stackAt(t, nil)) > 0 {
				open, close = '[', ']'
			}
			if t == s.ball {
				close = '*'
			}
			b.WriteByte(open)
			switch {
			case p == 0 && t == s.ball:
				b.WriteString("()")
			case p == 0:
				b.WriteString(" .")
			default:
				c := sideLetters[s.r.side[p.owner()]]
				switch p.kind() {
				case kindPassage:
					b.WriteByte(c | 0x20)
					b.WriteByte(' ')
				case kindRepos:
					b.WriteByte(c)
					b.WriteByte(' ')
				case kindDoubleP:
					b.WriteByte(c)
					b.WriteByte('+')
				default:
					b.WriteByte(c)
					b.WriteByte('#')
				}
			}
			b.WriteByte(close)
		}
		b.WriteByte('\n')
	}
	b.WriteString("     a   b   c   d   e   f   g   h   i   j   k   l   m\n")
	b.WriteString(s.status())
	return b.String()
}
