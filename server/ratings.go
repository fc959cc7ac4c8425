package server

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"plateau/rating"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// RatingJSON is an account's rating in one game, as the API shows it:
// rating and deviation rounded to the unit.
type RatingJSON struct {
	Name        string    `json:"name,omitempty"`
	Game        string    `json:"game"`
	Rating      int       `json:"rating"`
	RD          int       `json:"rd"`
	Provisional bool      `json:"provisional"`
	Games       int       `json:"games"`
	Updated     time.Time `json:"updated,omitzero"`
	// History holds the rating after each rated game, oldest first
	// (GET /api/players/{name}/ratings only).
	History []RatingPoint `json:"history,omitempty"`
}

// RatingPoint is one rated game of a rating's history.
type RatingPoint struct {
	GameID string    `json:"game_id"`
	Before int       `json:"before"`
	After  int       `json:"after"`
	RD     int       `json:"rd"` // after the game
	Time   time.Time `json:"time"`
}

func (s *Server) ratingJSON(r store.Rating) RatingJSON {
	return RatingJSON{Name: r.Name, Game: r.Game, Rating: round(r.Rating.Rating), RD: round(r.RD), Provisional: s.farm.provisional(r),
		Games: r.Games, Updated: r.Updated}
}

func round(x float64) int { return int(math.Round(x)) }

// Leaderboard is the answer of GET /api/leaderboard/{game}.
type Leaderboard struct {
	Game string `json:"game"`
	// Players are the established ratings (deviation at most
	// rating.ProvisionalRD and at least FarmingLimits.ProvisionalGames
	// rated games), highest first; Provisional the others.
	Players     []RatingJSON `json:"players"`
	Provisional []RatingJSON `json:"provisional"`
}

// leaderboardSize bounds each list of a leaderboard.
const leaderboardSize = 100

// leaderboard answers a game's leaderboard.
func (s *Server) leaderboard(w http.ResponseWriter, r *http.Request) {
	g, err := s.o.Games.Lookup(r.PathValue("game"))
	if err != nil {
		httpx.Error(w, http.StatusNotFound, "not_found", err.Error())
		return
	}
	lb, err := s.leaderboardOf(r, g.ID())
	if err != nil {
		s.o.Log.Error("leaderboard", "game", g.ID(), "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	httpx.WriteJSON(w, http.StatusOK, lb)
}

func (s *Server) leaderboardOf(r *http.Request, gameID string) (Leaderboard, error) {
	lb := Leaderboard{Game: gameID, Players: []RatingJSON{}, Provisional: []RatingJSON{}}
	est, err := s.o.Store.Leaderboard(r.Context(), store.Board{Game: gameID, MaxRD: rating.ProvisionalRD, MinGames: s.farm.minGames(), Limit: leaderboardSize})
	if err != nil {
		return lb, err
	}
	for _, x := range est {
		lb.Players = append(lb.Players, s.ratingJSON(x))
	}
	all, err := s.o.Store.Leaderboard(r.Context(), store.Board{Game: gameID, Limit: leaderboardSize + len(est)})
	if err != nil {
		return lb, err
	}
	for _, x := range all {
		if s.farm.provisional(x) && len(lb.Provisional) < leaderboardSize {
			lb.Provisional = append(lb.Provisional, s.ratingJSON(x))
		}
	}
	return lb, nil
}

// PlayerRatings is the answer of GET /api/players/{name}/ratings.
type PlayerRatings struct {
	Name    string       `json:"name"`
	Ratings []RatingJSON `json:"ratings"`
}

// playerRatings answers an account's ratings with their histories.
func (s *Server) playerRatings(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	acc, err := s.o.Store.AccountByName(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no player %q", name))
		return
	}
	var pr PlayerRatings
	if err == nil {
		pr, err = s.ratingsOf(r, acc)
	}
	if err != nil {
		s.o.Log.Error("player ratings", "player", name, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	httpx.WriteJSON(w, http.StatusOK, pr)
}

func (s *Server) ratingsOf(r *http.Request, acc *store.Account) (PlayerRatings, error) {
	pr := PlayerRatings{Name: acc.Name, Ratings: []RatingJSON{}}
	rs, err := s.o.Store.Ratings(r.Context(), acc.ID)
	if err != nil {
		return pr, err
	}
	for _, x := range rs {
		rj := s.ratingJSON(x)
		rj.Name = ""
		h, err := s.o.Store.RatingHistory(r.Context(), acc.ID, x.Game)
		if err != nil {
			return pr, err
		}
		for _, c := range h {
			rj.History = append(rj.History, RatingPoint{GameID: c.GameID, Before: round(c.Before.Rating), After: round(c.After.Rating),
				RD: round(c.After.RD), Time: c.Time})
		}
		pr.Ratings = append(pr.Ratings, rj)
	}
	return pr, nil
}
