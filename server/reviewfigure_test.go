package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/game"
	"plateau/games"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

// TestReviewFigure measures docs/benchmarks.md's figure: the time the server
// takes to review a finished draughts game of 100 moves (plies, 50 a side)
// with its defaults (one review at a time, 750ms a search, two AI workers)
// while two games between AI seats at level hard are played on it, each
// replaced by a new one when it ends. It runs only when asked:
//
//	PLATEAU_REVIEW_FIGURE=1 go test ./server -run TestReviewFigure -v -timeout 10m
//
// PLATEAU_REVIEW_FIGURE_PLIES changes the length of the game (default 100).
func TestReviewFigure(t *testing.T) {
	if os.Getenv("PLATEAU_REVIEW_FIGURE") != "1" {
		t.Skip("a measurement: PLATEAU_REVIEW_FIGURE=1 runs it")
	}
	plies := 100
	if v := os.Getenv("PLATEAU_REVIEW_FIGURE_PLIES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("PLATEAU_REVIEW_FIGURE_PLIES=%q: want a number of moves", v)
		}
		plies = n
	}
	ts := newTestServer(t, func(o *server.Options) {
		o.AITime = 2 * time.Second
		o.AI = func(gameID, lvl string) (ai.Player, error) {
			return level.New(gameID, lvl, uint64(time.Now().UnixNano()), level.Options{Time: o.AITime})
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 9*time.Minute)
	defer cancel()

	// The game to review, played through the server by two medium players.
	g, err := games.Registry().Lookup("dames")
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.DefaultConfig(g)
	players := [2]ai.Player{}
	for i := range players {
		if players[i], err = level.New("dames", "medium", uint64(i+1), level.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	c := ts.create(t, "dames", nil, "hh", false)
	p := join(t, ts, c.ID, 0, c.Seats[0].Token, c.Seats[1].Token)
	p.pick = func(v *wsclient.View) string {
		st, err := g.ParsePosition(cfg, v.Position)
		if err != nil {
			t.Fatal(err)
		}
		d, err := players[v.ToMove].Choose(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		return st.FormatMove(d.Move)
	}
	for (p.moves < plies || p.pending) && !p.ended {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if p.ended {
		t.Fatalf("the game ended after %d moves, before %d", p.moves, plies)
	}
	if err := p.conn.Send(ctx, map[string]any{"type": "resign", "seat": p.view.ToMove}); err != nil {
		t.Fatal(err)
	}
	p.resigned, p.pending = true, true
	for !p.over() {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}

	// Two live games between AI seats, replaced when they end.
	live := make([]string, 2)
	newLive := func() string {
		cr, err := wsclient.Create(ctx, ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "dames",
			Seats: []wsclient.Seat{{Kind: "ai", Level: "hard"}, {Kind: "ai", Level: "hard"}}})
		if err != nil {
			t.Fatal(err)
		}
		return cr.ID
	}
	liveMoves := 0 // the moves of the live games' finished games
	for i := range live {
		live[i] = newLive()
	}
	livePlayed := func() (moves int, replaced bool) {
		moves = liveMoves
		for i, id := range live {
			rec, err := ts.Store.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			moves += rec.Moves
			if rec.Status == store.StatusFinished {
				liveMoves += rec.Moves
				live[i], replaced = newLive(), true
			}
		}
		return moves, replaced
	}
	// Watch them (a game without clients is unloaded after a minute).
	for i := range live {
		join(t, ts, live[i], 0)
	}
	waitFor := func(what string, cond func() bool) {
		for !cond() {
			if ctx.Err() != nil {
				t.Fatalf("waiting for %s: %v", what, ctx.Err())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	waitFor("the live games' first moves", func() bool { n, _ := livePlayed(); return n >= 2 })

	start := time.Now()
	before, _ := livePlayed()
	var a reviewAnswer
	waitFor("the review", func() bool {
		if _, replaced := livePlayed(); replaced {
			for i := range live {
				join(t, ts, live[i], 0)
			}
		}
		a = reviewOf(t, ts.HTTP, ts.URL, http.MethodGet, c.ID)
		return a.code != http.StatusAccepted
	})
	took := time.Since(start)
	after, _ := livePlayed()
	if a.code != http.StatusOK || a.Report == nil {
		t.Fatalf("review: %d %+v", a.code, a)
	}
	judged := 0
	for _, m := range a.Report.Moves {
		if m.Best != "" {
			judged++
		}
	}
	fmt.Printf("review of a %d-move draughts game (%s, %d moves judged): %.1f s, while two AI-vs-AI games (level hard) played %d moves\n",
		plies, a.Report.Engine, judged, took.Seconds(), after-before)
}
