package server

import (
	"context"
	"net/http"

	"plateau/server/puzzles"
)

// startPuzzles makes the puzzles' handler (server/puzzles) and loads the
// shipped seed puzzles into the store in the background.
func (s *Server) startPuzzles() {
	s.puzzles = puzzles.New(puzzles.Deps{Store: s.o.Store, Games: s.o.Games, Log: s.o.Log, Now: s.o.Now, Limits: s.o.Puzzles,
		Account: func(r *http.Request) (string, error) {
			in, err := s.accounts.Session(r.Context(), r)
			if in == nil || err != nil {
				return "", err
			}
			return in.Account.ID, nil
		},
		Client: s.clientKey,
		Page: func(w http.ResponseWriter, r *http.Request, renderer string) {
			s.web.Page(w, r, renderer, bootData{Catalog: s.catalogJSON()})
		},
		Worker: s.rooms.ReviewWorker,
	})
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		ctx, cancel := s.contextClosing(context.Background())
		defer cancel()
		n, err := puzzles.LoadSeed(ctx, s.o.Store, s.o.Now())
		if err != nil && ctx.Err() == nil {
			s.o.Log.Error("loading the seed puzzles", "err", err)
			return
		}
		if n > 0 {
			s.o.Log.Info("seed puzzles loaded", "added", n)
		}
	}()
}
