// Package intercept implements Intercept (Henri Vergne, 1993) for 2 players
// and for 4 players in teams or solo, on a reconstructed 13 x 13 board.
//
// The rules as implemented, with every reading of the sheet, are in
// docs/rules/intercept.md.
package intercept
