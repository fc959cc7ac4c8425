package server

import (
	"net/http"

	"plateau/store"
)

// seeker is the account of a lobby connection's session, nil for a guest.
func (s *Server) seeker(r *http.Request) (*store.Account, error) {
	in, err := s.session(r.Context(), r)
	if in == nil || err != nil {
		return nil, err
	}
	return in.account, nil
}
