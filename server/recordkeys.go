package server

import (
	"net/http"

	"plateau/room"
	"plateau/server/internal/httpx"
)

// signer is the rooms' Signer: Keys, or none (a nil interface, not a nil
// *record.Keys in one) when records are not signed.
func (o Options) signer() room.Signer {
	if o.Keys == nil {
		return nil
	}
	return o.Keys
}

// recordKeys serves GET /.well-known/plateau-key: the public keys that
// check the signatures of the server's records, the current one first,
// then those retired by rotations (docs/records.md).
func (s *Server) recordKeys(w http.ResponseWriter, r *http.Request) {
	if s.o.Keys == nil {
		httpx.Error(w, http.StatusNotFound, "not_found", "this server does not sign its records")
		return
	}
	// A rotation takes effect at the next start: a few minutes of caching
	// cannot hide a key for long.
	w.Header().Set("Cache-Control", "max-age=300")
	httpx.WriteJSON(w, http.StatusOK, s.o.Keys.Public())
}
