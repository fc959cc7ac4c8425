package server

import (
	"context"
	"net/http"

	"plateau/seek"
	"plateau/store"
)

// players is the server's lobby.Players: its sessions, ratings and limits
// on rating farming.
type players struct{ s *Server }

func (p players) Seeker(r *http.Request) (*store.Account, error) { return p.s.accounts.Seeker(r) }

func (p players) WatchSeeker(ctx context.Context, r *http.Request, acc *store.Account) (string, <-chan struct{}, func()) {
	return p.s.accounts.WatchSeeker(ctx, r, acc)
}

func (p players) LiveSession(ctx context.Context, session string) bool {
	return p.s.accounts.LiveSession(ctx, session)
}

func (p players) SeekRefusal(account, ip string) string { return p.s.seekRefusal(account, ip) }

func (p players) PairRefusal(ctx context.Context, account string, o seek.Seek) string {
	return p.s.pairRefusal(ctx, account, o)
}

func (p players) PairedOut(ctx context.Context, me seek.Seek) func(seek.Seek) bool {
	return p.s.pairedOut(ctx, me)
}

func (p players) MarkedReason(ctx context.Context, acc *store.Account) (string, error) {
	return p.s.fairplay.MarkedReason(ctx, acc)
}

func (p players) RatingIn(ctx context.Context, account, gameID string) (int, bool, error) {
	return p.s.ratings.RatingIn(ctx, account, gameID)
}

// answers is the server's play.Errors.
type answers struct{ s *Server }

func (f answers) StoreError(w http.ResponseWriter, id string, err error) { f.s.storeError(w, id, err) }

func (f answers) StorageUnavailable(w http.ResponseWriter, secs int) {
	f.s.storageUnavailable(w, secs)
}
