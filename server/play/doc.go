// Package play serves the games being played (docs/api.md): the game
// socket (GET /api/games/{id}/ws), where a client says hello with its
// version and seat tokens and then relays moves and offers to the game's
// room; a game's summary, its export in JSON and PDN, its hints where no
// person playing could use them, and the claims of its open seats. The
// socket shares the lobby's connection code (package wsconn).
package play
