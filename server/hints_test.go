package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"plateau/game"
	"plateau/hints"
	"plateau/server"
)

// hintsAnswer is GET /api/games/{id}/hints's answer, with shutbox hints.
type hintsAnswer struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Version  int64         `json:"version"`
	Position string        `json:"position"`
	ToMove   game.Player   `json:"toMove"`
	Hints    hints.Shutbox `json:"hints"`
	Error    struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (ts *testServer) hints(t *testing.T, id string) (int, hintsAnswer) {
	t.Helper()
	resp, err := ts.HTTP.Get(ts.URL + "/api/games/" + id + "/hints")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var a hintsAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatalf("GET hints of %s: %v in %s", id, err, body)
	}
	return resp.StatusCode, a
}

func TestHints(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Hints = hints.Providers() })
	for _, tc := range []struct {
		players  string
		kinds    string
		sortedBy string
	}{{"1", "h", "p_shut"}, {"2", "hh", "win"}} {
		t.Run("players="+tc.players, func(t *testing.T) {
			// The opening roll is played at creation: the game waits for a cover.
			c := ts.create(t, "shutbox", map[string]string{"players": tc.players}, tc.kinds, false)
			p := join(t, ts, c.ID, 0, c.Seats[0].Token)
			status, a := ts.hints(t, c.ID)
			if status != http.StatusOK {
				t.Fatalf("hints at %q: status %d, error %+v", p.view.Position, status, a.Error)
			}
			if a.ID != c.ID || a.Game != "shutbox" || a.Version != p.version || a.Position != p.view.Position || a.ToMove != 0 {
				t.Errorf("hints are of %s %s v%d %q to move %d, want %s shutbox v%d %q to move 0",
					a.ID, a.Game, a.Version, a.Position, a.ToMove, c.ID, p.version, p.view.Position)
			}
			h := a.Hints
			if h.Player != 1 || h.Roll < 2 || h.SortedBy != tc.sortedBy {
				t.Errorf("hints: player %d roll %d sorted by %q, want player 1, a roll, by %s", h.Player, h.Roll, h.SortedBy, tc.sortedBy)
			}
			var got, want []string
			for _, ch := range h.Choices {
				got = append(got, ch.Move)
				if (ch.Win != nil) != (tc.players != "1") {
					t.Errorf("choice %s: win %v with %s players", ch.Move, ch.Win, tc.players)
				}
			}
			for _, m := range p.view.Moves {
				want = append(want, m.Notation)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("hints list %v, the legal moves are %v", got, want)
			}
			for i := 1; i < len(h.Choices); i++ {
				prev, cur := h.Choices[i-1], h.Choices[i]
				if tc.players == "1" && prev.PShut < cur.PShut {
					t.Errorf("choices not best first: %s p_shut %g before %s %g", prev.Move, prev.PShut, cur.Move, cur.PShut)
				}
			}
			if tc.players != "1" {
				return
			}
			// Played to the end, the game has no more hints.
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			for !p.over() {
				if err := p.step(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if status, a := ts.hints(t, c.ID); status != http.StatusConflict || a.Error.Code != "no_hints" {
				t.Errorf("hints of a finished game: status %d, error %+v; want 409 no_hints", status, a.Error)
			}
		})
	}
}

func TestHintsErrors(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) {
		o.Hints = map[string]func(game.State) (any, error){
			"shutbox": func(game.State) (any, error) { return nil, errors.New("no solver today") },
		}
	})
	dames := ts.create(t, "dames", nil, "hh", false)
	box := ts.create(t, "shutbox", map[string]string{"players": "1"}, "h", false)
	for _, tc := range []struct {
		id     string
		status int
		code   string
	}{
		{"nosuchgame", http.StatusNotFound, "not_found"},
		{dames.ID, http.StatusNotFound, "no_hints"},
		{box.ID, http.StatusConflict, "no_hints"},
	} {
		status, a := ts.hints(t, tc.id)
		if status != tc.status || a.Error.Code != tc.code || a.Error.Message == "" {
			t.Errorf("hints of %s: status %d, error %+v; want %d %s with a message", tc.id, status, a.Error, tc.status, tc.code)
		}
	}
}
