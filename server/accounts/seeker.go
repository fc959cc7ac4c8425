package accounts

import (
	"context"
	"net/http"

	"plateau/store"
)

// seeker is the account of a lobby connection's session, nil for a guest.
func (h *Handler) Seeker(r *http.Request) (*store.Account, error) {
	in, err := h.Session(r.Context(), r)
	if in == nil || err != nil {
		return nil, err
	}
	return in.Account, nil
}

// signedIn reports whether the session cookie's value session signs in
// an account now (a rated game's seats are played signed in).
func (h *Handler) SignedIn(ctx context.Context, session string) bool {
	if session == "" {
		return false
	}
	in, err := h.sessionOf(ctx, session)
	if err != nil {
		h.c.Log.Error("read a session", "err", err)
	}
	return in != nil
}
