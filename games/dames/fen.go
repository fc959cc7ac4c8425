package dames

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position in FMJD FEN: the side to move (W or B), then a
// section per colour listing its squares, kings prefixed with K, as in
// "W:W31-50:B1-20" or "B:W18,24,K46:BK3,12". Ranges a-b are accepted (K
// before a range makes every square of it a king), sections may come in
// either order or be empty, surrounding quotes and a final period are
// ignored. A man may not stand on its own crowning row.
func ParseFEN(text string) (Pos, error) {
	var p Pos
	s := strings.TrimSpace(text)
	s = strings.Trim(s, `"`)
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	fields := strings.Split(s, ":")
	if len(fields) < 1 || fields[0] == "" {
		return p, fmt.Errorf("FEN %q: empty (want e.g. W:W31-50:B1-20)", text)
	}
	switch strings.ToUpper(strings.TrimSpace(fields[0])) {
	case "W":
		p.Side = White
	case "B":
		p.Side = Black
	default:
		return p, fmt.Errorf("FEN %q: side to move %q is not W or B", text, fields[0])
	}
	var seen [2]bool
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			return p, fmt.Errorf("FEN %q: empty section (want W... or B...)", text)
		}
		var side Side
		switch f[0] {
		case 'W', 'w':
			side = White
		case 'B', 'b':
			side = Black
		default:
			return p, fmt.Errorf("FEN %q: section %q does not start with W or B", text, f)
		}
		if seen[side] {
			return p, fmt.Errorf("FEN %q: two sections for %s", text, colourName(side))
		}
		seen[side] = true
		if err := p.parseSection(side, f[1:]); err != nil {
			return p, fmt.Errorf("FEN %q: %w", text, err)
		}
	}
	return p, nil
}

func (p *Pos) parseSection(side Side, list string) error {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	for item := range strings.SplitSeq(list, ",") {
		item = strings.TrimSpace(item)
		king := false
		if strings.HasPrefix(item, "K") || strings.HasPrefix(item, "k") {
			king = true
			item = item[1:]
		}
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := parseSquare(lo)
		if err != nil {
			return err
		}
		b := a
		if isRange {
			if b, err = parseSquare(hi); err != nil {
				return err
			}
			if b < a {
				return fmt.Errorf("range %q runs backwards", item)
			}
		}
		for sq := a; sq <= b; sq++ {
			m := uint64(1) << bitOf(sq)
			if (p.Pieces[0]|p.Pieces[1])&m != 0 {
				return fmt.Errorf("square %d is listed twice", sq)
			}
			if !king && m&promo[side] != 0 {
				return fmt.Errorf("%s man on %d stands on its crowning row (write K%d for a king)", colourName(side), sq, sq)
			}
			p.Pieces[side] |= m
			if king {
				p.Kings |= m
			}
		}
	}
	return nil
}

// parseSquare reads a square number 1..50.
func parseSquare(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 || n > 50 {
		return 0, fmt.Errorf("square %q is not a number from 1 to 50", s)
	}
	return n, nil
}

func colourName(s Side) string {
	if s == White {
		return "white"
	}
	return "black"
}

// FEN writes p in FMJD FEN, squares in increasing order, kings prefixed
// with K and runs of three or more men as ranges: the start position is
// "W:W31-50:B1-20".
func (p Pos) FEN() string {
	var b strings.Builder
	b.WriteString("WB"[p.Side : p.Side+1])
	for _, side := range []Side{White, Black} {
		b.WriteString(":" + "WB"[side:side+1])
		first := true
		sep := func() {
			if !first {
				b.WriteByte(',')
			}
			first = false
		}
		for sq := 1; sq <= 50; sq++ {
			m := uint64(1) << bitOf(sq)
			if p.Pieces[side]&m == 0 {
				continue
			}
			sep()
			if p.Kings&m != 0 {
				b.WriteString("K" + strconv.Itoa(sq))
				continue
			}
			end := sq
			for end < 50 && p.isMan(side, end+1) {
				end++
			}
			b.WriteString(strconv.Itoa(sq))
			if end-sq >= 2 {
				b.WriteString("-" + strconv.Itoa(end))
				sq = end
			}
		}
	}
	return b.String()
}

func (p *Pos) isMan(side Side, sq int) bool {
	m := uint64(1) << bitOf(sq)
	return p.Pieces[side]&m != 0 && p.Kings&m == 0
}
