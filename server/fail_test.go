package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"plateau/room"
	"plateau/server/wsclient"
	"plateau/store"
)

// A game whose log no longer replays fails alone: its requests answer 500,
// its WebSocket is refused, and the server goes on serving the other games.
func TestBrokenGameFailsAlone(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	broken, _ := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{{Kind: store.AI}, {Kind: store.AI}})
	if err := ts.Store.Create(ctx, broken); err != nil {
		t.Fatal(err)
	}
	bad := store.Event{Seq: 1, Kind: room.KindMove, Player: 0, Notation: "31-20", Time: time.Now().UTC()}
	if err := ts.Store.Append(ctx, broken.ID, []store.Event{bad}, nil); err != nil {
		t.Fatal(err)
	}
	resp, err := ts.HTTP.Get(ts.URL + "/api/games/" + broken.ID)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("GET the broken game: %s, want 500", resp.Status)
	}
	if c, err := wsclient.Dial(ctx, ts.URL, broken.ID); err == nil {
		c.C.CloseNow()
		t.Error("the broken game's WebSocket was accepted")
	}

	g := ts.create(t, "dames", nil, "hh", false)
	p := join(t, ts, g.ID, 0, g.Seats[0].Token, g.Seats[1].Token)
	for p.version < 4 {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
}
