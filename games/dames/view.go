package dames

import (
	"math"
	"math/bits"
	"strconv"
	"strings"

	"plateau/game"
)

// zobrist holds a random key per piece kind (white man, white king, black
// man, black king) and bit, and one for Black to move. The keys come from
// a fixed-seed splitmix64, so hashes are the same in every run.
var zobrist, zobristBlack = func() (z [4][nBits]uint64, black uint64) {
	next := game.NewKeySource(0x5eed0fd4ae5).Next
	for k := range z {
		for b := range z[k] {
			z[k][b] = next()
		}
	}
	return z, next()
}()

// Hash is a Zobrist hash of the pieces and the side to move.
func (p *Pos) Hash() uint64 {
	var h uint64
	if p.Side == Black {
		h = zobristBlack
	}
	for side := range 2 {
		for x := p.Pieces[side]; x != 0; x &= x - 1 {
			b := bits.TrailingZeros64(x)
			k := 2 * side
			if p.Kings&(1<<b) != 0 {
				k++
			}
			h ^= zobrist[k][b]
		}
	}
	return h
}

// BoardView is the JSON picture of a position that Board returns.
//
// The board is 10x10, row 0 at the top (Black's side, squares 1-5), column
// 0 on the left, as White sees it. The 50 playable squares are the dark
// ones, numbered 1-50 left to right and top to bottom: square n is on row
// (n-1)/5, column 2*((n-1)%5)+1 on even rows and 2*((n-1)%5) on odd rows.
// The view does not list them: the geometry never changes, and a view is
// sent with every event, where the 50 squares and their coordinates were a
// third of each message (a renderer numbers the dark squares itself).
// Locations (in pieces, huffable squares and move clicks) are square
// numbers written as strings ("32").
type BoardView struct {
	Rows   int         `json:"rows"`
	Cols   int         `json:"cols"`
	Pieces []PieceView `json:"pieces"`
	// ToMove is the player to move (0 White/Bleus, 1 Black/Verts), -2
	// when the game is over.
	ToMove int `json:"toMove"`
	// Sides names the players as the pieces show them: 0 "white" (the
	// rule sheet's Bleus), 1 "black" (its Verts).
	Sides []SideView `json:"sides"`
	// Huffable lists the opponent pieces the side to move may huff.
	Huffable []string `json:"huffable,omitempty"`
	// Counters shows the draw counters: quiet plies (king moves since the
	// last capture or man move) and, with draw=fmjd, endgame plies.
	QuietPlies   int `json:"quietPlies"`
	EndgamePlies int `json:"endgamePlies,omitempty"`
}

// PieceView is one piece. Its colour is its player's, in Sides.
type PieceView struct {
	Square string `json:"square"`
	Player int    `json:"player"` // 0 White/Bleus, 1 Black/Verts
	Kind   string `json:"kind"`   // "man" or "king"
}

// SideView names a side.
type SideView struct {
	Player int    `json:"player"`
	Color  string `json:"color"`
	NameFR string `json:"name_fr"`
	NameEN string `json:"name_en"`
}

// squareRowCol returns the row and column of square sq.
func squareRowCol(sq int) (row, col int) {
	row = (sq - 1) / 5
	col = 2 * ((sq - 1) % 5)
	if row%2 == 0 {
		col++
	}
	return row, col
}

// The parts of every BoardView that do not depend on the position, built
// once and shared (a view is only read): a view is rendered for each event
// sent, and the 50 squares were most of the server's allocations.
var (
	squareNames = func() []string {
		v := make([]string, 50)
		for i := range v {
			v[i] = strconv.Itoa(i + 1)
		}
		return v
	}()
	sideViews = []SideView{{0, "white", "Blancs", "White"}, {1, "black", "Noirs", "Black"}}
)

// Board returns the BoardView of the position.
func (s *State) Board() any {
	v := BoardView{Rows: 10, Cols: 10, ToMove: int(s.ToMove()), Sides: sideViews,
		Pieces:     make([]PieceView, 0, bits.OnesCount64(s.pos.Pieces[0]|s.pos.Pieces[1])),
		QuietPlies: len(s.quiet), EndgamePlies: s.endgame}
	for i, name := range squareNames {
		m := uint64(1) << bitOf(i+1)
		for side := range 2 {
			if s.pos.Pieces[side]&m != 0 {
				kind := "man"
				if s.pos.Kings&m != 0 {
					kind = "king"
				}
				v.Pieces = append(v.Pieces, PieceView{name, side, kind})
			}
		}
		if s.huffable&m != 0 {
			v.Huffable = append(v.Huffable, name)
		}
	}
	return v
}

// String draws the board as text, White at the bottom: w and b are men, W
// and B kings, dots empty dark squares; the right margin gives the squares
// of each row.
func (s *State) String() string { return s.pos.String() }

// String draws the board as text.
func (p Pos) String() string {
	var b strings.Builder
	for row := range 10 {
		line := []byte(strings.Repeat("  ", 10))
		for i := range 5 {
			sq := row*5 + i + 1
			_, col := squareRowCol(sq)
			m := uint64(1) << bitOf(sq)
			c := byte('.')
			switch {
			case p.Pieces[White]&m != 0:
				c = 'w'
			case p.Pieces[Black]&m != 0:
				c = 'b'
			}
			if p.Kings&m != 0 {
				c -= 'a' - 'A'
			}
			line[2*col+1] = c
		}
		b.Write(line)
		b.WriteString("   " + strconv.Itoa(row*5+1) + "-" + strconv.Itoa(row*5+5) + "\n")
	}
	if p.Side == White {
		b.WriteString("White to move\n")
	} else {
		b.WriteString("Black to move\n")
	}
	return b.String()
}

// Evaluate estimates p's chances without search: 1 for a won game, 0 for
// a lost one, 1/2 for a draw, otherwise a logistic function of the
// material balance (man 1, king 3) with a small bonus for men advanced
// towards crowning and for the centre.
func (s *State) Evaluate(p game.Player) float64 {
	if s.out.Over {
		return s.out.Value(p)
	}
	if p != 0 && p != 1 {
		return 0
	}
	score := s.pos.score(White) - s.pos.score(Black)
	if p == 1 {
		score = -score
	}
	return 1 / (1 + math.Exp(-score/2))
}

// centre is the 18 squares of the four middle rows away from the edges.
var centre = func() (m uint64) {
	for sq := 16; sq <= 35; sq++ {
		if _, c := squareRowCol(sq); c > 0 && c < 9 {
			m |= 1 << bitOf(sq)
		}
	}
	return m
}()

// score is a side's material and position in men.
func (p *Pos) score(side Side) float64 {
	own := p.Pieces[side]
	men := own &^ p.Kings
	v := float64(popcount(men)) + 3*float64(popcount(own&p.Kings)) + 0.05*float64(popcount(men&centre))
	for x := men; x != 0; x &= x - 1 {
		row, _ := squareRowCol(squareOf(bits.TrailingZeros64(x)))
		if side == White {
			row = 9 - row
		}
		v += 0.02 * float64(row-3) // rows advanced beyond the start
	}
	return v
}

// MoveHash returns what m, legal in p, changes in p's Hash: the hash of the
// position after m is p.Hash() ^ p.MoveHash(m). Searches keep their hash up
// to date with it instead of hashing every position afresh.
func (p *Pos) MoveHash(m Move) uint64 {
	us := int(p.Side & 1)
	from, to := uint64(1)<<m.From, uint64(1)<<m.To
	kind := 2 * us
	if p.Kings&from != 0 {
		kind++
	}
	after := kind
	if kind&1 == 0 && to&(promoWhite<<(49*uint(us))) != 0 {
		after++ // crowned
	}
	h := zobristBlack ^ zobrist[kind][m.From] ^ zobrist[after][m.To]
	them := 2 * (us ^ 1)
	for c := m.Captured; c != 0; c &= c - 1 {
		b := bits.TrailingZeros64(c)
		if p.Kings&(1<<b) != 0 {
			h ^= zobrist[them+1][b]
		} else {
			h ^= zobrist[them][b]
		}
	}
	return h
}
