package intercept

import (
	"plateau/game"
	ic "plateau/games/intercept"
)

// Order scores a move of an Intercept state for move ordering (higher
// first): a goal, then ball passages by the ranks they gain toward the
// goal, then covering moves.
func Order(s game.State, m game.Move) int {
	st, ok := s.(*ic.State)
	if !ok {
		return 0
	}
	from, to, ballTo := ic.MoveSquares(m)
	if from < 0 {
		return 0
	}
	seat := int(st.ToMove())
	sc := 0
	if ballTo >= 0 {
		d0, d1 := goalDist(st, seat, st.Ball()), goalDist(st, seat, ballTo)
		if d1 == 0 {
			return 1000
		}
		sc += 20 + 10*(d0-d1)
	}
	if to != from {
		if o, _, _ := st.PieceAt(to); o >= 0 {
			sc += 15 // a cover
		}
	}
	return sc
}

// goalDist is the distance from t to seat's nearest goal.
func goalDist(s *ic.State, seat, t int) int {
	d := noPieceDist
	for _, g := range s.Goals(seat) {
		d = min(d, cheb(t, g))
	}
	return d
}
