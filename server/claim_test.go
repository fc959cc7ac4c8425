package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"plateau/room"
	"plateau/server/play"
	"plateau/server/wsclient"
	"plateau/store"
)

// post sends an empty POST and decodes the answer's JSON into v.
func (ts *testServer) post(t *testing.T, path string, v any) int {
	t.Helper()
	resp, err := ts.HTTP.Post(ts.URL+path, "application/json", nil)
	if err != nil {
		t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(body, v); err != nil {
		t.Errorf("POST %s: %s: %v", path, body, err)
	}
	return resp.StatusCode
}

type apiErr struct {
	Error struct{ Code, Message string }
}

func TestClaimOpenSeat(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := wsclient.Create(ctx, ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "open"}}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Seats[1].Kind != "open" || c.Seats[1].Token != "" || c.Seats[0].Token == "" {
		t.Fatalf("created seats %+v: want seat 0 with a token, seat 1 open without", c.Seats)
	}
	var lobby []room.Summary
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games?status=open", &lobby); err != nil {
		t.Fatal(err)
	}
	if len(lobby) != 1 || lobby[0].ID != c.ID || lobby[0].Seats[0].Open || !lobby[0].Seats[1].Open {
		t.Fatalf("lobby's open games = %+v, want %s with seat 1 open", lobby, c.ID)
	}

	var got play.Claimed
	path := fmt.Sprintf("/api/games/%s/seats/1/claim", c.ID)
	if code := ts.post(t, path, &got); code != http.StatusOK || got.Seat != 1 || len(got.Token) != 32 ||
		got.Invite != fmt.Sprintf("/g/%s?seat=1&token=%s", c.ID, got.Token) {
		t.Fatalf("claim = %d %+v", code, got)
	}
	// The token plays seat 1; the game goes live once both seats joined.
	p0 := join(t, ts, c.ID, 0, c.Seats[0].Token)
	p1 := join(t, ts, c.ID, 0, got.Token)
	if len(p0.seats) != 1 || p0.seats[0] != 0 || len(p1.seats) != 1 || p1.seats[0] != 1 {
		t.Fatalf("seats held: %v and %v, want [0] and [1]", p0.seats, p1.seats)
	}
	if rec, _ := ts.Store.Game(ctx, c.ID); rec.Status != store.StatusLive || rec.Seats[1].Claimable() {
		t.Errorf("after the claim and joins: status %s, seat 1 %+v", rec.Status, rec.Seats[1])
	}
	var sum room.Summary
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+c.ID, &sum); err != nil || sum.Seats[1].Open {
		t.Errorf("summary after the claim: seat 1 %+v, %v; want not open", sum.Seats[1], err)
	}

	for _, tc := range []struct {
		path, code, msg string
		status          int
	}{
		{path, "seat_taken", "seat 1 of game " + c.ID + " is already taken", http.StatusConflict},
		{fmt.Sprintf("/api/games/%s/seats/0/claim", c.ID), "seat_not_open", "seat 0 of game " + c.ID + " is not an open seat", http.StatusConflict},
		{fmt.Sprintf("/api/games/%s/seats/2/claim", c.ID), "not_found", "has no seat 2", http.StatusNotFound},
		{fmt.Sprintf("/api/games/%s/seats/x/claim", c.ID), "bad_request", `seat: "x" is not only digits`, http.StatusBadRequest},
		{"/api/games/nosuchgame/seats/1/claim", "not_found", `no game "nosuchgame"`, http.StatusNotFound},
	} {
		var e apiErr
		if status := ts.post(t, tc.path, &e); status != tc.status || e.Error.Code != tc.code || !strings.Contains(e.Error.Message, tc.msg) {
			t.Errorf("POST %s = %d %+v, want %d %s %q", tc.path, status, e.Error, tc.status, tc.code, tc.msg)
		}
	}
}

// Of many simultaneous claims of one seat exactly one gets the token; the
// others get 409 seat_taken naming the seat.
func TestClaimRace(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := wsclient.Create(ctx, ts.HTTP, ts.URL, wsclient.CreateRequest{Game: "shutbox",
		Seats: []wsclient.Seat{{Kind: "open"}, {Kind: "open"}, {Kind: "ai", Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	status := make([]int, n)
	bodies := make([]apiErr, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var raw json.RawMessage
			status[i] = ts.post(t, fmt.Sprintf("/api/games/%s/seats/1/claim", c.ID), &raw)
			json.Unmarshal(raw, &bodies[i])
		}()
	}
	wg.Wait()
	won := 0
	for i := range n {
		switch {
		case status[i] == http.StatusOK:
			won++
		case status[i] != http.StatusConflict || bodies[i].Error.Code != "seat_taken" || !strings.Contains(bodies[i].Error.Message, "seat 1 "):
			t.Errorf("racing claim %d = %d %+v, want 200 or 409 seat_taken naming seat 1", i, status[i], bodies[i].Error)
		}
	}
	if won != 1 {
		t.Errorf("%d of %d racing claims won the seat, want 1", won, n)
	}
	// Seat 0 is still free.
	var got play.Claimed
	if code := ts.post(t, fmt.Sprintf("/api/games/%s/seats/0/claim", c.ID), &got); code != http.StatusOK || got.Token == "" {
		t.Errorf("claim of seat 0 = %d %+v", code, got)
	}
}
