// Command gen made legacy.db and legacy.golden.json with Plateau's main at
// de39ecc (before issue 69's seat events): games created, joined,
// claimed, given to an account, timed, with draw offers and undo requests,
// played through a room.Manager on a SQLite store. It is kept for the
// record under testdata (which the go tool ignores) and no longer builds
// against today's room and store packages.
//
//	go run ./room/testdata/legacy/gen -db room/testdata/legacy/legacy.db
package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/rand/v2"
	"os"
	"time"

	"plateau/games"
	"plateau/protocol"
	"plateau/room"
	"plateau/store"
	"plateau/store/sqlite"
)

// Seat is a seat as the golden file records it.
type Seat struct {
	Kind, Level, TokenHash, Account string
	Joined, Open                    bool
}

// Golden is one game as the golden file records it.
type Golden struct {
	ID, Game, Status, Position string
	Version                    int64
	Moves                      int
	// Draw and Undo are the seats with a pending draw offer and undo
	// request (-1: none).
	Draw, Undo int
	Seats      []Seat
}

type gen struct {
	ctx context.Context
	st  store.Store
	m   *room.Manager
	rnd *rand.Rand
	ids []string
}

func main() {
	db := flag.String("db", "legacy.db", "the database to make")
	golden := flag.String("golden", "legacy.golden.json", "the golden file to write")
	flag.Parse()
	ctx := context.Background()
	os.Remove(*db)
	st, err := sqlite.Open(ctx, *db)
	if err != nil {
		log.Fatal(err)
	}
	m := room.NewManager(room.Options{Store: st, Games: games.Registry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)), AITime: 50 * time.Millisecond})
	g := &gen{ctx: ctx, st: st, m: m, rnd: rand.New(rand.NewPCG(69, 690))}
	g.games()
	m.Close()
	var out []Golden
	for _, id := range g.ids {
		out = append(out, g.golden(id))
	}
	st.Close()
	b, _ := json.MarshalIndent(out, "", "\t")
	if err := os.WriteFile(*golden, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}

func (g *gen) games() {
	ctx := g.ctx
	if err := g.st.CreateAccount(ctx, &store.Account{ID: "acc-ada", Name: "Ada", PasswordHash: "x", Created: time.Now().UTC()}); err != nil {
		log.Fatal(err)
	}
	// 1. Dames between two guests who join at their hello, 6 moves, a draw
	// offer pending.
	id, toks := g.create("dames", nil, "hh", false, store.Clock{})
	r, subs := g.joinAll(id, toks)
	g.play(r, subs, 6)
	g.do(r, subs[g.toMove(id)], protocol.ClientMsg{Type: "draw", Action: "offer"})
	g.m.Release(r)
	// 2. Dames with an open seat claimed, then both join, 4 moves; the
	// claimed seat's token given to an account.
	id, toks = g.create("dames", nil, "ho", false, store.Clock{})
	r = g.acquire(id)
	tok, ref := r.Claim(ctx, 1)
	if ref != nil {
		log.Fatal(ref)
	}
	toks = append(toks, tok)
	r2, subs := g.joinAll(id, toks)
	g.play(r2, subs, 4)
	if _, err := r.AttachAccount(ctx, []string{tok}, "acc-ada", "Ada"); err != nil {
		log.Fatal(err)
	}
	g.m.Release(r2)
	g.m.Release(r)
	// 3. A timed Bénédictine, 5 moves.
	id, toks = g.create("benedictine", nil, "hh", false, store.Clock{Initial: 5 * time.Minute, Increment: 2 * time.Second})
	r, subs = g.joinAll(id, toks)
	g.play(r, subs, 5)
	g.m.Release(r)
	// 4. A casual Dames against the computer with an undo accepted by it.
	id, toks = g.create("dames", nil, "ha", true, store.Clock{})
	r, subs = g.joinAll(id, toks)
	g.play(r, subs, 3)
	g.do(r, subs[0], protocol.ClientMsg{Type: "undo", Action: "request"})
	g.play(r, subs, 1)
	g.m.Release(r)
	// 5. Mahboussé against the computer (rolls), 4 moves of the human.
	id, toks = g.create("mahbousse", nil, "ha", false, store.Clock{})
	r, subs = g.joinAll(id, toks)
	g.play(r, subs, 4)
	g.m.Release(r)
	// 6. Shut the Box for two, played on until it ends or 5 moves.
	id, toks = g.create("shutbox", nil, "hh", false, store.Clock{})
	r, subs = g.joinAll(id, toks)
	g.play(r, subs, 5)
	g.m.Release(r)
	// 7. Intercept, 2 players, 4 moves, then a resignation: finished.
	id, toks = g.create("intercept", nil, "hh", false, store.Clock{})
	r, subs = g.joinAll(id, toks)
	g.play(r, subs, 4)
	g.do(r, subs[0], protocol.ClientMsg{Type: "resign"})
	g.m.Release(r)
	// 8. A game one guest joined, the other never: still open.
	id, toks = g.create("dames", nil, "hh", false, store.Clock{})
	r, _ = g.joinAll(id, toks[:1])
	g.m.Release(r)
	// 9. A finished draw by agreement, one seat given to an account.
	id, toks = g.create("dames", nil, "hh", false, store.Clock{})
	r, subs = g.joinAll(id, toks)
	if _, err := r.AttachAccount(ctx, toks[:1], "acc-ada", "Ada"); err != nil {
		log.Fatal(err)
	}
	g.play(r, subs, 2)
	g.do(r, subs[g.toMove(id)], protocol.ClientMsg{Type: "draw", Action: "offer"})
	g.do(r, subs[1-g.toMove(id)], protocol.ClientMsg{Type: "draw", Action: "accept"})
	g.m.Release(r)
	// 10. An open seat never claimed, the creator joined.
	id, toks = g.create("dames", nil, "ho", false, store.Clock{})
	r, _ = g.joinAll(id, toks)
	g.m.Release(r)
}

// create stores a game of seats "h" (a guest with a token), "o" (open),
// "a" (the computer); none joined.
func (g *gen) create(name string, variant map[string]string, kinds string, casual bool, c store.Clock) (string, []string) {
	var seats []store.Seat
	var toks []string
	for _, k := range kinds {
		switch k {
		case 'a':
			seats = append(seats, store.Seat{Kind: store.AI, Level: "easy"})
		case 'o':
			seats = append(seats, store.Seat{Kind: store.Human, Open: true})
		default:
			tok := room.NewToken()
			toks = append(toks, tok)
			seats = append(seats, store.Seat{Kind: store.Human, TokenHash: room.HashToken(tok)})
		}
	}
	if variant == nil {
		variant = map[string]string{}
	}
	rec, err := room.NewGameRecord(name, variant, casual, seats)
	if err != nil {
		log.Fatal(err)
	}
	rec.Clock = c
	if err := g.st.Create(g.ctx, rec); err != nil {
		log.Fatal(err)
	}
	g.ids = append(g.ids, rec.ID)
	return rec.ID, toks
}

func (g *gen) acquire(id string) *room.Room {
	r, err := g.m.Acquire(g.ctx, id)
	if err != nil {
		log.Fatal(err)
	}
	return r
}

// joinAll joins one subscriber per token; subs[i] holds seat i's token
// (seat order), the computer's seats none.
func (g *gen) joinAll(id string, toks []string) (*room.Room, map[int]*room.Sub) {
	r := g.acquire(id)
	subs := map[int]*room.Sub{}
	for _, tok := range toks {
		sub := room.NewSub(4096)
		if _, ref := r.Join(g.ctx, sub, 0, []string{tok}); ref != nil {
			log.Fatal(ref)
		}
		seat := -1
		rec, _ := g.st.Game(g.ctx, id)
		for i, s := range rec.Seats {
			if string(s.TokenHash) == string(room.HashToken(tok)) {
				seat = i
			}
		}
		subs[seat] = sub
	}
	return r, subs
}

// replay reads a game back and replays it.
func (g *gen) replay(id string) *room.Play {
	rec, err := g.st.Game(g.ctx, id)
	if err != nil {
		log.Fatal(err)
	}
	evs, err := g.st.Events(g.ctx, id, 0)
	if err != nil {
		log.Fatal(err)
	}
	p, err := room.Replay(games.Registry(), rec, evs)
	if err != nil {
		log.Fatal(err)
	}
	return p
}

// toMove waits until a human seat is to move, and returns it.
func (g *gen) toMove(id string) int {
	for range 500 {
		p := g.replay(id)
		if p.Over() {
			return -1
		}
		if tm := int(p.State.ToMove()); tm >= 0 && p.Rec.Seats[tm].Kind == store.Human {
			return tm
		}
		time.Sleep(20 * time.Millisecond)
	}
	p := g.replay(id)
	log.Fatalf("game %s (%s): no human to move: %v over %v", id, p.Rec.Game, p.State.ToMove(), p.Over())
	return -1
}

// play plays n moves of the human seats, picked at random.
func (g *gen) play(r *room.Room, subs map[int]*room.Sub, n int) {
	for range n {
		seat := g.toMove(r.ID())
		if seat < 0 {
			return
		}
		p := g.replay(r.ID())
		ms := p.State.Moves(nil)
		mv := p.State.FormatMove(ms[g.rnd.IntN(len(ms))])
		v := p.Version
		g.do(r, subs[seat], protocol.ClientMsg{Type: "move", Version: &v, Move: &mv})
	}
}

// do sends m and waits for its ack.
func (g *gen) do(r *room.Room, sub *room.Sub, m protocol.ClientMsg) {
	m.ID = fmt.Sprint(g.rnd.Uint64())
	if !r.Do(sub, m) {
		log.Fatal("room stopped")
	}
	for {
		select {
		case b := <-sub.Out:
			var got struct{ Type, ID, Code, Message string }
			json.Unmarshal(b, &got)
			if got.Type == "error" {
				log.Fatalf("%+v: %s %s", m, got.Code, got.Message)
			}
			if got.Type == "ack" && got.ID == m.ID {
				return
			}
		case <-time.After(10 * time.Second):
			log.Fatalf("no ack for %+v", m)
		}
	}
}

func (g *gen) golden(id string) Golden {
	p := g.replay(id)
	out := Golden{ID: id, Game: p.Rec.Game, Status: p.Rec.Status, Position: p.State.Position(), Version: p.Version, Moves: len(p.Moves), Draw: p.Draw, Undo: p.Undo}
	for _, s := range p.Rec.Seats {
		out.Seats = append(out.Seats, Seat{Kind: s.Kind, Level: s.Level, TokenHash: hex.EncodeToString(s.TokenHash), Account: s.Account, Joined: s.Joined, Open: s.Open})
	}
	return out
}
