package lobby

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"plateau/mint"
	"plateau/room"
	"plateau/seek"
	"plateau/store"
)

// onSeek handles a seek or an accept of a signed-in player; false when the
// connection failed.
func (cn *conn) onSeek(ctx context.Context, m SeekRequest) bool {
	h, acc := cn.h, cn.acc
	lb := h.seeks
	if m.Type == "accept" {
		// The taker plays the seek's game: its rating there decides.
		me := seek.Seek{Owner: acc.ID, Name: acc.Name}
		var err error
		rated := false
		for _, o := range lb.board.List() {
			if o.ID == m.ID {
				me.Rating, me.Provisional, err = h.c.Players.RatingIn(ctx, acc.ID, o.Game)
				rated = o.Rated
				if msg := h.c.Players.PairRefusal(ctx, acc.ID, o); err == nil && msg != "" {
					return cn.fail("pair_limit", msg)
				}
			}
		}
		if ok, refused := cn.seekMarked(ctx, rated); refused {
			return ok
		}
		var taken seek.Seek
		if err == nil {
			taken, err = lb.board.Take(m.ID, me)
		}
		switch {
		case errors.Is(err, seek.ErrGone), errors.Is(err, seek.ErrOwn), errors.Is(err, seek.ErrOutside):
			return cn.fail("seek_refused", err.Error())
		case err != nil:
			h.c.Log.Error("seeks: accept", "err", err)
			return cn.fail("internal", "internal error")
		}
		me.Spec = taken.Spec
		cn.drop() // paired: the connection's own seek goes
		return cn.pair(ctx, taken, me)
	}
	spec, fe := Spec(h.c.Games, m)
	if fe != nil {
		return cn.fail("bad_request", fe.Error())
	}
	if ok, refused := cn.seekMarked(ctx, spec.Rated); refused {
		return ok
	}
	me, err := h.seekOf(ctx, acc, spec)
	if err != nil {
		h.c.Log.Error("seeks: rating", "account", acc.ID, "err", err)
		return cn.fail("internal", "internal error")
	}
	cn.drop() // a new seek replaces the connection's
	me.ID = seek.NewID()
	lb.mu.Lock()
	other, ok := lb.board.AddExcept(me, h.c.Players.PairedOut(ctx, me))
	if !ok {
		lb.owners[me.ID] = cn.paired
	} else {
		delete(lb.owners, me.ID)
	}
	lb.mu.Unlock()
	if !ok {
		cn.mine = me.ID
		return cn.send(SeekMessage{Type: "seeking", Seek: &me})
	}
	return cn.pair(ctx, other, me)
}

// pair makes the game of two paired seeks, waiting (an open seek of the
// board) and asking (the connection's), and tells both owners their seat.
func (cn *conn) pair(ctx context.Context, waiting, asking seek.Seek) bool {
	h := cn.h
	lb := h.seeks
	lb.mu.Lock()
	other := lb.owners[waiting.ID]
	delete(lb.owners, waiting.ID)
	lb.mu.Unlock()
	id, tokens, err := h.createPaired(ctx, waiting, asking, rand.IntN(2) == 0)
	if err != nil {
		h.c.Log.Error("seeks: creating the paired game", "err", err)
		if other != nil {
			select {
			case other <- seekPaired{seek: waiting.ID}:
			default:
			}
		}
		return cn.fail("internal", "the game could not be created: seek again")
	}
	h.c.Log.Info("seeks paired", "game", id, "engine", waiting.Game, "rated", waiting.Rated)
	if other != nil {
		select { // buffered: the owner's connection reads it, or has gone
		case other <- seekPaired{seek: waiting.ID, game: id, seat: tokens.waiting, token: tokens.tokens[tokens.waiting]}:
		default:
		}
	}
	return cn.send(seekPaired{game: id, seat: 1 - tokens.waiting, token: tokens.tokens[1-tokens.waiting]}.message())
}

// pairedSeats is a paired game's tokens and the waiting owner's seat.
type pairedSeats struct {
	tokens  [2]string
	waiting int
}

// createPaired creates the game of two paired seeks, the waiting owner
// first if waitingFirst, each seat with its account.
func (h *Handler) createPaired(ctx context.Context, waiting, asking seek.Seek, waitingFirst bool) (string, pairedSeats, error) {
	var ps pairedSeats
	owners := [2]string{asking.Owner, waiting.Owner}
	if waitingFirst {
		owners = [2]string{waiting.Owner, asking.Owner}
	} else {
		ps.waiting = 1
	}
	seats := make([]store.Seat, 2)
	for i := range seats {
		ps.tokens[i] = mint.Token()
		seats[i] = store.Seat{Kind: store.Human, TokenHash: mint.HashToken(ps.tokens[i]), Account: owners[i]}
	}
	rec, err := room.NewGameRecord(waiting.Game, waiting.Variant, !waiting.Rated, seats)
	if err != nil {
		return "", ps, err
	}
	rec.Rated = waiting.Rated
	rec.Clock = StoreClock(waiting.Clock)
	if err := h.c.Store.Create(ctx, rec); err != nil {
		return "", ps, err
	}
	if rm, err := h.c.Rooms.Acquire(ctx, rec.ID); err == nil { // roll the opening dice
		h.c.Rooms.Release(rm)
	}
	return rec.ID, ps, nil
}

// seekOf is acc's seek of spec, with acc's rating in spec's game.
func (h *Handler) seekOf(ctx context.Context, acc *store.Account, spec seek.Spec) (seek.Seek, error) {
	me := seek.Seek{Owner: acc.ID, Name: acc.Name, Spec: spec, Created: time.Now().UTC()}
	var err error
	if spec.Game != "" {
		me.Rating, me.Provisional, err = h.c.Players.RatingIn(ctx, acc.ID, spec.Game)
	}
	return me, err
}

// seekMarked refuses a rated seek or accept of an account marked for a
// fair-play review: refused reports that it answered, ok that the
// connection took the answer.
func (cn *conn) seekMarked(ctx context.Context, rated bool) (ok, refused bool) {
	if !rated {
		return true, false
	}
	msg, err := cn.h.c.Players.MarkedReason(ctx, cn.acc)
	if err != nil {
		cn.h.c.Log.Error("seeks: the fair-play status", "account", cn.acc.ID, "err", err)
		return cn.fail("internal", "internal error"), true
	}
	if msg == "" {
		return true, false
	}
	return cn.fail("fair_play", msg), true
}
