// Package server is Plateau's HTTP and WebSocket API (docs/api.md) and the
// web client's static files (embedded from server/web).
//
// Each game is played in a room (package room) that owns its state; the
// server decodes and checks client messages (package protocol), enforces the limits (message
// size, message rate per connection, connections per IP, WebSocket Origin),
// and relays the room's events to the connections.
package server
