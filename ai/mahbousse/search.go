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

// WideFilters sets the move filters of Mahboussé's max level: Filters with
// wider root filters (the 6 best moves at 0 ply and up to 4 more within
// 0.06 for depth 2, the 3 best and up to 2 more within 0.03 for depth 3),
// and below the root the 2 best replies at 0 ply and up to 2 more within
// 0.05 instead of the best alone, for three plies that look at more
// candidates with the time max has.
// Searching on to a fourth ply with Filters instead scored 12/0/18 against
// hard (30 games, 250k nodes a move, seed 1127), as did an unfiltered search
// (seed 3005): a fourth ply rarely finishes, and its replies chosen at a
// glance cost more than they give.
func WideFilters(s *ai.Search) {
	Filters(s)
	s.RootFilters = []ai.MoveFilter{{Keep: 6, Extra: 4, Margin: 0.06}, {Keep: 3, Extra: 2, Margin: 0.03}}
	s.Filter = ai.MoveFilter{Keep: 2, Extra: 2, Margin: 0.05}
}
