package accounts

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"plateau/room"
	"plateau/server/internal/httpx"
	"plateau/store"
)

// PlayerGame is one game of a player's page.
type PlayerGame struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Status  string          `json:"status"`
	Created time.Time       `json:"created"`
	Seats   []room.SeatJSON `json:"seats"`
	// Mine are the player's seats; Result is their result once the game
	// is finished ("win", "draw" or "loss").
	Mine   []int  `json:"mine"`
	Result string `json:"result,omitempty"`
	URL    string `json:"url"`
	Export string `json:"export"`
}

// Player is the answer of GET /api/players/{name}.
type Player struct {
	Name    string       `json:"name"`
	Created time.Time    `json:"created"`
	Games   []PlayerGame `json:"games"`
	Page    int          `json:"page"`
	More    bool         `json:"more"` // there is a next page
}

func (h *Handler) player(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	q := r.URL.Query()
	f := store.PlayerFilter{Game: q.Get("game"), Result: q.Get("result"), Limit: playerPage + 1}
	if f.Game != "" {
		if _, err := h.c.Games.Lookup(f.Game); err != nil {
			(&httpx.FieldError{Field: "game", Message: err.Error()}).Write(w)
			return
		}
	}
	switch f.Result {
	case "", store.Win, store.Draw, store.Loss:
	default:
		(&httpx.FieldError{Field: "result", Message: fmt.Sprintf("result %q is not one of win, draw, loss", f.Result)}).Write(w)
		return
	}
	page, ferr := httpx.QueryNumber(q, "page", 1, 1, 10000)
	if ferr != nil {
		ferr.Write(w)
		return
	}
	f.Offset = (page - 1) * playerPage
	a, err := h.c.Store.AccountByName(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		httpx.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("no player named %q", name))
		return
	} else if err != nil {
		h.internal(w, "read a player", err)
		return
	}
	f.Account = a.ID
	gs, err := h.c.Store.PlayerGames(r.Context(), f)
	if err != nil {
		h.internal(w, "list a player's games", err)
		return
	}
	out := Player{Name: a.Name, Created: a.Created, Games: []PlayerGame{}, Page: page, More: len(gs) > playerPage}
	for _, g := range gs[:min(len(gs), playerPage)] {
		out.Games = append(out.Games, playerGame(g, a.ID))
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// playerGame is game g as listed on the page of account id.
func playerGame(g *store.Game, id string) PlayerGame {
	pg := PlayerGame{ID: g.ID, Game: g.Game, Status: g.Status, Created: g.Created, Seats: room.SummaryOf(g).Seats, Mine: []int{},
		URL: "/g/" + g.ID, Export: "/api/games/" + g.ID + "/export"}
	var res struct {
		Results []string `json:"results"`
	}
	if g.Status == store.StatusFinished && g.Result != nil {
		json.Unmarshal(g.Result, &res) // a result that does not parse shows none
	}
	for i, st := range g.Seats {
		if st.Account == id {
			pg.Mine = append(pg.Mine, i)
			if pg.Result == "" && i < len(res.Results) {
				pg.Result = res.Results[i]
			}
		}
	}
	return pg
}
