package ratings

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"time"

	"plateau/game"
	"plateau/rating"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// Config is what a Handler needs.
type Config struct {
	Store store.Store
	Games *game.Registry
	Log   *slog.Logger
	// ProvisionalGames: a rating of fewer rated games is provisional
	// whatever its deviation (negative: the deviation alone decides).
	ProvisionalGames int
}

// Handler serves the ratings. Make one with New.
type Handler struct{ c Config }

// New returns the handler of c.
func New(c Config) *Handler { return &Handler{c: c} }

// Routes adds the leaderboard and the players' ratings to m.
func (h *Handler) Routes(m *http.ServeMux) {
	m.HandleFunc("GET /api/leaderboard/{game}", h.leaderboard)
	m.HandleFunc("GET /api/players/{name}/ratings", h.playerRatings)
}

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

// Provisional reports whether r is shown provisional: its deviation is
// high, or it has fewer than Config.ProvisionalGames games.
func (h *Handler) Provisional(r store.Rating) bool {
	return r.Provisional() || r.Games < h.c.ProvisionalGames
}

// minGames is the least number of games of a rating on the leaderboard.
func (h *Handler) minGames() int { return max(0, h.c.ProvisionalGames) }

func (h *Handler) ratingJSON(r store.Rating) RatingJSON {
	return RatingJSON{Name: r.Name, Game: r.Game, Rating: Round(r.Rating.Rating), RD: Round(r.RD), Provisional: h.Provisional(r),
		Games: r.Games, Updated: r.Updated}
}

// Round rounds a rating or a deviation to the unit, as the API shows it.
func Round(x float64) int { return int(math.Round(x)) }

// RatingIn is an account's rating in a game, rounded (a new player's if it
// has none), and whether it is provisional.
func (h *Handler) RatingIn(ctx context.Context, account, gameID string) (int, bool, error) {
	rs, err := h.c.Store.Ratings(ctx, account)
	if err != nil {
		return 0, false, err
	}
	for _, r := range rs {
		if r.Game == gameID {
			return Round(r.Rating.Rating), h.Provisional(r), nil
		}
	}
	n := rating.New()
	return Round(n.Rating), n.Provisional(), nil
}

// Leaderboard is the answer of GET /api/leaderboard/{game}.
type Leaderboard struct {
	Game string `json:"game"`
	// Players are the established ratings (deviation at most
	// rating.ProvisionalRD and at least Config.ProvisionalGames rated
	// games), highest first; Provisional the others.
	Players     []RatingJSON `json:"players"`
	Provisional []RatingJSON `json:"provisional"`
}

// leaderboardSize bounds each list of a leaderboard.
const leaderboardSize = 100

// leaderboard answers a game's leaderboard.
func (h *Handler) leaderboard(w http.ResponseWriter, r *http.Request) {
	g, err := h.c.Games.Lookup(r.PathValue("game"))
	if err != nil {
		httpx.Error(w, http.StatusNotFound, "not_found", err.Error())
		return
	}
	lb, err := h.leaderboardOf(r, g.ID())
	if err != nil {
		h.c.Log.Error("leaderboard", "game", g.ID(), "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	httpx.WriteJSON(w, http.StatusOK, lb)
}

func (h *Handler) leaderboardOf(r *http.Request, gameID string) (Leaderboard, error) {
	lb := Leaderboard{Game: gameID, Players: []RatingJSON{}, Provisional: []RatingJSON{}}
	est, err := h.c.Store.Leaderboard(r.Context(), store.Board{Game: gameID, MaxRD: rating.ProvisionalRD, MinGames: h.minGames(), Limit: leaderboardSize})
	if err != nil {
		return lb, err
	}
	for _, x := range est {
		lb.Players = append(lb.Players, h.ratingJSON(x))
	}
	all, err := h.c.Store.Leaderboard(r.Context(), store.Board{Game: gameID, Limit: leaderboardSize + len(est)})
	if err != nil {
		return lb, err
	}
	for _, x := range all {
		if h.Provisional(x) && len(lb.Provisional) < leaderboardSize {
			lb.Provisional = append(lb.Provisional, h.ratingJSON(x))
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
func (h *Handler) playerRatings(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	acc, err := h.c.Store.AccountByName(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no player %q", name))
		return
	}
	var pr PlayerRatings
	if err == nil {
		pr, err = h.ratingsOf(r, acc)
	}
	if err != nil {
		h.c.Log.Error("player ratings", "player", name, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	httpx.WriteJSON(w, http.StatusOK, pr)
}

func (h *Handler) ratingsOf(r *http.Request, acc *store.Account) (PlayerRatings, error) {
	pr := PlayerRatings{Name: acc.Name, Ratings: []RatingJSON{}}
	rs, err := h.c.Store.Ratings(r.Context(), acc.ID)
	if err != nil {
		return pr, err
	}
	for _, x := range rs {
		rj := h.ratingJSON(x)
		rj.Name = ""
		hist, err := h.c.Store.RatingHistory(r.Context(), acc.ID, x.Game)
		if err != nil {
			return pr, err
		}
		for _, c := range hist {
			rj.History = append(rj.History, RatingPoint{GameID: c.GameID, Before: Round(c.Before.Rating), After: Round(c.After.Rating),
				RD: Round(c.After.RD), Time: c.Time})
		}
		pr.Ratings = append(pr.Ratings, rj)
	}
	return pr, nil
}
