package room_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"plateau/game"
	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// counts are what the engine was asked on a move's path.
type counts struct{ parses, plays, clones int }

// countGame is a game whose states count their ParseMove, Play and Clone
// calls.
type countGame struct {
	game.Game
	c *counts
}

func (g countGame) New(cfg game.Config) (game.State, error) {
	s, err := g.Game.New(cfg)
	return countState{s, g.c}, err
}

type countState struct {
	game.State
	c *counts
}

func (s countState) ParseMove(text string) (game.Move, error) {
	s.c.parses++
	return s.State.ParseMove(text)
}

func (s countState) Play(m game.Move) error {
	s.c.plays++
	return s.State.Play(m)
}

func (s countState) Clone() game.State {
	s.c.clones++
	return countState{s.State.Clone(), s.c}
}

// discardAppends is a store whose appends are not written: the benchmark
// measures the room, not the disk.
type discardAppends struct{ store.Store }

func (discardAppends) Append(context.Context, string, []store.Event, *store.Update) error {
	return nil
}

// BenchmarkMovePath measures one move's path through a room, from the
// decoded client message to its acknowledgement, with a client
// subscribed: the request checked and resolved to a seat, decided,
// appended (to a store that writes nothing), applied and sent out. It
// reports the engine's parses, plays and state copies per move. The
// moves are a seeded random game of draughts, 40 plies long; a new game
// starts (outside the timer) when they are played.
func BenchmarkMovePath(b *testing.B) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "p.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	c := &counts{}
	dames, err := games.Registry().Lookup("dames")
	if err != nil {
		b.Fatal(err)
	}
	reg := game.NewRegistry(countGame{dames, c})
	m := room.NewManager(room.Options{Store: discardAppends{st}, Games: reg, Log: quiet})
	defer m.Close()
	moves := randomPlies(b, dames, 40, 1)
	start := func() (*room.Room, *room.Sub) {
		toks := []string{room.NewToken(), room.NewToken()}
		rec, err := room.NewGameRecord("dames", map[string]string{}, false, []store.Seat{
			{Kind: store.Human, TokenHash: room.HashToken(toks[0]), Joined: true},
			{Kind: store.Human, TokenHash: room.HashToken(toks[1]), Joined: true}})
		if err == nil {
			err = st.Create(ctx, rec)
		}
		if err != nil {
			b.Fatal(err)
		}
		r, err := m.Acquire(ctx, rec.ID)
		if err != nil {
			b.Fatal(err)
		}
		sub := room.NewSub(1024)
		if _, ref := r.Join(ctx, sub, 0, toks); ref != nil {
			b.Fatal(ref)
		}
		return r, sub
	}
	r, sub := start()
	ply, n := 0, 0
	*c = counts{}
	b.ReportAllocs()
	for b.Loop() {
		if ply == len(moves) {
			b.StopTimer()
			saved := *c
			m.Release(r)
			r, sub = start()
			ply, *c = 0, saved
			b.StartTimer()
		}
		v := int64(ply)
		mv := moves[ply]
		sendMove(r, sub, protocol.ClientMsg{Type: "move", ID: "m", Version: &v, Move: &mv})
		for acked := false; !acked; {
			msg := <-sub.Out
			acked = len(msg) > 12 && string(msg[:12]) == `{"type":"ack`
			if len(msg) > 14 && string(msg[:14]) == `{"type":"error` {
				b.Fatalf("move %d %s: %s", ply, mv, msg)
			}
		}
		ply++
		n++
	}
	m.Release(r)
	b.ReportMetric(float64(c.parses)/float64(n), "parses/move")
	b.ReportMetric(float64(c.plays)/float64(n), "plays/move")
	b.ReportMetric(float64(c.clones)/float64(n), "copies/move")
}

// sendMove gives the room a decoded client message.
func sendMove(r *room.Room, sub *room.Sub, msg protocol.ClientMsg) {
	r.Do(sub, msg)
}

// randomPlies returns the notations of the first n plies of a game of g
// played at random from seed.
func randomPlies(b *testing.B, g game.Game, n int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, seed))
	cfg, err := game.NewConfig(g, nil)
	if err != nil {
		b.Fatal(err)
	}
	s, err := g.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	for len(out) < n {
		ms := s.Moves(nil)
		if len(ms) == 0 {
			b.Fatalf("the random game ended after %d plies", len(out))
		}
		m := ms[rng.IntN(len(ms))]
		out = append(out, s.FormatMove(m))
		if err := s.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	return out
}
