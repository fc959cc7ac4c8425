package room

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"plateau/ai"
	"plateau/game"
	"plateau/store"
)

// maxAIRetries is how many fresh players an AI seat gets at one version
// after a refused move, before it plays a random legal move.
const maxAIRetries = 2

// aiSeats are the computer players of a room: one ai.Player per AI seat,
// made when the seat first moves and kept for the game, so that its search
// tables serve every move; closed when the room stops. One search runs at
// a time (one seat is to move), in a goroutine of the manager's wait group
// bound by the manager's AI semaphore and cancelled when the room stops.
//
// The players kept are bounded by the manager (Options.AIKept): a seat
// that finds no room to keep its player gets one for the move only.
type aiSeats struct {
	players map[int]ai.Player
	kept    map[int]bool // the seat's player holds one of the manager's places
	busy    bool         // a search runs
	retryAt int64        // the version of the retries
	retries int          // refused moves at version retryAt
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

func (s *aiSeats) init(room context.Context) {
	s.players, s.kept = map[int]ai.Player{}, map[int]bool{}
	s.ctx, s.cancel = context.WithCancel(room)
}

// close waits for the search in progress (cancelled by the room's stop)
// and closes the players.
func (s *aiSeats) close(r *Room) {
	s.cancel()
	s.wg.Wait()
	for seat := range s.players {
		r.dropPlayer(seat)
	}
}

// dropPlayer closes seat's player and gives back its place.
func (r *Room) dropPlayer(seat int) {
	if p := r.ai.players[seat]; p != nil {
		p.Close()
		delete(r.ai.players, seat)
	}
	if r.ai.kept[seat] {
		delete(r.ai.kept, seat)
		<-r.m.aiKept
	}
}

// player returns seat's player, made on first use.
func (r *Room) aiPlayer(seat int) ai.Player {
	if p := r.ai.players[seat]; p != nil {
		return p
	}
	level := r.rec.Seats[seat].Level
	p, err := r.m.o.AI(r.rec.Game, level)
	if err != nil {
		r.m.o.Log.Error("no AI player, using random moves", "game", r.id, "level", level, "err", err)
		p = ai.NewRandom(rand.Uint64())
	}
	r.ai.players[seat] = p
	select {
	case r.m.aiKept <- struct{}{}:
		r.ai.kept[seat] = true
	default: // for this move only
	}
	return p
}

// kickAI starts the search of the AI seat to move, if any and if no search
// runs (a search that ends on an old version kicks again).
func (r *Room) kickAI() {
	p := r.play
	if p.Over() || r.ai.busy || r.failed || !r.owner() {
		return
	}
	seat := int(p.State.ToMove())
	if seat < 0 || seat >= len(r.rec.Seats) || r.rec.Seats[seat].Kind != store.AI {
		return
	}
	player, st, version, class, client := r.aiPlayer(seat), p.State.Clone(), p.Version, r.aiClass(), r.aiClient()
	r.ai.busy = true
	r.m.wg.Add(1)
	r.ai.wg.Add(1)
	go func() {
		defer r.m.wg.Done()
		defer r.ai.wg.Done()
		notation, err := r.search(player, st, class, client)
		select {
		case r.inbox <- func() { r.aiMoved(seat, version, st, notation, err) }:
		case <-r.quit:
		}
	}()
}

// search runs one search of class (aiFacingHuman, aiOnly) for client's game within the room's AI budget and returns the
// move's notation. A panic of the player (or the engine) is an error.
func (r *Room) search(p ai.Player, st game.State, class int, client string) (notation string, err error) {
	ctx := r.ai.ctx
	if err := r.m.aiSem.acquireFor(ctx, class, client); err != nil {
		return "", err
	}
	defer r.m.aiSem.releaseFor(client)
	defer func() {
		if v := recover(); v != nil {
			notation, err = "", fmt.Errorf("AI player panicked: %v", v)
		}
	}()
	ctx, cancel := context.WithTimeout(ctx, r.m.o.AITime)
	defer cancel()
	d, err := p.Choose(ctx, st)
	if err != nil {
		return "", err
	}
	return st.FormatMove(d.Move), nil
}

// aiClass is the class of the room's AI work: facing a human if the game
// has a human seat.
func (r *Room) aiClass() int {
	for _, st := range r.rec.Seats {
		if st.Kind == store.Human {
			return aiFacingHuman
		}
	}
	return aiOnly
}

// aiClient is whom the room's AI searches count for, to be served in turn
// with other clients' (aiScheduler): the account of its first human seat
// that has one, else Options.AIClient's answer (the creator), else the
// game itself.
func (r *Room) aiClient() string {
	for _, st := range r.rec.Seats {
		if st.Kind == store.Human && st.Account != "" {
			return "account:" + st.Account
		}
	}
	if f := r.m.o.AIClient; f != nil {
		if c := f(r.rec.ID); c != "" {
			return c
		}
	}
	return "game:" + r.rec.ID
}

// aiMoved plays the move an AI seat chose at version, or retries.
func (r *Room) aiMoved(seat int, version int64, st game.State, notation string, err error) {
	r.ai.busy = false
	if !r.ai.kept[seat] {
		r.dropPlayer(seat)
	}
	if version < r.play.Played {
		r.kickAI() // the game moved on meanwhile (an undo): search again
		return
	}
	if err != nil {
		if errors.Is(err, context.Canceled) && r.ai.ctx.Err() != nil {
			return // the room stops
		}
		r.m.o.Log.Warn("AI move failed, playing a random move", "game", r.id, "seat", seat, "err", err)
		r.dropPlayer(seat) // the next move gets a fresh player
		notation = randomMove(st)
	}
	v := version
	_, err = r.act(seat, Action{Kind: ActMove, Move: notation, Version: &v, Time: r.m.now()}, true)
	if err == nil || r.failed || raced(err) || storageFailed(err) {
		return // a race lost has caught up and kicked the AI again, if still the owner; a failed write retries later
	}
	r.m.o.Log.Error("AI move refused, retrying with a fresh player", "game", r.id, "seat", seat, "move", notation, "err", err)
	if r.ai.retryAt != version {
		r.ai.retryAt, r.ai.retries = version, 0
	}
	r.ai.retries++
	r.dropPlayer(seat)
	if r.ai.retries > maxAIRetries {
		if _, err := r.act(seat, Action{Kind: ActMove, Move: randomMove(st), Version: &v, Time: r.m.now()}, true); err != nil && !r.failed && !raced(err) {
			r.m.o.Log.Error("random AI move refused", "game", r.id, "seat", seat, "err", err)
		}
		return
	}
	r.kickAI()
}

// randomMove is the notation of a random legal move of st ("" for none).
func randomMove(st game.State) string {
	ms := st.Moves(nil)
	if len(ms) == 0 {
		return ""
	}
	return st.FormatMove(ms[rand.IntN(len(ms))])
}
