// Package ladder is the file type of measured Elo ladders
// (ai/level/ladder.json): a ladder's levels with their fitted ratings and
// intervals, and the matches that measured them. ai/arena writes it,
// ai/level reads it; neither depends on the other for it.
package ladder
