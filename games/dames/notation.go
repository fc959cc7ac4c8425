package dames

import (
	"fmt"
	"strconv"
	"strings"
)

// A capture path: the squares (bits) where the capturing piece lands after
// each piece it takes, and the pieces (bits) in the order taken.
type path struct {
	land []int
	caps []int
}

// paths calls fn with each way of playing the capture m in p, until fn
// returns false. Non-captures have the one path [To] with no pieces taken.
func (p *Pos) paths(m Move, fn func(path) bool) {
	if m.Captured == 0 {
		fn(path{land: []int{int(m.To)}})
		return
	}
	empty := p.empty() | 1<<m.From
	king := p.Kings&(1<<m.From) != 0
	var pa path
	var walk func(s int, taken uint64) bool
	walk = func(s int, taken uint64) bool {
		if taken == m.Captured {
			if s == int(m.To) {
				return fn(path{land: append([]int(nil), pa.land...), caps: append([]int(nil), pa.caps...)})
			}
			return true
		}
		for _, d := range dirs {
			t := s + d
			if king {
				for empty&bit(t) != 0 {
					t += d
				}
			}
			if m.Captured&^taken&bit(t) == 0 {
				continue
			}
			for l := t + d; empty&bit(l) != 0; l += d {
				pa.land = append(pa.land, l)
				pa.caps = append(pa.caps, t)
				ok := walk(l, taken|1<<t)
				pa.land = pa.land[:len(pa.land)-1]
				pa.caps = pa.caps[:len(pa.caps)-1]
				if !ok {
					return false
				}
				if !king {
					break
				}
			}
		}
		return true
	}
	walk(int(m.From), 0)
}

// firstPath returns the first path of m that paths finds.
func (p *Pos) firstPath(m Move) path {
	var first path
	p.paths(m, func(pa path) bool { first = pa; return false })
	return first
}

// matches reports whether some path of m lands, in order, on every square
// (bit) of via, which are squares strictly between From and To.
func (p *Pos) matches(m Move, via []int) bool {
	if len(via) == 0 {
		return true
	}
	found := false
	p.paths(m, func(pa path) bool {
		i := 0
		for _, l := range pa.land[:len(pa.land)-1] {
			if i < len(via) && l == via[i] {
				i++
			}
		}
		found = i == len(via)
		return !found
	})
	return found
}

// Notation writes m, one of the legal moves listed in legal, in PDN:
// "32-28" for a move, "28x19" for a capture, and "28x17x8" with the
// intermediate landing squares needed to tell apart captures with the same
// origin and destination but different pieces taken (as few as possible).
func (p *Pos) Notation(m Move, legal []Move) string {
	from, to := strconv.Itoa(squareOf(int(m.From))), strconv.Itoa(squareOf(int(m.To)))
	if m.Captured == 0 {
		return from + "-" + to
	}
	var rivals []Move
	for _, o := range legal {
		if o.From == m.From && o.To == m.To && o != m {
			rivals = append(rivals, o)
		}
	}
	if len(rivals) == 0 {
		return from + "x" + to
	}
	land := p.firstPath(m).land
	inner := land[:len(land)-1]
	unique := func(via []int) bool {
		for _, o := range rivals {
			if p.matches(o, via) {
				return false
			}
		}
		return true
	}
	via := inner
	if found := smallestSubsequence(inner, unique); found != nil {
		via = found
	}
	var b strings.Builder
	b.WriteString(from)
	for _, v := range via {
		b.WriteString("x" + strconv.Itoa(squareOf(v)))
	}
	b.WriteString("x" + to)
	return b.String()
}

// smallestSubsequence returns the first subsequence of s, shortest first
// and of length at most 2, for which ok holds; nil if none does.
func smallestSubsequence(s []int, ok func([]int) bool) []int {
	for i := range s {
		if ok(s[i : i+1]) {
			return []int{s[i]}
		}
	}
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if v := []int{s[i], s[j]}; ok(v) {
				return v
			}
		}
	}
	return nil
}

// ParseMove reads a move in PDN notation ("32-28", "28x19", "28x17x8")
// and returns the one legal move in legal it names. A capture may be written
// with any of its intermediate landing squares, in order; it is an error if
// the text fits no legal move or several.
func (p *Pos) ParseMove(text string, legal []Move) (Move, error) {
	sq, capture, err := splitMove(text)
	if err != nil {
		return Move{}, err
	}
	for i, n := range sq {
		sq[i] = bitOf(n)
	}
	sep := "-"
	if capture {
		sep = "x"
	}
	from, to := sq[0], sq[len(sq)-1]
	via := sq[1 : len(sq)-1]
	var found []Move
	for _, m := range legal {
		if int(m.From) != from || int(m.To) != to || (m.Captured != 0) != (sep == "x") {
			continue
		}
		if p.matches(m, via) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return Move{}, fmt.Errorf("move %q: no legal move fits it here%s", text, p.hint(legal))
	}
	alts := make([]string, len(found))
	for i, m := range found {
		alts[i] = p.Notation(m, legal)
	}
	return Move{}, fmt.Errorf("move %q is ambiguous: write %s", text, strings.Join(alts, " or "))
}

// splitMove reads the squares of a move written "a-b" or "axbx...xc" (x,
// X or : as capture signs) and whether it is a capture.
func splitMove(text string) (squares []int, capture bool, err error) {
	s := strings.TrimSpace(text)
	sep := "-"
	if strings.ContainsAny(s, "xX:") {
		sep, capture = "x", true
		s = strings.NewReplacer("X", "x", ":", "x").Replace(s)
	}
	parts := strings.Split(s, sep)
	if len(parts) < 2 || (!capture && len(parts) != 2) {
		return nil, false, fmt.Errorf("move %q: want from-to (32-28) or fromxto (28x19)", text)
	}
	squares = make([]int, len(parts))
	for i, part := range parts {
		if squares[i], err = parseSquare(part); err != nil {
			return nil, false, fmt.Errorf("move %q: %w", text, err)
		}
	}
	return squares, capture, nil
}

// hint tells what the legal moves look like, for error messages.
func (p *Pos) hint(legal []Move) string {
	if len(legal) == 0 {
		return " (no legal move)"
	}
	if legal[0].Captured != 0 {
		n := popcount(legal[0].Captured)
		if n == 1 {
			return " (a capture is mandatory)"
		}
		return fmt.Sprintf(" (a capture of %d pieces is mandatory)", n)
	}
	return ""
}
