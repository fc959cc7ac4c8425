package room_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"plateau/games"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// timedGame stores a game of two joined human seats with a one-minute
// clock and returns it with its seats' tokens.
func timedGame(t *testing.T, st store.Store) (*store.Game, []string) {
	t.Helper()
	toks := []string{room.NewToken(), room.NewToken()}
	rec, err := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
		{Kind: store.Human, TokenHash: room.HashToken(toks[0]), Joined: true},
		{Kind: store.Human, TokenHash: room.HashToken(toks[1]), Joined: true}})
	if err != nil {
		t.Fatal(err)
	}
	rec.Clock = store.Clock{Initial: time.Minute}
	if err := st.Create(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	return rec, toks
}

// firstMoveAndLeave plays seat 0's first move in game id (which starts
// seat 1's clock), then leaves the room as a player who closed the page.
func firstMoveAndLeave(t *testing.T, m *room.Manager, id string, toks []string) {
	t.Helper()
	moveAndLeave(t, m, id, 0, toks)
}

// endedOnTime checks that game id ended by seat 1's timeout, at its
// deadline (within the wheel's reading period).
func endedOnTime(t *testing.T, st store.Store, id string, deadline time.Time) {
	t.Helper()
	g, _ := st.Game(context.Background(), id)
	if g.Status != store.StatusFinished || !strings.Contains(string(g.Result), `"reason":"time"`) {
		t.Errorf("game %s: status %s, result %s; want finished on time", id, g.Status, g.Result)
		return
	}
	evs, _ := st.Events(context.Background(), id, 0)
	for _, e := range evs {
		if e.Kind == room.KindTimeout {
			if late := e.Time.Sub(deadline); e.Player != 1 || late < 0 || late > time.Second {
				t.Errorf("game %s: timeout of seat %d %v after the deadline; want seat 1 within 1s", id, e.Player, late)
			}
			return
		}
	}
	t.Errorf("game %s: no timeout event in %+v", id, evs)
}

// Abandoned timed games do not hold the room cap: their rooms unload
// like any other, and each still ends on time, woken by the clock wheel
// (issue 67: 4 addresses holding --max-rooms 40 with day-long clocks).
func TestAbandonedClocksDoNotHoldRooms(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		const maxRooms, abandoned = 4, 8
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), MaxRooms: maxRooms, IdleTimeout: time.Hour,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		defer m.Close()
		start := time.Now()
		var ids []string
		for range abandoned {
			rec, toks := timedGame(t, st)
			firstMoveAndLeave(t, m, rec.ID, toks)
			ids = append(ids, rec.ID)
		}
		// One more game, while every abandoned clock still runs.
		other, _ := timedGame(t, st)
		r, err := m.Acquire(ctx, other.ID)
		if err != nil {
			t.Fatalf("a new game while %d abandoned games have running clocks: %v", abandoned, err)
		}
		m.Release(r)
		if n := m.Live(); n > maxRooms {
			t.Fatalf("%d rooms loaded, cap %d", n, maxRooms)
		}
		time.Sleep(time.Minute + 2*time.Second)
		synctest.Wait()
		for _, id := range ids {
			endedOnTime(t, st, id, start.Add(time.Minute))
		}
		if n := m.Live(); n > maxRooms {
			t.Errorf("%d rooms loaded after the timeouts, cap %d", n, maxRooms)
		}
	})
}

// A game unloaded while its clock runs ends on time even when the server
// restarted meanwhile: the deadline is in the store.
func TestClockDeadlineSurvivesRestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		m := room.NewManager(room.Options{Store: st, Games: games.Registry(), IdleTimeout: 5 * time.Second, Log: quiet})
		start := time.Now()
		rec, toks := timedGame(t, st)
		firstMoveAndLeave(t, m, rec.ID, toks)
		time.Sleep(10 * time.Second) // unloaded: idle
		synctest.Wait()
		if n := m.Live(); n != 0 {
			t.Fatalf("%d rooms loaded 10 s after the last client left, idle timeout 5 s", n)
		}
		m.Close()
		time.Sleep(20 * time.Second) // down
		m = room.NewManager(room.Options{Store: st, Games: games.Registry(), IdleTimeout: 5 * time.Second, Log: quiet})
		defer m.Close()
		time.Sleep(40 * time.Second)
		synctest.Wait()
		endedOnTime(t, st, rec.ID, start.Add(time.Minute))
	})
}
