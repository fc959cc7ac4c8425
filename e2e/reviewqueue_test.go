package e2e

import (
	"context"
	"net/http"
	"testing"
	"time"

	"plateau/game"
	"plateau/review"
	"plateau/room"
	"plateau/server"
	"plateau/store"
)

// TestReviewQueued: while other reviews go first (the one running, a
// second waiting, both asked by the same client as the page), the review
// panel says the game's place in the queue ("2nd in the queue"), then
// shows the review once its turn comes.
func TestReviewQueued(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	gate := make(chan struct{})
	base, st := startServerWith(t, func(o *server.Options) {
		o.Reviews = 1
		o.Reviewer = func(ctx context.Context, g game.Game, cfg game.Config, moves []string, opts review.Options) (review.Report, error) {
			if g.ID() == "dames" { // the reviews that go first wait for the gate
				select {
				case <-gate:
				case <-ctx.Done():
					return review.Report{}, ctx.Err()
				}
			}
			return review.Review(ctx, g, cfg, moves, opts)
		}
	})
	for range 2 { // finished games without moves, reviewed first
		rec, err := room.NewGameRecord("dames", nil, false, []store.Seat{{Kind: store.Human, TokenHash: room.HashToken(room.NewToken())}, {Kind: store.AI, Level: "easy"}})
		if err != nil {
			t.Fatal(err)
		}
		rec.Status = store.StatusFinished
		if err := st.Create(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		resp, err := http.Get(base + "/api/games/" + rec.ID + "/review")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("review of %s: %d, want 202", rec.ID, resp.StatusCode)
		}
	}
	id, toks := seededGame(t, st, "shutbox", map[string]string{"players": "2"}, testSeed("review-shutbox-2"))
	a := newTab(t, bctx, "queued")
	openHotseat(a, base, id, toks)
	playShutbox(t, a)
	a.waitJS("the review button", `!!document.querySelector('#review-start')`)
	if eval[bool](a, `!!document.querySelector('dialog#result[open]')`) {
		a.clickAt("#dialog-close")
	}
	a.clickAt("#review-start")
	a.waitJS("the place in the queue", `document.querySelector('#review-progress')?.textContent === '2nd in the queue: the computer reviews other games first.'`)
	close(gate)
	a.waitJSWithin("the review", `!!document.querySelector('#review-graph') && document.querySelectorAll('#movelist .rv-mark').length > 0`, time.Minute)
}
