// Package lobby serves the lobby's seeks (GET /api/seeks/ws, docs/api.md):
// anyone may watch the open seeks; a signed-in player may open one, which
// lasts as long as its connection, cancel it or accept another's, and a
// pairing creates the game with each seat bound to its account. The
// socket shares the game socket's connection code (package wsconn) and
// decodes each message strictly (protocol.DecodeStrict).
package lobby
