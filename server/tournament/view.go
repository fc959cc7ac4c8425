package tournament

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"plateau/store"
	"plateau/tournament/director"
)

// View is a tournament's page data (GET /api/tournaments/{id} and each
// message of its live stream).
type View struct {
	Summary
	Version   int64              `json:"version"`
	Now       time.Time          `json:"now"` // the server's time, for the countdown
	Standings director.Standings `json:"standings"`
	// NextRound is when a Swiss tournament with a round schedule
	// (spec.round_every) starts its next round, while that time is ahead:
	// the start, then each round's set time (the earliest, during a round:
	// a round that runs past it delays the next until its last game ends).
	NextRound *time.Time `json:"next_round,omitempty"`
	// Games are the games in progress, then the last finished ones.
	Games []GameView `json:"games"`
	// Me is the signed-in reader's part: joined, and the seat of the game
	// it plays now.
	Me *Me `json:"me,omitempty"`
}

// GameView is one game of a tournament.
type GameView struct {
	ID    string `json:"id"`
	White string `json:"white"` // the players' names
	Black string `json:"black"`
	// Players are the names of a multi-player event's game, in seat order.
	Players []string `json:"players,omitempty"`
	Round   int      `json:"round,omitempty"`
	Result  string   `json:"result,omitempty"`
}

// Me is the reader's part of a view.
type Me struct {
	Joined bool    `json:"joined"`
	Game   *MyGame `json:"game,omitempty"`
	// Creator: the reader created the tournament (and may enter
	// computer levels).
	Creator bool `json:"creator,omitempty"`
	// Bye: the reader has the bye of the Swiss round in progress.
	Bye bool `json:"bye,omitempty"`
}

// MyGame is the reader's game in progress and its seat's link.
type MyGame struct {
	ID   string `json:"id"`
	Seat int    `json:"seat"`
	URL  string `json:"url"`
}

// maxGamesShown bounds the finished games of a view.
const maxGamesShown = 30

// view builds the view of st for account ("" for a guest).
func (h *Handler) view(st *director.State, account string) View {
	v := View{Summary: h.summary(&st.T, st), Version: st.T.Version, Now: h.d.Now().UTC(), Standings: st.Standings(), Games: []GameView{}}
	if at, ok := st.NextRound(); ok && at.After(v.Now) {
		at = at.UTC()
		v.NextRound = &at
	}
	names := map[string]string{}
	for _, p := range st.Players {
		names[p.Account] = p.Name
	}
	gv := func(g *director.Game) GameView {
		v := GameView{ID: g.ID, White: names[g.White], Black: names[g.Black], Round: g.Round, Result: g.Result}
		for _, a := range g.Seats {
			v.Players = append(v.Players, names[a])
		}
		return v
	}
	for _, g := range st.Playing() {
		v.Games = append(v.Games, gv(g))
	}
	shown := 0
	for i := len(st.Games) - 1; i >= 0 && shown < maxGamesShown; i-- {
		if g := st.Games[i]; g.Result != "" && g.Result != director.Void {
			v.Games = append(v.Games, gv(g))
			shown++
		}
	}
	if account != "" {
		v.Me = &Me{Joined: st.Joined(account), Creator: st.T.Creator == account, Bye: st.Bye() == account}
		for _, g := range st.Playing() {
			for seat, a := range g.Accounts() {
				if a == account {
					v.Me.Game = &MyGame{ID: g.ID, Seat: seat, URL: fmt.Sprintf("/g/%s?seat=%d&token=%s", g.ID, seat, g.Tokens[seat])}
				}
			}
		}
	}
	return v
}

// reader is the request's account id, "" for a guest (or a session that
// cannot be read: the view is public).
func (h *Handler) reader(r *http.Request) string {
	acc, err := h.d.Account(r)
	if err != nil || acc == nil {
		return ""
	}
	return acc.ID
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	account := h.reader(r)
	var v View
	if err := h.d.Director.View(r.Context(), r.PathValue("id"), func(st *director.State) { v = h.view(st, account) }); err != nil {
		h.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// Live streams.
const (
	livePoll = time.Second      // how often a stream looks for changes
	liveLife = 50 * time.Second // a stream's life: the browser reconnects (EventSource), within the server's write timeout
)

// live streams the tournament's view as server-sent events: one at once,
// then one after each change, until liveLife or the tournament's end.
func (h *Handler) live(w http.ResponseWriter, r *http.Request) {
	account := h.reader(r)
	id := r.PathValue("id")
	var last int64 = -1
	send := func() (bool, error) {
		var v View
		if err := h.d.Director.View(r.Context(), id, func(st *director.State) {
			if st.T.Version != last {
				v = h.view(st, account)
			}
		}); err != nil {
			return false, err
		}
		if v.ID == "" {
			return true, nil
		}
		last = v.Version
		b, _ := json.Marshal(v)
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false, err
		}
		http.NewResponseController(w).Flush()
		return v.Status != store.TournamentFinished, nil
	}
	if err := h.d.Director.View(r.Context(), id, func(*director.State) {}); err != nil {
		h.storeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	t := time.NewTicker(livePoll)
	defer t.Stop()
	end := time.After(liveLife)
	for {
		if more, err := send(); err != nil || !more {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-end:
			return
		case <-t.C:
		}
	}
}
