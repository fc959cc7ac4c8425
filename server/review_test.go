package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/review"
	"plateau/room"
	"plateau/server"
	"plateau/store"
)

// reviewAnswer is an answer of GET /api/games/{id}/review, with its keys.
type reviewAnswer struct {
	code   int
	keys   []string
	Status string         `json:"status"`
	Done   int            `json:"done"`
	Total  int            `json:"total"`
	Report *review.Report `json:"report"`
	Error  json.RawMessage
}

// reviewOf asks for a game's review (GET, or POST).
func reviewOf(t *testing.T, client *http.Client, base, method, id string) reviewAnswer {
	t.Helper()
	req, err := http.NewRequest(method, base+"/api/games/"+id+"/review", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var a reviewAnswer
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatalf("%s review of %s: %v in %s", method, id, err, body)
	}
	json.Unmarshal(body, &keys)
	a.code, a.keys = resp.StatusCode, slices.Sorted(maps.Keys(keys))
	a.Error = keys["error"]
	return a
}

// waitReview asks for a game's review until ok accepts an answer, failing
// after a deadline.
func waitReview(t *testing.T, client *http.Client, base, id, what string, ok func(reviewAnswer) bool) reviewAnswer {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		a := reviewOf(t, client, base, http.MethodGet, id)
		if ok(a) {
			return a
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 30 s for %s; last answer %d %+v", what, a.code, a)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// playToEnd plays a game to its end with random moves for the seats of
// tokens (the other seats are the server's AI).
func playToEnd(t *testing.T, ts *testServer, id string, tokens ...string) *player {
	t.Helper()
	p := join(t, ts, id, 0, tokens...)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for !p.over() {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// fakeReviewer reports progress on its first move, then waits for its
// gate and returns a report of its own; it counts its calls.
type fakeReviewer struct {
	calls atomic.Int32
	gate  chan struct{}
	fail  atomic.Bool // the next review fails
}

func (f *fakeReviewer) review(ctx context.Context, g game.Game, _ game.Config, moves []string, o review.Options) (review.Report, error) {
	f.calls.Add(1)
	if f.fail.Swap(false) {
		return review.Report{}, errors.New("move 3 \"x\": not a move")
	}
	o.Progress(1, len(moves))
	select {
	case <-f.gate:
	case <-ctx.Done():
		return review.Report{}, ctx.Err()
	}
	r := review.Report{Game: g.ID(), Players: 1, Engine: "fake", Moves: []review.Move{}, Summaries: []review.Summary{{Player: 0}}}
	if len(moves) > 1 {
		r.Moves = append(r.Moves, review.Move{Ply: 2, Move: moves[1], Best: moves[1], Line: []string{moves[1]}})
		r.Summaries[0].Moves = 1
	}
	return r, nil
}

// TestReviewFlow: the first GET starts the review (202 with progress),
// concurrent GETs share the one job, the review is stored and answered
// (200), and survives a restart.
func TestReviewFlow(t *testing.T) {
	f := &fakeReviewer{gate: make(chan struct{})}
	ts := newTestServer(t, func(o *server.Options) { o.Reviewer = f.review })
	c := ts.create(t, "shutbox", map[string]string{"players": "1"}, "h", false)
	p := playToEnd(t, ts, c.ID, c.Seats[0].Token)

	a := reviewOf(t, ts.HTTP, ts.URL, http.MethodGet, c.ID)
	// The log: the seat's join, the moves and rolls, the end.
	if a.code != http.StatusAccepted || a.Status != "running" || a.Total != int(p.version)-2 || !slices.Equal(a.keys, []string{"done", "status", "total"}) {
		t.Fatalf("first GET: %d %+v; want 202 running with done and total %d (the moves and rolls)", a.code, a, p.version-2)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if a := reviewOf(t, ts.HTTP, ts.URL, http.MethodGet, c.ID); a.code != http.StatusAccepted || a.Status != "running" {
				t.Errorf("GET while it runs: %d %+v; want 202 running", a.code, a)
			}
		}()
	}
	wg.Wait()
	waitReview(t, ts.HTTP, ts.URL, c.ID, "the progress of the first move", func(a reviewAnswer) bool { return a.code == http.StatusAccepted && a.Done == 1 })
	if n := f.calls.Load(); n != 1 {
		t.Fatalf("%d reviews started by 10 requests, want 1", n)
	}
	close(f.gate)
	a = waitReview(t, ts.HTTP, ts.URL, c.ID, "the review done", func(a reviewAnswer) bool { return a.code != http.StatusAccepted })
	if a.code != http.StatusOK || a.Status != "done" || !slices.Equal(a.keys, []string{"report", "status"}) ||
		a.Report == nil || a.Report.Engine != "fake" || a.Report.Game != "shutbox" || len(a.Report.Moves) != 1 {
		t.Fatalf("GET once done: %d %+v", a.code, a)
	}
	rv, err := ts.Store.Review(context.Background(), c.ID)
	if err != nil || rv.Engine != "fake" {
		t.Fatalf("stored review: %+v, %v; want the fake's", rv, err)
	}

	// Another server on the same store (a restart) answers it at once.
	srv := server.New(server.Options{Store: ts.Store, Games: games.Registry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Reviewer: func(context.Context, game.Game, game.Config, []string, review.Options) (review.Report, error) {
			t.Error("the restarted server reviewed a game reviewed already")
			return review.Report{}, errors.New("reviewed already")
		}})
	hs := httptest.NewServer(srv.Handler())
	defer func() { hs.Close(); srv.Close() }()
	if b := reviewOf(t, hs.Client(), hs.URL, http.MethodGet, c.ID); b.code != http.StatusOK || b.Report == nil || len(b.Report.Moves) != 1 {
		t.Errorf("GET after a restart: %d %+v; want 200 with the stored review", b.code, b)
	}
}

// TestReviewRefused: a game not over (409 game_running) and an unknown
// game (404) have no review.
func TestReviewRefused(t *testing.T) {
	f := &fakeReviewer{gate: make(chan struct{})}
	ts := newTestServer(t, func(o *server.Options) { o.Reviewer = f.review })
	running := ts.create(t, "dames", nil, "hh", false)
	join(t, ts, running.ID, 0, running.Seats[0].Token, running.Seats[1].Token)
	open := ts.create(t, "dames", nil, "hh", false)
	for _, tc := range []struct {
		id, method string
		code       int
		err        string
	}{
		{running.ID, http.MethodGet, http.StatusConflict, "game_running"},
		{running.ID, http.MethodPost, http.StatusConflict, "game_running"},
		{open.ID, http.MethodGet, http.StatusConflict, "game_running"},
		{"nosuchgame", http.MethodGet, http.StatusNotFound, "not_found"},
	} {
		a := reviewOf(t, ts.HTTP, ts.URL, tc.method, tc.id)
		var e struct{ Code, Message string }
		json.Unmarshal(a.Error, &e)
		if a.code != tc.code || e.Code != tc.err || e.Message == "" {
			t.Errorf("%s review of %s: %d %s; want %d %s with a message", tc.method, tc.id, a.code, a.Error, tc.code, tc.err)
		}
	}
	if n := f.calls.Load(); n != 0 {
		t.Errorf("%d reviews started for games without one", n)
	}
}

// TestReviewFailed: a failed review answers 500 with status failed and
// the reason; a POST retries it.
func TestReviewFailed(t *testing.T) {
	f := &fakeReviewer{gate: make(chan struct{})}
	close(f.gate)
	f.fail.Store(true)
	ts := newTestServer(t, func(o *server.Options) { o.Reviewer = f.review })
	c := ts.create(t, "shutbox", map[string]string{"players": "1"}, "h", false)
	playToEnd(t, ts, c.ID, c.Seats[0].Token)
	a := waitReview(t, ts.HTTP, ts.URL, c.ID, "the review failed", func(a reviewAnswer) bool { return a.Status == "failed" })
	var msg string
	json.Unmarshal(a.Error, &msg)
	if a.code != http.StatusInternalServerError || !slices.Equal(a.keys, []string{"error", "status"}) || !strings.Contains(msg, `move 3 "x": not a move`) {
		t.Errorf("failed review: %d %+v %s; want 500 failed with the reason", a.code, a, a.Error)
	}
	if a := reviewOf(t, ts.HTTP, ts.URL, http.MethodGet, c.ID); a.Status != "failed" || f.calls.Load() != 1 {
		t.Errorf("GET after the failure: %+v, %d reviews; want the failure, no new review", a, f.calls.Load())
	}
	if a := reviewOf(t, ts.HTTP, ts.URL, http.MethodPost, c.ID); a.code != http.StatusAccepted && a.code != http.StatusOK {
		t.Errorf("POST retry: %d %+v; want 202 (or 200)", a.code, a)
	}
	waitReview(t, ts.HTTP, ts.URL, c.ID, "the retried review done", func(a reviewAnswer) bool { return a.code == http.StatusOK && a.Status == "done" })
	if n := f.calls.Load(); n != 2 {
		t.Errorf("%d reviews, want 2 (the failed one, the retry)", n)
	}
}

// TestReviewEngine reviews finished games with the real judges through
// the server's AI workers: Shut the Box by its exact solver, draughts by
// a search with a short budget.
func TestReviewEngine(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.ReviewBudget = 20 * time.Millisecond })
	box := ts.create(t, "shutbox", map[string]string{"players": "2"}, "ha", false)
	playToEnd(t, ts, box.ID, box.Seats[0].Token)

	// A draughts game: a few moves, then seat 0 resigns.
	dames := ts.create(t, "dames", nil, "hh", false)
	p := join(t, ts, dames.ID, 0, dames.Seats[0].Token, dames.Seats[1].Token)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for p.version < 6 || p.pending {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.conn.Send(ctx, map[string]any{"type": "resign", "seat": 0}); err != nil {
		t.Fatal(err)
	}
	p.resigned, p.pending = true, true
	for !p.over() {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ id, engine string }{{box.ID, "exact solver"}, {dames.ID, "level hard"}} {
		a := waitReview(t, ts.HTTP, ts.URL, tc.id, "the review of "+tc.id, func(a reviewAnswer) bool { return a.code != http.StatusAccepted })
		if a.code != http.StatusOK || a.Report == nil || a.Report.Engine != tc.engine || len(a.Report.Moves) == 0 {
			t.Fatalf("review of %s: %d %+v", tc.id, a.code, a)
		}
		rv, err := ts.Store.Review(ctx, tc.id)
		if err != nil || !strings.HasPrefix(rv.Engine, tc.engine) {
			t.Errorf("stored review of %s: %+v, %v", tc.id, rv, err)
		}
	}
}

// TestReviewYieldsToLiveGame: with one AI worker held by a review search,
// the AI seat of a game against a person moves at once: its search takes
// the worker from the review's, which is preempted.
func TestReviewYieldsToLiveGame(t *testing.T) {
	holding := make(chan struct{}, 1)
	var preempted atomic.Int32
	reviewer := func(ctx context.Context, g game.Game, _ game.Config, moves []string, o review.Options) (review.Report, error) {
		wctx, done, err := o.Worker(ctx) // a search that lasts until preempted
		if err != nil {
			return review.Report{}, err
		}
		holding <- struct{}{}
		<-wctx.Done()
		if ctx.Err() == nil {
			preempted.Add(1)
		}
		done()
		return review.Report{Game: g.ID(), Players: 1, Engine: "fake", Moves: []review.Move{}, Summaries: []review.Summary{{}}}, ctx.Err()
	}
	ts := newTestServer(t, func(o *server.Options) { o.Reviewer = reviewer; o.AIWorkers = 1 })
	box := ts.create(t, "shutbox", map[string]string{"players": "1"}, "h", false)
	playToEnd(t, ts, box.ID, box.Seats[0].Token)
	if a := reviewOf(t, ts.HTTP, ts.URL, http.MethodGet, box.ID); a.code != http.StatusAccepted {
		t.Fatalf("GET review: %d %+v", a.code, a)
	}
	select {
	case <-holding:
	case <-time.After(10 * time.Second):
		t.Fatal("the review's search never got the AI worker")
	}

	c := ts.create(t, "dames", nil, "ha", false)
	p := join(t, ts, c.ID, 0, c.Seats[0].Token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The person's move, then the AI's (versions are no measure: the
	// seats' joins are events and take versions too).
	for p.moves < 1 || p.pending || p.view.ToMove != 0 {
		if err := p.step(ctx); err != nil {
			t.Fatalf("waiting for the AI's reply while a review holds the worker: %v", err)
		}
	}
	if n := preempted.Load(); n != 1 {
		t.Errorf("review searches preempted: %d, want 1", n)
	}
	waitReview(t, ts.HTTP, ts.URL, box.ID, "the review stored", func(a reviewAnswer) bool { return a.code == http.StatusOK })
}

// TestReviewsBusy: past the reviews running and the 64 waiting, a new
// review is refused with 503 busy until one ends (here without a share
// per client, which TestReviewQueueFair tests).
func TestReviewsBusy(t *testing.T) {
	f := &fakeReviewer{gate: make(chan struct{})}
	ts := newTestServer(t, func(o *server.Options) {
		o.Reviewer = f.review
		o.Reviews = 1
		o.Admission.ReviewsPerClient = -1
	})
	var ids []string
	for range 1 + 64 + 1 {
		rec, err := room.NewGameRecord("dames", nil, false, []store.Seat{{Kind: store.Human, TokenHash: room.HashToken(room.NewToken())}, {Kind: store.AI, Level: "easy"}})
		if err != nil {
			t.Fatal(err)
		}
		rec.Status = store.StatusFinished
		if err := ts.Store.Create(context.Background(), rec); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, rec.ID)
	}
	for i, id := range ids {
		a := reviewOf(t, ts.HTTP, ts.URL, http.MethodGet, id)
		want := http.StatusAccepted
		if i == len(ids)-1 {
			want = http.StatusServiceUnavailable
		}
		if a.code != want {
			t.Fatalf("review %d of %d: %d %+v, want %d", i+1, len(ids), a.code, a, want)
		}
	}
	close(f.gate)
	waitReview(t, ts.HTTP, ts.URL, ids[len(ids)-1], "the last review accepted once others ended", func(a reviewAnswer) bool { return a.code == http.StatusOK })
}
