package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/record"
	"plateau/room"
	"plateau/server"
	"plateau/server/ratings"
	"plateau/server/wsclient"
)

// playOpening plays the first moves of a two-seat game until each seat has
// made room.MinRatedMoves moves, the seats' players in ps (one per seat,
// or one holding both), each choosing the first legal move.
func playOpening(ctx context.Context, t *testing.T, ps ...*player) {
	t.Helper()
	for range 2 * room.MinRatedMoves {
		var mover *player
		for _, p := range ps {
			if slices.Contains(p.seats, p.view.ToMove) {
				mover = p
			}
		}
		if mover == nil || len(mover.view.Moves) == 0 {
			t.Fatalf("no player for seat %d to move, or no legal move", ps[0].view.ToMove)
		}
		if err := mover.conn.Send(ctx, map[string]any{"type": "move", "version": mover.version, "move": mover.view.Moves[0].Notation}); err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			waitEvent(ctx, t, p, "move")
		}
	}
}

// TestFarmingInstantResigns is issue 66's farming attack: two accounts
// play 92 rated games, each resigned before any move. Every game ends
// aborted, with no winner, and neither rating moves nor shows on the
// leaderboard. On main b61b991 the winner went 1500 -> 1996.
func TestFarmingInstantResigns(t *testing.T) {
	keys, err := record.Generate(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, func(o *server.Options) { o.Keys = keys })
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	for i := range 92 {
		id, tok, ck := ratedTable(t, ts, "dames", nil, true, [2]string{"farmer", "feeder"})
		p := joinAs(t, ts, ck[1], id, tok[1])
		if err := p.conn.SendRaw(ctx, []byte(`{"type":"resign","seat":1}`)); err != nil {
			t.Fatal(err)
		}
		waitEvent(ctx, t, p, "end")
		p.conn.C.Close(1000, "")
		if i > 0 {
			continue
		}
		g, err := ts.Store.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var o game.Outcome
		if err := json.Unmarshal(g.Result, &o); err != nil || !o.Over || o.Reason != room.AbortedReason || len(o.Results) != 0 {
			t.Fatalf("the first instant resignation's result %s (%v): want aborted, no winner", g.Result, err)
		}
		// Its signed record says aborted, and verifies.
		var x room.Export
		if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+id+"/export", &x); err != nil {
			t.Fatal(err)
		}
		if err := room.VerifySignature(x, keys.Public()); err != nil {
			t.Errorf("the aborted game's signed export: %v", err)
		}
		if _, err := room.Verify(games.Registry(), x); err != nil {
			t.Errorf("the aborted game's export does not replay: %v", err)
		}
		var seen game.Outcome
		if err := json.Unmarshal(p.view.Outcome, &seen); err != nil || seen.Reason != room.AbortedReason {
			t.Errorf("the players' view of the end: %s (%v), want aborted", p.view.Outcome, err)
		}
	}
	for _, acc := range []string{"farmer", "feeder"} {
		if rs, err := ts.Store.Ratings(ctx, acc); err != nil || len(rs) != 0 {
			t.Errorf("%s's ratings after 92 aborted games: %+v, %v; want none", acc, rs, err)
		}
	}
	var lb ratings.Leaderboard
	getJSON(t, ts, "/api/leaderboard/dames", &lb)
	if len(lb.Players)+len(lb.Provisional) != 0 {
		t.Errorf("leaderboard after 92 aborted games: %+v, want empty", lb)
	}
}

// getJSON decodes the answer of GET path, which must be 200.
func getJSON(t *testing.T, ts *testServer, path string, v any) {
	t.Helper()
	resp, err := ts.HTTP.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}
