// Package benedictine implements Master Bénédictine (Max Gerchambeau, 1982)
// for two players: green (player 0, moves first) and amber (player 1).
package benedictine
