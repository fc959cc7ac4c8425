package mahbousse

import "plateau/ai"

// Filters sets a search's move filters for Mahboussé's hard level, as GNU
// Backgammon searches: every move is looked at, and only the best few are
// looked at further, so that three plies (a move, every roll of the
// opponent and its reply, every roll of ours and our reply) fit in about
// what two plies cost without them. At the root, the moves kept for depth 2
// are the 4 best by the evaluation at 0 ply and up to 4 more within 0.05 of
// the best; for depth 3 the 2 best at depth 2 and up to 2 more within 0.02.
// Below the root, a decision with two plies or more left searches only its
// best move at 0 ply: the reply a player would see at one glance, as GNU
// Backgammon chooses the moves inside its lookahead.
func Filters(s *ai.Search) {
	s.RootFilters = []ai.MoveFilter{{Keep: 4, Extra: 4, Margin: 0.05}, {Keep: 2, Extra: 2, Margin: 0.02}}
	s.Filter = ai.MoveFilter{Keep: 1}
}
