package dames

import (
	"fmt"
	"strconv"
	"strings"

	"plateau/game"
)

// Encoding of game.Move: bits 0-5 the origin square (1-50), bits 6-11 the
// destination, bits 12-61 the captured squares (square n is bit 11+n), and
// bit 62 marks a huff, whose origin and destination are the huffed square.
const (
	huffFlag    = game.Move(1) << 62
	capturedOff = 12
)

func pack(m Move) game.Move {
	return game.Move(squareOf(int(m.From)) | squareOf(int(m.To))<<6 | int(compact(m.Captured))<<capturedOff)
}

func packHuff(b int) game.Move {
	sq := squareOf(b)
	return huffFlag | game.Move(sq|sq<<6)
}

// FormatMove writes a legal move in PDN ("32-28", "28x19", "28x17x8"), or
// a huff as "H" and the square ("H23").
func (s *State) FormatMove(m game.Move) string {
	if b, ok := s.isHuff(m); ok {
		return "H" + strconv.Itoa(squareOf(b))
	}
	mv, ok := s.find(m)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	return s.pos.Notation(mv, s.buf)
}

// ParseMove reads a move in PDN, or a huff "H23".
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.out.Over {
		return 0, fmt.Errorf("dames: move %q: %w (%s)", text, game.ErrGameOver, s.out.Reason)
	}
	t := strings.TrimSpace(text)
	if len(t) > 1 && (t[0] == 'H' || t[0] == 'h') {
		n, err := parseSquare(t[1:])
		if err != nil {
			return 0, fmt.Errorf("dames: huff %q: %w", text, err)
		}
		m := packHuff(bitOf(n))
		if _, ok := s.isHuff(m); !ok {
			if s.huffable == 0 {
				return 0, fmt.Errorf("dames: huff %q: %w: nothing to huff", text, game.ErrIllegal)
			}
			return 0, fmt.Errorf("dames: huff %q: %w: only %s may be huffed", text, game.ErrIllegal, squareList(s.huffable))
		}
		return m, nil
	}
	legal := s.legal(nil)
	mv, err := s.pos.ParseMove(text, legal)
	if err != nil {
		return 0, fmt.Errorf("dames: %w: %w", game.ErrIllegal, err)
	}
	return pack(mv), nil
}

// MoveInfo is DescribeMove's description of a move.
type MoveInfo struct {
	game.MoveText
	From int `json:"from"` // origin square, 1-50
	To   int `json:"to"`   // destination square
	// Captured lists the squares of the pieces taken, in the order a
	// path through them takes them (empty when none).
	Captured []int `json:"captured"`
	// Path lists the squares landed on after each capture, ending with To.
	Path []int `json:"path,omitempty"`
	// Huff marks the removal of an opponent piece that failed to capture.
	Huff bool `json:"huff,omitempty"`
}

// DescribeMove describes a legal move: notation, clicks (the origin then
// each landing square), from, to and captured squares in capture order.
func (s *State) DescribeMove(m game.Move) any {
	if b, ok := s.isHuff(m); ok {
		sq := squareOf(b)
		return MoveInfo{MoveText: game.MoveText{Notation: "H" + strconv.Itoa(sq), Clicks: []string{strconv.Itoa(sq)}},
			From: sq, To: sq, Captured: []int{sq}, Huff: true}
	}
	mv, ok := s.find(m)
	if !ok {
		return MoveInfo{MoveText: game.MoveText{Notation: s.FormatMove(m), Clicks: []string{}}, Captured: []int{}}
	}
	return s.pos.describe(mv, s.pos.Notation(mv, s.buf))
}

func (p *Pos) describe(m Move, notation string) MoveInfo {
	info := MoveInfo{From: squareOf(int(m.From)), To: squareOf(int(m.To)), Captured: []int{}}
	info.Notation = notation
	info.Clicks = []string{strconv.Itoa(info.From)}
	pa := p.firstPath(m)
	for _, c := range pa.caps {
		info.Captured = append(info.Captured, squareOf(c))
	}
	for _, l := range pa.land {
		info.Clicks = append(info.Clicks, strconv.Itoa(squareOf(l)))
		if m.Captured != 0 {
			info.Path = append(info.Path, squareOf(l))
		}
	}
	return info
}

// Pack returns the game.Move of a board move, as Moves lists it.
func Pack(m Move) game.Move { return pack(m) }

// Unpack returns the board move of a game.Move that is not a huff.
func Unpack(m game.Move) (Move, bool) {
	if m&huffFlag != 0 {
		return Move{}, false
	}
	from, to := int(m&63), int(m>>6&63)
	if from < 1 || from > 50 || to < 1 || to > 50 {
		return Move{}, false
	}
	return Move{From: uint8(bitOf(from)), To: uint8(bitOf(to)), Captured: expand(uint64(m >> capturedOff))}, true
}
