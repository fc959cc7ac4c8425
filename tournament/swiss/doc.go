// Package swiss pairs the rounds of a Swiss tournament by the Dutch system
// of the FIDE Handbook (C.04.3) and ranks its players with the Buchholz and
// Sonneborn-Berger tie-breaks.
//
// The pairing is pure: Pair takes the players in their initial ranking
// order and the rounds played, and returns the next round. It follows the
// Dutch system's structure — score brackets from the top, moved-down
// players paired first, S1 against S2 with the transpositions of S2 and the
// exchanges between S1 and S2 in the Handbook's order — under the absolute
// criteria (no repeated pairing, at most one pairing-allocated bye, no two
// players with the same absolute colour preference, and a completion check
// that the rest of the round can still be paired) and these quality criteria
// in order: the most pairs, the highest moved-down players paired, the
// fewest colour preferences not granted, the fewest strong ones, the fewest
// repeated downfloats and upfloats of the last round, then of the round
// before. Colours follow the Handbook's allocation rules (E.1 to E.5).
//
// Simplifications, documented in docs/tournaments.md: the topscorers'
// exceptions of the last round are not made (a colour difference never
// exceeds 2 and no player has one colour three times running), and the
// choice of downfloaters does not look at how the next bracket pairs
// beyond the completion check.
package swiss
