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

// Allies reports whether seat p plays on root's side: root itself or, in a
// 4-player team game, its partner. It is ai.Search's Allies for Intercept:
// partners maximize the same value. States of other games have no allies.
func Allies(s game.State, root, p game.Player) bool {
	if root == p {
		return true
	}
	st, ok := s.(*ic.State)
	return ok && p >= 0 && root >= 0 && !st.Opponents(int(root), int(p))
}

// Contempt is the levels' ai.Search.Contempt with 4 players: a draw is
// worth 0.45 to the searcher, what Value gives for a shaped chain cost
// about 2 units behind.
const Contempt = 0.05

// Repeats is ai.Search's Repeats for Intercept: the earlier occurrences of
// the position in its game (0 for states of other games).
func Repeats(s game.State) int {
	if st, ok := s.(*ic.State); ok {
		return st.Repeats()
	}
	return 0
}
