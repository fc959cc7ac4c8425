package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"plateau/game"
	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

func (s *Server) starts(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(s.startsView())
}

// startsView is the JSON of GET /api/starts, built once: for each game id,
// the view of its start position in the default variant, without the legal
// moves (the lobby draws it on the game's card).
func (s *Server) startsView() json.RawMessage {
	s.startsOnce.Do(func() {
		views := map[string]game.View{}
		for _, g := range s.o.Games.Games() {
			st, err := g.New(game.DefaultConfig(g))
			if err != nil {
				s.o.Log.Error("start position", "game", g.ID(), "err", err)
				continue
			}
			v := game.NewView(g, st)
			v.Moves = []any{}
			views[g.ID()] = v
		}
		s.startsJSON, _ = json.Marshal(views)
	})
	return s.startsJSON
}

// DefaultInactive is the default of Options.Inactive: a game with no move
// for this long has been left, or is a correspondence game, and leaves
// the lobby's live list.
const DefaultInactive = 15 * time.Minute

// Listed is one game of GET /api/games: its summary, how many moves it
// has, its age and when it last moved.
type Listed struct {
	room.Summary
	MoveCount int        `json:"move_count"`
	AgeS      int64      `json:"age_s"`               // seconds since its creation
	LastMove  *time.Time `json:"last_move,omitempty"` // its last move, if any
}

// list serves GET /api/games: status open lists the games with a seat
// anyone may take, live the games in progress with a human seat and a
// move, the last within Options.Inactive, inactive those whose last move
// is older, finished the finished ones, and no status every game. Games
// between computers and games without a move are in neither live list:
// nobody would come to watch them.
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := store.Filter{Status: q.Get("status"), Limit: 50}
	now := s.o.Now()
	switch f.Status {
	case "", store.StatusFinished:
	case store.StatusOpen:
		f.Claimable = true
	case store.StatusLive: // worth watching: people playing, lately
		f.ActiveSince, f.Moved, f.WithHuman = now.Add(-s.o.Inactive), true, true
	case "inactive":
		f.Status, f.IdleBefore, f.Moved, f.WithHuman = store.StatusLive, now.Add(-s.o.Inactive), true, true
	default:
		httpx.Error(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("status %q is not open, live, inactive or finished", f.Status))
		return
	}
	limit, ferr := httpx.QueryNumber(q, "limit", f.Limit, 1, 200)
	if ferr != nil {
		ferr.Write(w)
		return
	}
	f.Limit = limit
	gs, err := s.o.Store.List(r.Context(), f)
	if err != nil {
		s.storeError(w, "", err)
		return
	}
	out := []Listed{}
	for _, g := range gs {
		l := Listed{Summary: room.SummaryOf(g), MoveCount: g.Moves, AgeS: int64(max(0, now.Sub(g.Created)) / time.Second)}
		if !g.LastMove.IsZero() {
			l.LastMove = &g.LastMove
		}
		out = append(out, l)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
