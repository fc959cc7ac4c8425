// Package protocol is Plateau's wire: the typed messages a game's
// WebSocket carries both ways, and the game summaries the HTTP API shares
// with them. docs/api.md documents every message.
//
// The protocol is versioned: the welcome says the server's Version, and a
// client may say in its hello which version it speaks. A version only
// adds messages and fields; a client ignores the fields it does not know.
package protocol

// Version is the version of the protocol this package describes.
const Version = 1

// Refusal is why a message (or an action on a game) was refused: an
// error code of the API and a message.
type Refusal struct {
	Code    string
	Message string
	// RetryAfter, when not zero, is how many seconds the client should
	// wait before trying again (storage_unavailable).
	RetryAfter int
}

func (r *Refusal) Error() string { return r.Code + ": " + r.Message }
