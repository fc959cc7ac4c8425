package room_test

import (
	"testing"
	"testing/synctest"
	"time"

	"plateau/games"
	"plateau/room"
)

// A room whose players have all left unloads after PlayerlessTimeout even
// with spectators connected; they are dropped with Unloaded set. While a
// player is connected, it stays. (In a synctest bubble: the timeouts pass
// on the bubble's clock.)
func TestPlayerlessRoomUnloads(t *testing.T) {
	st := openStore(t)
	id, toks := newGame(t, st, "hh")
	synctest.Test(t, func(t *testing.T) {
		const timeout = 10 * time.Minute
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), IdleTimeout: time.Hour, PlayerlessTimeout: timeout, Log: quiet})
		defer m.Close()
		r, player := join(t, m, id, toks[0])
		_, spectator := join(t, m, id)
		// With a player connected, many timeouts pass and the room stays.
		time.Sleep(5 * timeout)
		synctest.Wait()
		select {
		case <-spectator.Gone:
			t.Fatalf("spectator dropped while a player is connected: %s", spectator.Reason)
		default:
		}
		if n := m.Live(); n != 1 {
			t.Fatalf("%d rooms loaded with a player connected, want 1", n)
		}
		r.Leave(player)
		synctest.Wait()
		time.Sleep(timeout - time.Second)
		synctest.Wait()
		select {
		case <-spectator.Gone:
			t.Fatalf("spectator dropped before the timeout: %s", spectator.Reason)
		default:
		}
		time.Sleep(timeout / 2) // the janitor looks every timeout/4
		synctest.Wait()
		select {
		case <-spectator.Gone:
		default:
			t.Fatal("the room without a player did not unload")
		}
		if !spectator.Unloaded || spectator.Reason == "" {
			t.Errorf("spectator dropped with Unloaded %v, reason %q", spectator.Unloaded, spectator.Reason)
		}
		synctest.Wait()
		if n := m.Live(); n != 0 {
			t.Errorf("%d rooms loaded after the unload, want 0", n)
		}
		// A spectator coming back reloads the game (join fails on a refusal).
		join(t, m, id)
	})
}
