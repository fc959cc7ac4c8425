// Package ai holds Plateau's computer players: generic search algorithms
// over game.State that work for every engine without knowing its rules.
//
// A Player chooses a move for the seat to move in a state. The algorithms
// are:
//
//   - Random: a uniformly random legal move.
//   - Greedy: one ply, each move scored by the evaluation of the position it
//     leads to, rolls that follow the move averaged by their weights.
//   - Search: iterative-deepening alpha-beta with a transposition table keyed
//     by game.Hasher, move ordering (hash move, killers, history) and an
//     optional quiescence extension; at chance nodes it is *-minimax (Star1
//     pruning of expectimax), so the same search plays deterministic games
//     (dames, benedictine, intercept) and dice games (mahbousse). With more
//     than two players it is paranoid (the root player against all others)
//     or, with BestReply, Best-Reply Search+: between two of the root's
//     turns one opponent searches its reply, the others play their first
//     move.
//   - MCTS: Monte-Carlo tree search (UCT) with chance nodes and max^n values,
//     one per player, for 1 to 4 players; partners share a value because
//     game.Outcome.Value gives them equal results.
//
// Values are a player's payoff in [0, 1] like game.Outcome.Value: 1 a win,
// 0 a loss, 1/2 a two-player draw. Heuristic values come from an Eval, by
// default the state's own game.Evaluator (1/2 when it has none), and may use
// the whole of [0, 1]. Alpha-beta carries with every value a flag saying
// whether it is proven (found from the ends of the game alone, no position
// cut by the horizon deciding it): iterative deepening stops, and the
// transposition table keeps a result as exact whatever the depth, only on a
// proof, never because a value is close to 0 or 1. A win found at ply d is
// worth 1 - d·1e-6, so search prefers the shortest win and the longest
// loss; heuristic values are mapped affinely (order kept) into the open
// interval between the worst proven loss and win, so a proven win is
// preferred to an evaluation of 1.
//
// Searches branch by copying a state into one kept per ply with
// game.Copier, which every engine implements, so that they do not allocate
// per node; a state without it is cloned.
//
// Every player is deterministic for a given seed when bounded by nodes or
// depth; a time or context deadline stops a search early and makes it depend
// on the machine. A Player is not safe for concurrent use: give each
// goroutine (each arena game) its own.
//
// Per-game knowledge (evaluations, quiescence, move ordering, Shut the
// Box's exact policy) lives in the ai/<game> packages, and package ai/level
// assembles the named levels easy, medium, hard and max of every game.
package ai
