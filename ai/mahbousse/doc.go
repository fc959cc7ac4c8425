// Package mahbousse is Mahboussé's knowledge for Plateau's AI: a logistic
// evaluation over hand-chosen features (pip counts and the race, borne-off
// checkers, pins and closed points point by point, primes, the chance that the
// opponent's next roll pins a lone checker, the start stack, tempo) whose
// weights were learnt by TD(λ) self-play (Train). The levels medium, hard
// and max use it; greedy and easy use the engine's own simpler evaluation.
package mahbousse
