package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/coder/websocket"

	"plateau/server"
)

// The spectators of a game whose players have all left are closed with
// 4000 after PlayerlessTimeout; a hello then reloads the game.
func TestSpectatorsOfPlayerlessGameClosed(t *testing.T) {
	ts := newTestServer(t, func(o *server.Options) { o.PlayerlessTimeout = 50 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	g := ts.create(t, "dames", nil, "hh", false)
	player := ts.dial(t, g.ID)
	if _, err := player.Hello(ctx, 0, g.Seats[0].Token); err != nil {
		t.Fatal(err)
	}
	spectator := ts.dial(t, g.ID)
	if _, err := spectator.Hello(ctx, 0); err != nil {
		t.Fatal(err)
	}
	player.Close()
	for {
		_, err := spectator.Next(ctx)
		if err == nil {
			continue // the catch-up, seats
		}
		if s := websocket.CloseStatus(err); s != 4000 {
			t.Fatalf("spectator: %v (close %d), want close 4000", err, s)
		}
		break
	}
	again := ts.dial(t, g.ID)
	defer again.Close()
	if _, err := again.Hello(ctx, 0); err != nil {
		t.Fatalf("hello after the unload: %v", err)
	}
}
