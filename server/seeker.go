package server

import (
	"context"
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

// signedIn reports whether the session cookie's value session signs in
// an account now (a rated game's seats are played signed in).
func (s *Server) signedIn(ctx context.Context, session string) bool {
	if session == "" {
		return false
	}
	in, err := s.sessionOf(ctx, session)
	if err != nil {
		s.o.Log.Error("read a session", "err", err)
	}
	return in != nil
}
