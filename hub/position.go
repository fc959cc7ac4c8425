package hub

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
	"plateau/games/dames"
)

// bit is the bit of square sq (1-50) in the ghost layout of dames.Pos:
// square n is bit n-1+(n-1)/10.
func bit(sq int) uint64 { return 1 << uint(sq-1+(sq-1)/10) }

// PositionFEN reads a Hub position (the side to move W or B, then the 50
// squares as w, b, W, B or e) and returns it in FMJD FEN, the form
// package dames reads.
func PositionFEN(text string) (string, error) {
	if len(text) != 51 {
		return "", fmt.Errorf("hub position %q: want 51 characters (side to move W or B, then 50 squares), got %d", text, len(text))
	}
	var side string
	switch text[0] {
	case 'W', 'w':
		side = "W"
	case 'B', 'b':
		side = "B"
	default:
		return "", fmt.Errorf("hub position %q: the side to move is %q, want W or B", text, text[0])
	}
	var white, black []string
	for sq := 1; sq <= 50; sq++ {
		n := strconv.Itoa(sq)
		switch c := text[sq]; c {
		case 'w':
			white = append(white, n)
		case 'W':
			white = append(white, "K"+n)
		case 'b':
			black = append(black, n)
		case 'B':
			black = append(black, "K"+n)
		case 'e', '.', '-':
		default:
			return "", fmt.Errorf("hub position %q: square %d is %q, want w, b, W, B or e", text, sq, c)
		}
	}
	return side + ":W" + strings.Join(white, ",") + ":B" + strings.Join(black, ","), nil
}

// FormatPosition writes p as a Hub position.
func FormatPosition(p dames.Pos) string {
	var b strings.Builder
	b.Grow(51)
	if p.Side == dames.White {
		b.WriteByte('W')
	} else {
		b.WriteByte('B')
	}
	for sq := 1; sq <= 50; sq++ {
		m := bit(sq)
		king := p.Kings&m != 0
		switch {
		case p.Pieces[dames.White]&m != 0 && king:
			b.WriteByte('W')
		case p.Pieces[dames.White]&m != 0:
			b.WriteByte('w')
		case p.Pieces[dames.Black]&m != 0 && king:
			b.WriteByte('B')
		case p.Pieces[dames.Black]&m != 0:
			b.WriteByte('b')
		default:
			b.WriteByte('e')
		}
	}
	return b.String()
}

// StartPosition is the start in Hub form.
const StartPosition = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"

// hubMove is a board move of package dames as the Hub names it: origin,
// destination and the set of captured squares.
type hubMove struct {
	from, to int
	captured []int // increasing
}

// decode unpacks a dames board move (see package dames: origin bits 0-5,
// destination bits 6-11, square n captured at bit 11+n).
func decode(m game.Move) hubMove {
	h := hubMove{from: int(m & 63), to: int(m >> 6 & 63)}
	for sq := 1; sq <= 50; sq++ {
		if m>>(11+uint(sq))&1 != 0 {
			h.captured = append(h.captured, sq)
		}
	}
	return h
}

func (h hubMove) String() string {
	if len(h.captured) == 0 {
		return strconv.Itoa(h.from) + "-" + strconv.Itoa(h.to)
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(h.from))
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(h.to))
	for _, c := range h.captured {
		b.WriteByte('x')
		b.WriteString(strconv.Itoa(c))
	}
	return b.String()
}

// FormatMove writes a board move of s in Hub notation: "32-28", or
// "from x to x captured..." with the captured squares in increasing order.
func FormatMove(m game.Move) string { return decode(m).String() }

// ParseMove reads a Hub move and returns the legal move of s it names.
// Captured squares may come in any order.
func ParseMove(s game.State, text string) (game.Move, error) {
	h, err := parseHubMove(text)
	if err != nil {
		return 0, err
	}
	slices.Sort(h.captured)
	for _, m := range s.Moves(nil) {
		if m>>62 != 0 {
			continue // a huff: not a board move
		}
		l := decode(m)
		if l.from == h.from && l.to == h.to && slices.Equal(l.captured, h.captured) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("hub move %q is not legal in %s", text, s.Position())
}

func parseHubMove(text string) (hubMove, error) {
	sep := "-"
	if strings.ContainsAny(text, "xX") {
		sep = "x"
		text = strings.ReplaceAll(text, "X", "x")
	}
	parts := strings.Split(text, sep)
	if len(parts) < 2 || (sep == "-" && len(parts) != 2) {
		return hubMove{}, fmt.Errorf("hub move %q: want from-to or fromxto followed by the captured squares", text)
	}
	sqs := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 50 {
			return hubMove{}, fmt.Errorf("hub move %q: %q is not a square 1-50", text, p)
		}
		sqs[i] = n
	}
	h := hubMove{from: sqs[0], to: sqs[1], captured: sqs[2:]}
	if sep == "x" && len(h.captured) == 0 {
		return hubMove{}, fmt.Errorf("hub move %q: a capture lists the captured squares after the destination", text)
	}
	return h, nil
}
