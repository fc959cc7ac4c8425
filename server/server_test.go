package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"plateau/game"
	"plateau/games"
	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store"
)

type testServer struct {
	URL   string
	Store store.Store
	Srv   *server.Server
	HTTP  *http.Client
}

func newTestServer(t testing.TB, tune func(*server.Options)) *testServer {
	t.Helper()
	st := openTestStore(t)
	o := server.Options{Store: st, Games: games.Registry(), AITime: 200 * time.Millisecond, Rate: 1e6, Burst: 1e6,
		GamesPerMinute: -1, LiveGames: -1, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if tune != nil {
		tune(&o)
	}
	srv := server.New(o)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		st.Close()
	})
	return &testServer{URL: ts.URL, Store: st, Srv: srv, HTTP: ts.Client()}
}

// create makes a game of n seats of the given kinds ("h" human, "a" AI).
func (ts *testServer) create(t testing.TB, gameID string, variant map[string]string, kinds string, casual bool) wsclient.Created {
	t.Helper()
	req := wsclient.CreateRequest{Game: gameID, Variant: variant, Casual: casual}
	for _, k := range kinds {
		if k == 'a' {
			req.Seats = append(req.Seats, wsclient.Seat{Kind: "ai", Level: "easy"})
		} else {
			req.Seats = append(req.Seats, wsclient.Seat{Kind: "human"})
		}
	}
	c, err := wsclient.Create(context.Background(), ts.HTTP, ts.URL, req)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (ts *testServer) dial(t testing.TB, id string) *wsclient.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := wsclient.Dial(ctx, ts.URL, id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.C.CloseNow() })
	return c
}

// player plays random legal moves for the seats of tokens until the game
// ends or stop returns true; it returns the event versions it saw.
type player struct {
	conn     *wsclient.Conn
	seats    []int
	version  int64
	view     *wsclient.View
	seen     []int64
	rng      *rand.Rand
	pending  bool
	moves    int
	ended    bool
	resigned bool
	// pick, when set, chooses the moves instead of the random choice.
	pick func(v *wsclient.View) string
}

// resignAfter bounds the random games of the tests.
const resignAfter = 200

func join(t testing.TB, ts *testServer, id string, version int64, tokens ...string) *player {
	t.Helper()
	c := ts.dial(t, id)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	w, err := c.Hello(ctx, version, tokens...)
	if err != nil {
		t.Fatal(err)
	}
	return &player{conn: c, seats: w.Seats, version: w.Version, view: w.Game.View, rng: rand.New(rand.NewPCG(uint64(len(tokens)), 7))}
}

// step sends a move if it is the player's turn, then handles one message.
// It returns false once the game is over.
func (p *player) step(ctx context.Context) error {
	if p.view.Outcome == nil && !p.pending && slices.Contains(p.seats, p.view.ToMove) && p.version >= resignAfter && !p.resigned {
		// Random play does not end some games (Intercept) in reasonable
		// time: past resignAfter events the player to move resigns.
		p.resigned, p.pending = true, true
		return p.conn.Send(ctx, map[string]any{"type": "resign", "seat": p.view.ToMove})
	}
	if p.view.Outcome == nil && !p.pending && slices.Contains(p.seats, p.view.ToMove) && len(p.view.Moves) > 0 {
		m := p.view.Moves[p.rng.IntN(len(p.view.Moves))].Notation
		if p.pick != nil {
			m = p.pick(p.view)
		}
		p.moves++
		if err := p.conn.Send(ctx, map[string]any{"type": "move", "version": p.version, "move": m, "id": fmt.Sprint("m", p.moves)}); err != nil {
			return err
		}
		p.pending = true
	}
	m, err := p.conn.Next(ctx)
	if err != nil {
		return err
	}
	switch m.Type {
	case "event":
		// Versions grow; they skip the seat events (told by seats messages).
		if n := len(p.seen); n > 0 && m.Version <= p.seen[n-1] {
			return fmt.Errorf("event version %d after %d", m.Version, p.seen[n-1])
		}
		p.seen = append(p.seen, m.Version)
		p.ended = p.ended || m.Event.Kind == room.KindEnd
		if m.Version <= p.version { // caught up: the welcome's view has it
			break
		}
		p.version, p.view = m.Version, m.View
	case "ack":
		p.pending = false
	case "error":
		// A resign names no version: it may come after the other side's
		// (a forced pass, played by the server, gave the other side the move
		// while this side saw itself to move).
		if m.Code != "stale_version" && m.Code != "not_your_turn" && (m.Code != "game_over" || !p.resigned) {
			return fmt.Errorf("error %s: %s", m.Code, m.Message)
		}
		p.pending = false
	}
	return nil
}

func (p *player) over() bool { return p.ended && !p.pending }

func TestTwoPlayersFinishEveryGame(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, g := range games.Registry().Games() {
		t.Run(g.ID(), func(t *testing.T) {
			t.Parallel()
			s, _ := g.New(game.DefaultConfig(g))
			kinds := ""
			for range s.Players() {
				kinds += "h"
			}
			c := ts.create(t, g.ID(), nil, kinds, false)
			var players []*player
			for _, seat := range c.Seats {
				players = append(players, join(t, ts, c.ID, 0, seat.Token))
			}
			spectator := join(t, ts, c.ID, 0)
			if len(spectator.seats) != 0 {
				t.Fatalf("spectator holds seats %v", spectator.seats)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			errc := make(chan error, len(players)+1)
			for _, p := range append(players, spectator) {
				go func() {
					for !p.over() {
						if err := p.step(ctx); err != nil {
							errc <- err
							return
						}
					}
					errc <- nil
				}()
			}
			for range len(players) + 1 {
				if err := <-errc; err != nil {
					t.Fatal(err)
				}
			}
			evs, err := ts.Store.Events(ctx, c.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			// The spectator saw every event but the seat events (told by
			// seats messages) exactly once, in order, and the game is
			// finished in the store.
			want := spectator.view
			var played []int64
			for _, e := range evs {
				if !store.IsSeatEvent(e.Kind) {
					played = append(played, e.Seq)
				}
			}
			if int64(len(evs)) != spectator.version || !slices.Equal(spectator.seen, played) {
				t.Errorf("spectator saw %d events up to %d, store has %d (%d besides the seat events)", len(spectator.seen), spectator.version, len(evs), len(played))
			}
			if last := evs[len(evs)-1]; last.Kind != room.KindEnd {
				t.Errorf("last stored event is %s, want end", last.Kind)
			}
			for _, p := range players {
				if p.view.Position != want.Position {
					t.Errorf("player sees position %q, spectator %q", p.view.Position, want.Position)
				}
			}
			rec, _ := ts.Store.Game(ctx, c.ID)
			if rec.Status != store.StatusFinished || rec.Result == nil {
				t.Errorf("stored game: status %s, result %s", rec.Status, rec.Result)
			}
			var sum struct {
				Version int64
				Dice    room.DiceJSON
			}
			if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+c.ID, &sum); err != nil {
				t.Fatal(err)
			}
			if sum.Dice.Seed == "" || sum.Version != int64(len(evs)) {
				t.Errorf("finished game: seed %q revealed, version %d; want the seed and %d", sum.Dice.Seed, sum.Version, len(evs))
			}
			t.Logf("%s: %d events", g.ID(), len(evs))
		})
	}
}
