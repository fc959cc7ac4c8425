// Package tournament holds what Plateau's tournaments share; the pairing
// engines are its sub-packages: swiss (the FIDE Dutch system, with byes and
// tie-breaks) and arena (lichess-style pairing of free players, with streak
// and berserk points). Both are pure: no I/O, no clock, no random source.
package tournament
