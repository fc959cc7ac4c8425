package dames

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"plateau/game"
)

// Position is the FMJD FEN of the position, followed, when they are not
// empty, by what the draw rules and huffing remember:
//
//	quiet=46-5,3-9   king moves since the last capture, man move or huff
//	endgame=6        plies played in an FMJD counted endgame (draw=fmjd)
//	huff=23,28       pieces the side to move may huff (huffing=on)
func (s *State) Position() string {
	var b strings.Builder
	b.WriteString(s.pos.FEN())
	if len(s.quiet) > 0 {
		b.WriteString(" quiet=")
		for i, q := range s.quiet {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%d-%d", squareOf(int(q.from)), squareOf(int(q.to)))
		}
	}
	if s.endgame > 0 {
		fmt.Fprintf(&b, " endgame=%d", s.endgame)
	}
	if s.huffable != 0 {
		b.WriteString(" huff=" + strings.ReplaceAll(squareList(s.huffable), " ", ""))
	}
	return b.String()
}

// ParsePosition reads a position as Position writes it: an FMJD FEN,
// optionally followed by quiet=, endgame= and huff= fields.
func (g Game) ParsePosition(cfg game.Config, text string) (game.State, error) {
	r, err := rulesOf(cfg)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, errors.New("dames: empty position (want an FMJD FEN such as W:W31-50:B1-20)")
	}
	p, err := ParseFEN(fields[0])
	if err != nil {
		return nil, fmt.Errorf("dames: %w", err)
	}
	s := &State{r: r, pos: p}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		key, val, ok := strings.Cut(f, "=")
		if !ok || seen[key] {
			return nil, fmt.Errorf("dames: position field %q: want one each of quiet=, endgame=, huff= after the FEN", f)
		}
		seen[key] = true
		switch key {
		case "quiet":
			err = s.parseQuiet(val)
		case "endgame":
			err = s.parseEndgame(val)
		case "huff":
			err = s.parseHuff(val)
		default:
			err = errors.New("unknown field (want quiet=, endgame= or huff=)")
		}
		if err != nil {
			return nil, fmt.Errorf("dames: position field %q: %w", f, err)
		}
	}
	s.update()
	return s, nil
}

// parseQuiet rebuilds the king moves that led to the position by taking
// them back one by one, checking that each was legal.
func (s *State) parseQuiet(list string) error {
	moves := strings.Split(list, ",")
	if len(moves) > fmjdQuietPlies {
		return fmt.Errorf("%d moves: more than the %d any draw rule allows", len(moves), fmjdQuietPlies)
	}
	s.quiet = make([]kingMove, len(moves))
	p := s.pos
	for i := len(moves) - 1; i >= 0; i-- {
		a, b, ok := strings.Cut(moves[i], "-")
		if !ok {
			return fmt.Errorf("%q is not a move from-to", moves[i])
		}
		from, err := parseSquare(a)
		if err != nil {
			return err
		}
		to, err := parseSquare(b)
		if err != nil {
			return err
		}
		fb, tb := bitOf(from), bitOf(to)
		mover := p.Side ^ 1
		if p.Pieces[mover]&p.Kings&(1<<tb) == 0 {
			return fmt.Errorf("%s: no %s king on %d to take back", moves[i], colourName(mover), to)
		}
		prev := p
		prev.Side = mover
		prev.Pieces[mover] ^= 1<<fb | 1<<tb
		prev.Kings ^= 1<<fb | 1<<tb
		m := Move{From: uint8(fb), To: uint8(tb)}
		if (p.Pieces[0]|p.Pieces[1])&(1<<fb) != 0 || !slices.Contains(s.r.legal(&prev, nil), m) {
			return fmt.Errorf("%s was not a legal move", moves[i])
		}
		s.quiet[i] = kingMove{from: uint8(fb), to: uint8(tb), before: prev.Hash()}
		p = prev
	}
	return nil
}

func (s *State) parseEndgame(v string) error {
	n, err := strconv.Atoi(v)
	lim := endgameLimit(s.pos)
	switch {
	case !s.r.fmjd:
		return errors.New("only draw=fmjd counts endgame moves")
	case err != nil || n < 1:
		return fmt.Errorf("%q is not a positive number of plies", v)
	case lim == 0:
		return errors.New("the material is not a counted endgame")
	case n > 2*lim:
		return fmt.Errorf("%d plies is beyond the %d-move limit", n, lim)
	}
	s.endgame = n
	return nil
}

func (s *State) parseHuff(v string) error {
	if !s.r.huffing {
		return errors.New("only huffing=on huffs")
	}
	for f := range strings.SplitSeq(v, ",") {
		n, err := parseSquare(f)
		if err != nil {
			return err
		}
		b := uint64(1) << bitOf(n)
		if s.pos.Pieces[s.pos.Side^1]&b == 0 {
			return fmt.Errorf("no %s piece on %d to huff", colourName(s.pos.Side^1), n)
		}
		s.huffable |= b
	}
	return nil
}
