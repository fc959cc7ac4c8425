package server

import (
	"context"
	"net/http"

	"plateau/server/correspondence"
)

// yourMove is the handler of GET /api/account/your-move (package
// correspondence).
func (s *Server) yourMove() http.Handler {
	return &correspondence.Handler{Store: s.o.Store, Log: s.o.Log, Now: s.o.GamesNow,
		Account: func(r *http.Request) (string, error) {
			si, err := s.accounts.Session(r.Context(), r)
			if si == nil || err != nil {
				return "", err
			}
			return si.Account.ID, nil
		},
		ToMove: func(ctx context.Context, id string) (int, error) {
			rm, err := s.rooms.Acquire(ctx, id)
			if err != nil {
				return -1, err
			}
			defer s.rooms.Release(rm)
			sum, _ := rm.Summary()
			if sum.View == nil || sum.View.Outcome != nil {
				return -1, nil
			}
			return int(sum.View.ToMove), nil
		}}
}
