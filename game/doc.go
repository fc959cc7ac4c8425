// Package game defines what every Plateau game is made of: a Game that
// creates States, the moves a State lists and plays, the chance player that
// rolls dice, outcomes, variant options and a registry.
//
// Engines live in their own packages under plateau/games and depend on this
// one, never the reverse. Engines are pure: no I/O, no clock, no global
// random source. Dice are moves of the Chance player, listed with integer
// weights, so whoever drives the game (a test, the server, an AI search)
// chooses the roll and every game replays exactly from its move list.
//
// A Move is a compact value that only means something to the State that
// listed it; notation (FormatMove, ParseMove) is how moves travel between
// processes and are stored.
package game
