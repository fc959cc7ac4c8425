package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"plateau/room"
	"plateau/server/wsclient"
	"plateau/store/postgres/pgtest"
)

// seatPlayer plays one seat of a game with random legal moves, on one
// instance after another: when its connection dies it goes on from the
// next instance of its list, from the last version it saw.
type seatPlayer struct {
	id, token string
	seat      int
	rng       *rand.Rand
	last      int64            // the last version seen
	acked     map[int64]string // the version of each acknowledged move -> its notation
	instances []string         // where it connected, in order
	// hold, if set, is called before each move with the game's version;
	// it may wait.
	hold func(ctx context.Context, version int64)
}

// play plays until the game is over (nil), or the connection dies.
func (p *seatPlayer) play(ctx context.Context, base string) error {
	p.instances = append(p.instances, base)
	c, err := wsclient.Dial(ctx, base, p.id)
	if err != nil {
		return err
	}
	defer c.C.CloseNow()
	w, err := c.Hello(ctx, p.last, p.token)
	if err != nil {
		return fmt.Errorf("hello on %s: %w", base, err)
	}
	version, view := w.Version, w.Game.View
	pending, sent := false, ""
	for {
		if view.Outcome != nil {
			return nil
		}
		if !pending && view.ToMove == p.seat && len(view.Moves) > 0 {
			if p.hold != nil {
				p.hold(ctx, version)
			}
			sent = view.Moves[p.rng.IntN(len(view.Moves))].Notation
			if err := c.Send(ctx, map[string]any{"type": "move", "version": version, "move": sent}); err != nil {
				return err
			}
			pending = true
		}
		m, err := c.Next(ctx)
		if err != nil {
			return err
		}
		switch m.Type {
		case "event":
			p.last = max(p.last, m.Version)
			if m.Version > version {
				version, view = m.Version, m.View
			}
		case "ack":
			p.acked[m.Version] = sent
			pending = false
		case "error":
			return fmt.Errorf("seat %d: error %s: %s", p.seat, m.Code, m.Message)
		}
	}
}

// run plays on bases[0], then on the next base each time the connection dies.
func (p *seatPlayer) run(ctx context.Context, bases []string) error {
	var err error
	for _, b := range bases {
		if err = p.play(ctx, b); err == nil || ctx.Err() != nil {
			return err
		}
	}
	return fmt.Errorf("seat %d: every instance failed, last: %w", p.seat, err)
}

// leaseOwner is the instance holding game id's unexpired lease ("" for none).
func leaseOwner(ctx context.Context, t *testing.T, db, id string) string {
	conn, err := pgxpool.New(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var owner string
	err = conn.QueryRow(ctx, `SELECT owner FROM leases WHERE game_id = $1 AND expires > now()`, id).Scan(&owner)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		t.Fatal(err)
	}
	return owner
}

// Three instances on one PostgreSQL database. Two players on instances a
// and b play a whole timed game of draughts that a spectator follows on
// c; a player on b plays an AI whose moves a (the owner) searches. a is
// killed with SIGKILL mid-game: within 10 s another instance holds each
// game's lease and runs its AI, and the games go on (the first to its
// end) with every acknowledged move stored and every event seen by the
// spectator.
func TestClusterTakeover(t *testing.T) {
	if testing.Short() {
		t.Skip("starts subprocesses")
	}
	db := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	var bases []string
	var cmds []*syscallCmd
	for _, name := range []string{"a", "b", "c"} {
		cmd, base := startServe(t, db, "--instance-id", name, "--ai-time", "50ms")
		cmds = append(cmds, &syscallCmd{cmd.Process.Signal, cmd.Wait})
		bases = append(bases, base)
	}
	a, b, c := bases[0], bases[1], bases[2]

	// Game 1: human against human, timed (the clock is the owner's).
	g1, err := wsclient.Create(ctx, http.DefaultClient, a, wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "human"}}, Clock: &wsclient.Clock{Minutes: 30}})
	if err != nil {
		t.Fatal(err)
	}
	players := []*seatPlayer{
		{id: g1.ID, token: g1.Seats[0].Token, seat: 0, rng: rand.New(rand.NewPCG(1, 2)), acked: map[int64]string{}},
		{id: g1.ID, token: g1.Seats[1].Token, seat: 1, rng: rand.New(rand.NewPCG(3, 4)), acked: map[int64]string{}},
	}
	// Seat 0 connects first, on a: a loads the game and takes its lease.
	p0 := players[0]
	c0, err := wsclient.Dial(ctx, a, g1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c0.Hello(ctx, 0, p0.token); err != nil {
		t.Fatal(err)
	}
	if owner := leaseOwner(ctx, t, db, g1.ID); owner != "a" {
		t.Fatalf("game 1's lease is held by %q, want a (loaded there first)", owner)
	}
	// The spectator on c.
	spec, err := wsclient.Dial(ctx, c, g1.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer spec.C.CloseNow()
	if _, err := spec.Hello(ctx, 0); err != nil {
		t.Fatal(err)
	}
	seen := map[int64]string{}
	var seenMu sync.Mutex
	specDone := make(chan error, 1)
	go func() {
		for {
			m, err := spec.Next(ctx)
			if err != nil {
				specDone <- err
				return
			}
			if m.Type == "event" {
				seenMu.Lock()
				seen[m.Version] = m.Event.Kind + " " + m.Event.Notation
				seenMu.Unlock()
				if m.Event.Kind == "end" {
					specDone <- nil
					return
				}
			}
		}
	}()
	c0.C.CloseNow()
	// The players stop at version 20 until game 1 has been taken over.
	const killAt = 20
	resume := make(chan struct{})
	for _, p := range players {
		p.hold = func(ctx context.Context, version int64) {
			if version >= killAt {
				select {
				case <-resume:
				case <-ctx.Done():
				}
			}
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			order := [][]string{{a, c}, {b, c}}[i] // seat 0 on a, then c; seat 1 on b
			errs[i] = p.run(ctx, order)
			if errs[i] != nil {
				t.Logf("seat %d: %v", i, errs[i])
			}
		}()
	}

	// Game 2: a human on b against an AI; a loads it first (a spectator)
	// and owns it (created there), searching the AI's moves.
	g2, err := wsclient.Create(ctx, http.DefaultClient, a, wsclient.CreateRequest{Game: "dames",
		Seats: []wsclient.Seat{{Kind: "human"}, {Kind: "ai", Level: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	watch2, err := wsclient.Dial(ctx, a, g2.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer watch2.C.CloseNow()
	if _, err := watch2.Hello(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if owner := leaseOwner(ctx, t, db, g2.ID); owner != "a" {
		t.Fatalf("game 2's lease is held by %q, want a", owner)
	}
	human, err := wsclient.Dial(ctx, b, g2.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer human.C.CloseNow()
	w2, err := human.Hello(ctx, 0, g2.Seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	h2 := &aiGame{c: human, version: w2.Version, view: w2.Game.View, rng: rand.New(rand.NewPCG(5, 6)), acked: map[int64]string{}}
	for range 3 {
		if _, err := h2.moveAndWaitAI(ctx); err != nil {
			t.Fatalf("game 2 before the kill: %v", err)
		}
	}

	// Kill a mid-game, game 1 at version killAt.
	waitSeen := func(n int64) {
		for {
			// The version reached: the seats' events (joins, claims,
			// accounts) come as seats messages, not events.
			seenMu.Lock()
			got := int64(0)
			for v := range seen {
				got = max(got, v)
			}
			seenMu.Unlock()
			if got >= n {
				return
			}
			select {
			case <-ctx.Done():
				t.Fatalf("the spectator saw %d events, want %d", got, n)
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	waitSeen(killAt)
	if err := cmds[0].signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	cmds[0].wait()
	// Game 2's AI answers within 10 s of the kill, from b.
	if d, err := h2.moveAndWaitAI(ctx); err != nil {
		t.Fatalf("game 2 after the kill: %v", err)
	} else if since := time.Since(killed); since > 10*time.Second {
		t.Errorf("the AI answered %v after the kill (the move took %v), want within 10s", since.Round(time.Millisecond), d)
	} else {
		t.Logf("game 2: the AI answered %v after the kill", since.Round(time.Millisecond))
	}
	if owner := leaseOwner(ctx, t, db, g2.ID); owner != "b" {
		t.Errorf("game 2's lease after the kill is %q's, want b's", owner)
	}
	// Game 1's lease moves to b or c within 10 s of the kill.
	for {
		owner := leaseOwner(ctx, t, db, g1.ID)
		if owner == "b" || owner == "c" {
			t.Logf("game 1: %s took the lease %v after the kill", owner, time.Since(killed).Round(time.Millisecond))
			break
		}
		if time.Since(killed) > 10*time.Second {
			t.Fatalf("game 1's lease is %q's 10s after the kill, want b's or c's", owner)
		}
		time.Sleep(50 * time.Millisecond) // polling the database
	}
	close(resume)
	for range 3 {
		if _, err := h2.moveAndWaitAI(ctx); err != nil && !errors.Is(err, errOver) {
			t.Fatalf("game 2 after the takeover: %v", err)
		}
	}

	// Game 1 goes on to its end.
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("seat %d of game 1: %v", i, err)
		}
	}
	if len(players[0].instances) < 2 {
		t.Errorf("seat 0 played on %v: its instance was killed, want a reconnection", players[0].instances)
	}
	if err := <-specDone; err != nil {
		t.Fatalf("the spectator on c: %v", err)
	}
	var x room.Export
	if err := wsclient.GetJSON(ctx, http.DefaultClient, b, "/api/games/"+g1.ID+"/export", &x); err != nil {
		t.Fatal(err)
	}
	if len(x.Events) < 20 || x.Events[len(x.Events)-1].Kind != "end" {
		t.Fatalf("game 1 has %d events, the last not an end: %+v", len(x.Events), x.Events[len(x.Events)-1])
	}
	stored := map[int64]string{}
	for _, e := range x.Events {
		stored[e.Seq] = e.Kind + " " + e.Notation
	}
	for _, p := range players {
		for v, mv := range p.acked {
			if stored[v] != "move "+mv {
				t.Errorf("game 1: seat %d's move %q acknowledged at version %d, stored %q", p.seat, mv, v, stored[v])
			}
		}
	}
	seenMu.Lock()
	for v := int64(1); v <= int64(len(x.Events)); v++ {
		if kind, _, _ := strings.Cut(stored[v], " "); kind == "join" || kind == "claim" || kind == "account" {
			continue // told to clients as a seats message
		}
		if seen[v] != stored[v] {
			t.Errorf("game 1: the spectator on c saw %q at version %d, stored %q", seen[v], v, stored[v])
		}
	}
	seenMu.Unlock()
	var x2 room.Export
	if err := wsclient.GetJSON(ctx, http.DefaultClient, c, "/api/games/"+g2.ID+"/export", &x2); err != nil {
		t.Fatal(err)
	}
	stored2 := map[int64]string{}
	for _, e := range x2.Events {
		stored2[e.Seq] = e.Notation
	}
	for v, mv := range h2.acked {
		if stored2[v] != mv {
			t.Errorf("game 2: move %q acknowledged at version %d, stored %q", mv, v, stored2[v])
		}
	}
}

// syscallCmd is a started instance: how to signal it and wait for its end.
type syscallCmd struct {
	signal func(os.Signal) error
	wait   func() error
}

var errOver = errors.New("the game is over")

// aiGame is a human's connection to a game against an AI seat.
type aiGame struct {
	c       *wsclient.Conn
	version int64
	view    *wsclient.View
	rng     *rand.Rand
	acked   map[int64]string
}

// moveAndWaitAI plays a random move, waits for its ack, then for the
// AI's reply (the next event after it), and returns how long that took.
func (g *aiGame) moveAndWaitAI(ctx context.Context) (time.Duration, error) {
	if g.view.Outcome != nil {
		return 0, errOver
	}
	start := time.Now()
	mv := g.view.Moves[g.rng.IntN(len(g.view.Moves))].Notation
	if err := g.c.Send(ctx, map[string]any{"type": "move", "version": g.version, "move": mv}); err != nil {
		return 0, err
	}
	acked := false
	for {
		m, err := g.c.Next(ctx)
		if err != nil {
			return 0, err
		}
		switch m.Type {
		case "ack":
			g.acked[m.Version] = mv
			acked = true
		case "error":
			return 0, fmt.Errorf("move %q: %s: %s", mv, m.Code, m.Message)
		case "event":
			if m.Version > g.version {
				g.version, g.view = m.Version, m.View
			}
		}
		if acked && (g.view.Outcome != nil || g.view.ToMove == 0) {
			return time.Since(start), nil
		}
	}
}
