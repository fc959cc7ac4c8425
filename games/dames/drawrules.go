package dames

// Draw limits, in plies.
const (
	seedQuietPlies = 40 // the sheet's 20 moves, counted for each player
	fmjdQuietPlies = 50 // FMJD's 25 moves each
)

// kingMove is a non-capturing king move kept for the draw rules, with the
// hash of the position it was played from.
type kingMove struct {
	from, to uint8 // ghost-layout bits
	before   uint64
}

// countEndgame advances the FMJD endgame count after a move from before:
// the count restarts whenever the class of endgame (16 moves, 5 moves or
// none) changes.
func (s *State) countEndgame(before Pos) {
	if !s.r.fmjd {
		return
	}
	switch lim := endgameLimit(s.pos); {
	case lim != endgameLimit(before):
		s.endgame = 0 // a counted endgame starts (or ends) here
	case lim > 0:
		s.endgame++ // a promotion inside the same class keeps counting
	}
}

// material is the count of men and kings of each side.
func material(p Pos) [4]int {
	return [4]int{
		popcount(p.Pieces[White] &^ p.Kings), popcount(p.Pieces[White] & p.Kings),
		popcount(p.Pieces[Black] &^ p.Kings), popcount(p.Pieces[Black] & p.Kings),
	}
}

// endgameLimit returns the number of moves each player has to win an
// FMJD counted endgame (16 or 5), or 0 when the material is not one: a
// lone king against three pieces with at least one king (16), or against
// one or two pieces with at least one king (5).
func endgameLimit(p Pos) int {
	m := material(p)
	for side := range 2 {
		me, other := m[2*side:2*side+2], m[2*(1-side):2*(1-side)+2]
		if me[0] != 0 || me[1] != 1 || other[1] == 0 {
			continue
		}
		switch other[0] + other[1] {
		case 3:
			return 16
		case 1, 2:
			return 5
		}
	}
	return 0
}

// DrawRules tells a search what the draw rules of s are: the hashes of the
// positions played since the last capture, man move or huff, oldest first
// (the position before each king move), and how many such plies draw the
// game (0 when no such limit applies). Huffing reports whether the huffing
// option is on, which changes the move tree.
func (s *State) DrawRules() (history []uint64, quietLimit int, huffing bool) {
	for _, q := range s.quiet {
		history = append(history, q.before)
	}
	quietLimit = seedQuietPlies
	if s.r.fmjd {
		quietLimit = fmjdQuietPlies
	}
	return history, quietLimit, s.r.huffing
}
