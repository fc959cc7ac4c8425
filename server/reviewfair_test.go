package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"plateau/game"
	"plateau/review"
	"plateau/room"
	"plateau/server"
	"plateau/store"
)

// queuedReview is an answer of GET /api/games/{id}/review while it waits.
type queuedReview struct {
	code   int
	Status string `json:"status"`
	Queue  int    `json:"queue"`
}

// reviewFrom asks for a game's review from the client address ip (the
// test server trusts its loopback peer's X-Forwarded-For).
func reviewFrom(t *testing.T, ts *testServer, ip, id string) queuedReview {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/games/"+id+"/review", nil)
	req.Header.Set("X-Forwarded-For", ip)
	resp, err := ts.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	a := queuedReview{code: resp.StatusCode}
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatalf("review of %s from %s: %v in %s", id, ip, err, b)
	}
	return a
}

// finishedGame stores a finished game of gameID without moves, a human
// seat and an AI seat.
func finishedGame(t *testing.T, ts *testServer, gameID string) string {
	t.Helper()
	rec, err := room.NewGameRecord(gameID, nil, false, []store.Seat{{Kind: store.Human, TokenHash: room.HashToken(room.NewToken())}, {Kind: store.AI, Level: "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	rec.Status = store.StatusFinished
	if err := ts.Store.Create(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return rec.ID
}

// TestReviewQueueFair is the attack of issue 66 on the review queue: a
// client asks for eight reviews, then a second client for one. The
// second client's review is served as soon as the first client's running
// review ends, not after the first client's other reviews; the first
// client's share is bounded (503 busy beyond it), and the second client's
// answer shows its place in the queue.
func TestReviewQueueFair(t *testing.T) {
	started := make(chan string, 16) // the games reviewed, in order
	gate := make(chan struct{})
	reviewer := func(ctx context.Context, g game.Game, _ game.Config, moves []string, o review.Options) (review.Report, error) {
		started <- g.ID()
		select {
		case <-gate:
		case <-ctx.Done():
			return review.Report{}, ctx.Err()
		}
		return review.Report{Game: g.ID(), Players: 2, Engine: "fake", Moves: []review.Move{}, Summaries: []review.Summary{{Player: 0}, {Player: 1}}}, nil
	}
	ts := newTestServer(t, func(o *server.Options) {
		o.Reviewer = reviewer
		o.Reviews = 1
		o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
	})
	const first, second = "198.51.100.1", "198.51.100.2"
	var firsts []string
	for range 8 {
		firsts = append(firsts, finishedGame(t, ts, "dames"))
	}
	other := finishedGame(t, ts, "shutbox")
	accepted, refused := 0, 0
	for i, id := range firsts {
		switch a := reviewFrom(t, ts, first, id); a.code {
		case http.StatusAccepted:
			accepted++
		case http.StatusServiceUnavailable:
			refused++
		default:
			t.Fatalf("review %d of the first client: %d %+v, want 202 or 503 busy", i+1, a.code, a)
		}
		if i == 0 {
			if g := <-started; g != "dames" {
				t.Fatalf("first review started: %s", g)
			}
		}
	}
	a := reviewFrom(t, ts, second, other)
	if a.code != http.StatusAccepted || a.Status != "queued" || a.Queue != 1 {
		t.Errorf("the second client's review: %d %+v, want 202 queued 1st (before the first client's other reviews)", a.code, a)
	}
	if refused == 0 {
		t.Errorf("the first client had all its %d reviews accepted: no share per client", accepted)
	}
	gate <- struct{}{} // the first client's running review ends
	select {
	case g := <-started:
		if g != "shutbox" {
			t.Errorf("after the first client's review, %s was reviewed next, want the second client's shutbox (the first client has %d accepted)", g, accepted)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no review started after the first one ended")
	}
	close(gate)
}
