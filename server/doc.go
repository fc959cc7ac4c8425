// Package server is Plateau's HTTP and WebSocket API (docs/api.md) and the
// web client's static files (embedded from server/web).
//
// It is cut by job (docs/architecture.md, The server's packages): the
// game socket and a game's routes in server/play, the seeks in
// server/lobby, the analysis board and reviews in server/analysis, the
// accounts and sessions in server/accounts, the web client's files and
// pages in server/assets. Package server holds the options, the wiring of
// those handlers (New), ratings and the computer levels, fair play, game
// creation and its limits, health and metrics, and the HTTP and TCP
// limits; Serve runs it on a listener.
package server
