package room_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"plateau/ai"
	"plateau/ai/level"
	"plateau/games"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// BenchmarkAIMaxMoves measures what one move of a level max draughts
// player costs the server, in a game between two such players: each
// iteration waits for the next AI move. A player kept for the game
// allocates its transposition table (64 MiB) once per seat; a player made
// for every move allocates it every move.
func BenchmarkAIMaxMoves(b *testing.B) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "p.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	var made atomic.Int64
	levels := benchLevels(20 * time.Millisecond)
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), AITime: 20 * time.Millisecond,
		AI: func(gameID, level string) (ai.Player, error) { made.Add(1); return levels(gameID, level) }})
	defer m.Close()
	newGame := func() (*room.Room, *room.Sub) {
		rec, _ := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
			{Kind: store.AI, Level: "max"}, {Kind: store.AI, Level: "max"}})
		if err := st.Create(ctx, rec); err != nil {
			b.Fatal(err)
		}
		r, err := m.Acquire(ctx, rec.ID)
		if err != nil {
			b.Fatal(err)
		}
		sub := room.NewSub(1024)
		if _, ref := r.Join(ctx, sub, 0, nil); ref != nil {
			b.Fatal(ref)
		}
		return r, sub
	}
	r, sub := newGame()
	b.ReportAllocs()
	madeBefore := made.Load()
	for b.Loop() {
		for moved := false; !moved; {
			select {
			case msg := <-sub.Out:
				var e struct {
					Event struct{ Kind string }
				}
				json.Unmarshal(msg, &e)
				switch e.Event.Kind {
				case room.KindMove:
					moved = true
				case room.KindEnd:
					r.Leave(sub)
					m.Release(r)
					r, sub = newGame()
				}
			case <-time.After(10 * time.Second):
				b.Fatal("no AI move within 10 s")
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(made.Load()-madeBefore)/float64(b.N), "players/move")
	r.Leave(sub)
	m.Release(r)
}

func benchLevels(budget time.Duration) room.PlayerFactory {
	return func(gameID, name string) (ai.Player, error) {
		return level.New(gameID, name, rand.Uint64(), level.Options{Time: budget})
	}
}
