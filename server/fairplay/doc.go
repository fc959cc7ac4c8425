// Package fairplay computes the fair-play statistics of each rated game
// after its end (docs/fairplay.md): the game is reviewed, each account's
// sample stored, and an account whose latest samples cross its game's
// rule marked for a moderator's review, after which it plays unrated
// games only (MarkedReason) until cleared (server/moderation).
package fairplay
