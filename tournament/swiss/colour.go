package swiss

// strength is how strong a colour preference is (C.04.3 A.6).
type strength int8

const (
	noPref strength = iota
	mild
	strong
	absolute
)

// pref is a player's colour preference.
type pref struct {
	c    Colour
	s    strength
	diff int // colour difference: whites minus blacks
}

// preference computes the colour preference from the colours of the games
// played: absolute when the difference is beyond ±1 or the last two games
// had the same colour, strong when it is ±1, mild (the other colour than
// the last game's) when it is 0, none before the first game.
func preference(cs []Colour) pref {
	d := 0
	for _, c := range cs {
		if c == White {
			d++
		} else {
			d--
		}
	}
	n := len(cs)
	switch {
	case n == 0:
		return pref{}
	case d < -1:
		return pref{White, absolute, d}
	case d > 1:
		return pref{Black, absolute, d}
	case n >= 2 && cs[n-1] == cs[n-2]:
		return pref{cs[n-1].opposite(), absolute, d}
	case d == -1:
		return pref{White, strong, d}
	case d == 1:
		return pref{Black, strong, d}
	}
	return pref{cs[n-1].opposite(), mild, d}
}

// compatible reports whether a and b may meet: not met before and not
// both an absolute preference for the same colour.
func (s *search) compatible(a, b int) bool {
	if s.played[a][b] {
		return false
	}
	pa, pb := s.cs[a].pref, s.cs[b].pref
	return !(pa.s == absolute && pb.s == absolute && pa.c == pb.c)
}

// colourCost counts, for the pair a-b, the players who would not get
// their colour preference and those who would not get a strong (or
// absolute) one.
func (s *search) colourCost(a, b int) (miss, missStrong int) {
	pa, pb := s.cs[a].pref, s.cs[b].pref
	if pa.s == noPref || pb.s == noPref || pa.c != pb.c {
		return 0, 0
	}
	if min(pa.s, pb.s) >= strong {
		return 1, 1
	}
	return 1, 0
}

// higher reports whether a ranks above b (A.2: score, then pairing number).
func higher(cs []card, a, b int) bool {
	if cs[a].score != cs[b].score {
		return cs[a].score > cs[b].score
	}
	return a < b
}

// allocate gives the pair a-b its colours by the rules E.1 to E.5 and
// returns the player with white first.
func allocate(cs []card, a, b int, initial Colour) (w, bl int) {
	if higher(cs, b, a) {
		a, b = b, a
	}
	give := func(c Colour) (int, int) {
		if c == White {
			return a, b
		}
		return b, a
	}
	pa, pb := cs[a].pref, cs[b].pref
	switch {
	case pa.s != noPref && pb.s != noPref && pa.c != pb.c: // E.1
		return give(pa.c)
	case pa.s != noPref && pb.s == noPref:
		return give(pa.c)
	case pb.s != noPref && pa.s == noPref:
		return give(pb.c.opposite())
	case pa.s == noPref: // neither has played: E.5
		return give(initialFor(a, initial))
	case pa.s != pb.s: // E.2: the stronger preference
		if pa.s > pb.s {
			return give(pa.c)
		}
		return give(pb.c.opposite())
	case pa.s == absolute && abs(pa.diff) != abs(pb.diff):
		if abs(pa.diff) > abs(pb.diff) {
			return give(pa.c)
		}
		return give(pb.c.opposite())
	}
	// E.3: alternate from the latest round in which their colours differed.
	ca, cb := cs[a].colours, cs[b].colours
	for i := 1; i <= len(ca) && i <= len(cb); i++ {
		x, y := ca[len(ca)-i], cb[len(cb)-i]
		if x != y {
			return give(x.opposite())
		}
	}
	return give(pa.c) // E.4: the higher ranked player's preference
}

// initialFor is the colour E.5 gives the higher ranked player of a pair
// when nothing else decides: the initial colour for an odd pairing number.
func initialFor(i int, initial Colour) Colour {
	if (i+1)%2 == 1 {
		return initial
	}
	return initial.opposite()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
