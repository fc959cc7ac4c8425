package server_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"plateau/games"
	"plateau/server"
	"plateau/server/correspondence"
	"plateau/store"
	"plateau/store/sqlite"
)

// diskServer runs a server on the SQLite file path with the games' clock
// now; stop stops it (the test's cleanup too, if not stopped before).
func diskServer(t *testing.T, path string, now func() time.Time) (ts *testServer, stop func()) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: st, Games: games.Registry(), AITime: 200 * time.Millisecond, Rate: 1e6, Burst: 1e6,
		GamesPerMinute: -1, LiveGames: -1, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), GamesNow: now})
	hs := httptest.NewServer(srv.Handler())
	stop = sync.OnceFunc(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		st.Close()
	})
	t.Cleanup(stop)
	return &testServer{URL: hs.URL, Store: st, Srv: srv, HTTP: hs.Client()}, stop
}

// A correspondence game survives a restart of the server: a new server on
// the same database file finds it waiting with its deadline, "your move"
// lists it, the game goes on, and it ends on time at the next deadline
// (the games' clock injected: days pass at once).
func TestCorrespondenceSurvivesServerRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "plateau.db")
	clock := &testClock{now: time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)}
	ts, stop := diskServer(t, path, clock.Now)
	g, cookies, tokens := pairDays(t, ts, signedIn(t, ts, "ann"), signedIn(t, ts, "bob"), 2)
	firstMove(t, ts, cookies[0], g.ID, tokens[0])
	deadline := clock.Now().Add(2 * correspondence.Day)
	stop()

	clock.add(47 * time.Hour) // down for most of the move's time
	ts, _ = diskServer(t, path, clock.Now)
	_, l := yourMove(t, ts, cookies[1])
	if l.Count != 1 || l.Games[0].ID != g.ID || !l.Games[0].Deadline.Equal(deadline) || *l.Games[0].LeftMS != time.Hour.Milliseconds() {
		t.Fatalf("after the restart, the second mover's list: %+v; want game %s due %v, an hour left", l, g.ID, deadline)
	}
	// Two moves each: a rated game that ends sooner is aborted (docs/api.md, Ratings).
	for _, seat := range []int{1, 0, 1} {
		firstMove(t, ts, cookies[seat], g.ID, tokens[seat])
		clock.add(time.Hour)
	}
	deadline = clock.Now().Add(2*correspondence.Day - time.Hour)
	if _, l := yourMove(t, ts, cookies[0]); l.Count != 1 || !l.Games[0].Deadline.Equal(deadline) {
		t.Fatalf("the first mover's list after the replies: %+v", l)
	}
	clock.add(2*correspondence.Day - time.Hour)
	var rec *store.Game
	for range 200 { // the clock wheel reads the deadlines every second
		if rec, _ = ts.Store.Game(context.Background(), g.ID); rec.Status == store.StatusFinished {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	var res struct {
		Reason  string
		Results []string
	}
	json.Unmarshal(rec.Result, &res)
	if rec.Status != store.StatusFinished || res.Reason != "time" || !slices.Equal(res.Results, []string{"loss", "win"}) {
		t.Fatalf("game %s: %s %s; want seat 0 lost on time", g.ID, rec.Status, rec.Result)
	}
	for seat := range 2 {
		if _, l := yourMove(t, ts, cookies[seat]); l.Count != 0 {
			t.Errorf("seat %d's list after the end: %+v", seat, l)
		}
	}
}
