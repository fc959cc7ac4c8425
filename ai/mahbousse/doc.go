// Package mahbousse is Mahboussé's knowledge for Plateau's AI: a logistic
// evaluation over hand-chosen features (pip counts and the race, borne-off
// checkers, pins and closed points point by point, primes, the chance that the
// opponent's next roll pins a lone checker, the start stack, tempo) whose
// weights were learnt by TD(λ) self-play (Train), which the level medium
// uses; neural networks learnt by TD(λ) self-play (Net, TrainNet, Distill),
// whose mean (Ensemble, NetEval) the levels hard and max search with,
// through an Evaluator that updates the networks' sums from the position
// evaluated before; and the move filters of those searches (Filters).
// greedy and easy use the engine's own simpler evaluation.
package mahbousse
