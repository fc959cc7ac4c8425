// Package dice derives the server's dice rolls from a secret seed so that
// anyone can check them once the seed is revealed.
//
// At a game's creation the server draws a random 32-byte seed and publishes
// its commitment, the hex SHA-256 of the seed. The k-th roll of the game
// (k = 1, 2, ... counting every chance move played in the game) is chosen
// among the outcomes of the chance node, listed in the engine's order with
// integer weights summing to W, as follows:
//
//	block(k, j) = HMAC-SHA256(key = seed, message = uint64be(k) || uint32be(j)), j = 0, 1, 2, ...
//
// Each block is read as four big-endian uint64 candidates, block 0 first.
// The first candidate x below the largest multiple of W that fits in 2^64
// (rejection sampling, so that every value is equally likely) gives
// r = x mod W, and the outcome is game.Pick(outcomes, r): the first outcome
// whose cumulative weight exceeds r.
//
// When the game ends the seed is revealed; Verify-style checks recompute
// every roll from it (see "plateau verify").
package dice
