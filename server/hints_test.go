package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"plateau/ai"
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

// hints asks for a game's hints, with a seat's token if one is given.
func (ts *testServer) hints(t *testing.T, id string, token ...string) (int, hintsAnswer) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/api/games/"+id+"/hints", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(token) > 0 {
		req.Header.Set("Authorization", "Bearer "+token[0])
	}
	resp, err := ts.HTTP.Do(req)
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

// idlePlayer is an AI player whose searches last until their context
// ends: its seat never moves while the test looks.
type idlePlayer struct{}

func (idlePlayer) Choose(ctx context.Context, _ game.State) (ai.Decision, error) {
	<-ctx.Done()
	return ai.Decision{}, ctx.Err()
}

func (idlePlayer) Close() {}

// TestHints: the hints of the running games that may have them, Shut the
// Box solitaire and a game of AI seats only.
func TestHints(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) {
		o.Hints = hints.Providers()
		o.AI = func(string, string) (ai.Player, error) { return idlePlayer{}, nil }
		o.AITime = time.Hour
	})
	for _, tc := range []struct {
		players  string
		kinds    string
		sortedBy string
	}{{"1", "h", "p_shut"}, {"2", "aa", "win"}} {
		t.Run("players="+tc.players, func(t *testing.T) {
			// The opening roll is played at creation: the game waits for a cover.
			c := ts.create(t, "shutbox", map[string]string{"players": tc.players}, tc.kinds, false)
			var tokens []string // none: a spectator of the AI seats' game
			if tc.kinds == "h" {
				tokens = append(tokens, c.Seats[0].Token)
			}
			p := join(t, ts, c.ID, 0, tokens...)
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

// TestHintsRefused: while people play a game against each other or the
// computer, nobody gets its hints (403 hints_refused), its players
// (named by their seat's token) nor its spectators; after the end the
// game has none (409 no_hints).
func TestHintsRefused(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.Hints = hints.Providers() })
	for _, kinds := range []string{"hh", "ha"} {
		t.Run(kinds, func(t *testing.T) {
			c := ts.create(t, "shutbox", map[string]string{"players": "2"}, kinds, false)
			tokens := []string{c.Seats[0].Token}
			if kinds == "hh" {
				tokens = append(tokens, c.Seats[1].Token)
			}
			p := join(t, ts, c.ID, 0, tokens...)
			for _, tc := range []struct {
				who, token, says string
			}{
				{"seat 0's player", c.Seats[0].Token, "you hold seat 0 of game " + c.ID},
				{"a spectator", "", "refused to everyone, players and spectators"},
				{"a wrong token", "not-a-token", "refused to everyone, players and spectators"},
			} {
				var token []string
				if tc.token != "" {
					token = []string{tc.token}
				}
				status, a := ts.hints(t, c.ID, token...)
				if status != http.StatusForbidden || a.Error.Code != "hints_refused" || !strings.Contains(a.Error.Message, tc.says) {
					t.Errorf("hints of a running %s game to %s: status %d, error %+v; want 403 hints_refused saying %q", kinds, tc.who, status, a.Error, tc.says)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			for !p.over() {
				if err := p.step(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if status, a := ts.hints(t, c.ID, c.Seats[0].Token); status != http.StatusConflict || a.Error.Code != "no_hints" {
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
