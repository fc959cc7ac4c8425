// Package wsconn is the connection code every WebSocket of the server
// shares (the game socket, the lobby's seeks): the upgrade with a larger
// write buffer, the frame guard that counts every frame and byte against
// a budget, a reader that bounds the message rate and refuses what is not
// UTF-8 JSON text, one writer with a write timeout, the keep-alive pings,
// and the gate counting connections per address.
package wsconn
