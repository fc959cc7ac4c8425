package room_test

import (
	"testing"
	"time"

	"plateau/games"
	"plateau/room"
)

// A room whose players have all left unloads after PlayerlessTimeout even
// with spectators connected; they are dropped with Unloaded set. While a
// player is connected, it stays.
func TestPlayerlessRoomUnloads(t *testing.T) {
	const timeout = 50 * time.Millisecond
	st := openStore(t)
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), IdleTimeout: time.Hour, PlayerlessTimeout: timeout, Log: quiet})
	defer m.Close()
	id, toks := newGame(t, st, "hh")
	r, player := join(t, m, id, toks[0])
	_, spectator := join(t, m, id)
	// With a player connected, 20 timeouts pass and the room stays.
	stay := time.After(20 * timeout)
	for waiting := true; waiting; {
		select {
		case <-spectator.Gone:
			t.Fatalf("spectator dropped while a player is connected: %s", spectator.Reason)
		case <-stay:
			waiting = false
		}
	}
	if n := m.Live(); n != 1 {
		t.Fatalf("%d rooms loaded with a player connected, want 1", n)
	}
	r.Leave(player)
	select {
	case <-spectator.Gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the room without a player did not unload within 10 s")
	}
	if !spectator.Unloaded || spectator.Reason == "" {
		t.Errorf("spectator dropped with Unloaded %v, reason %q", spectator.Unloaded, spectator.Reason)
	}
	waitFor(t, "no room loaded", func() bool { return m.Live() == 0 })
	// A spectator coming back reloads the game (join fails on a refusal).
	join(t, m, id)
}
