package mahbousse

import "plateau/game"

// Layout is a position's checkers seen from each player's own numbering,
// for evaluation functions outside this package (the AI's).
type Layout struct {
	// Free[p][n] is the number of p's checkers free to move on p's point
	// n (1..24); index 0 is unused.
	Free [2][25]int8
	// Pinned[p][n] reports a checker of p pinned under the opponent's
	// stack on p's point n.
	Pinned [2][25]bool
	// Off is the number of each player's borne-off checkers.
	Off [2]int8
	// Turn is the player who rolls or moves next, game.Nobody once the
	// game is over or before the opening roll.
	Turn game.Player
}

// Layout returns the position's checkers in each player's numbering.
func (s *State) Layout() Layout {
	var l Layout
	for p := int8(0); p < 2; p++ {
		for n := int8(1); n <= 24; n++ {
			l.Free[p][n] = s.b.free(p, n)
			l.Pinned[p][n] = s.b.pinned(p, n)
		}
		l.Off[p] = s.b.off[p]
	}
	l.Turn = game.Player(s.turn)
	if s.phase == phOver || s.phase == phOpening {
		l.Turn = game.Nobody
	}
	return l
}
