package room

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"plateau/mint"
	"plateau/protocol"
	"plateau/store"
)

// Join subscribes sub with the seats of tokens, after version. It returns
// the welcome message and the recent events after version (at most
// CatchUpEvents, CatchUpBytes), to be sent before anything sub receives on
// Out.
func (r *Room) Join(ctx context.Context, sub *Sub, version int64, tokens []string) ([][]byte, *Refusal) {
	var out [][]byte
	var ref *Refusal
	ok := r.call(func() { out, ref = r.join(ctx, sub, version, tokens) })
	if !ok {
		return nil, &Refusal{Code: "internal", Message: "the game's room closed: reconnect"}
	}
	return out, ref
}

func (r *Room) join(ctx context.Context, sub *Sub, version int64, tokens []string) ([][]byte, *Refusal) {
	if version > r.play.Version && r.m.notifier != nil {
		r.sync(ctx) // the client saw events on another instance that this one has not heard of yet
		if r.failed {
			return nil, &Refusal{Code: "internal", Message: "the game's room failed: reconnect"}
		}
	}
	if version < 0 || version > r.play.Version {
		return nil, &Refusal{Code: "stale_version", Message: fmt.Sprintf("version %d is not between 0 and the game's version %d", version, r.play.Version)}
	}
	var seats, fresh []int
	for i, tok := range tokens {
		seat := r.seatOf(tok)
		if seat < 0 && r.m.notifier != nil {
			r.sync(ctx) // a seat claimed on another instance, not heard of yet
			if r.failed {
				return nil, &Refusal{Code: "internal", Message: "the game's room failed: reconnect"}
			}
			seat = r.seatOf(tok)
		}
		if seat < 0 {
			return nil, &Refusal{Code: "bad_token", Message: fmt.Sprintf("token %d matches no seat of game %s", i+1, r.id)}
		}
		if ref := r.otherAccount(sub, seat); ref != nil {
			return nil, ref
		}
		seats = append(seats, seat)
		if !r.rec.Seats[seat].Joined {
			fresh = append(fresh, seat)
		}
	}
	for _, seat := range fresh {
		if err := r.seatAct(seat, Action{Kind: ActJoin}); err != nil {
			if r.failed {
				return nil, &Refusal{Code: "internal", Message: "the game's room failed: reconnect"}
			}
			return nil, &Refusal{Code: "internal", Message: "could not record the seat: " + err.Error()}
		}
	}
	sub.seats = seats
	events, since, err := r.catchUp(ctx, version)
	if errors.Is(err, errLogRead) {
		sub.seats = nil
		return nil, &Refusal{Code: "internal", Message: err.Error()}
	}
	if err == nil {
		var welcome []byte
		if welcome, err = protocol.Marshal(protocol.NewWelcome(r.play.Version, since, seats, r.summary())); err == nil {
			r.subscribe(sub)
			return append([][]byte{welcome}, events...), nil
		}
	}
	r.fail(fmt.Errorf("welcome: %w", err))
	return nil, &Refusal{Code: "internal", Message: "the game's room failed: " + err.Error()}
}

// HashToken is how seat tokens are stored (mint.HashToken).
func HashToken(tok string) []byte { return mint.HashToken(tok) }

func (r *Room) seatOf(tok string) int {
	h := HashToken(tok)
	found := -1
	for i, st := range r.rec.Seats {
		if st.Kind == store.Human && subtle.ConstantTimeCompare(h, st.TokenHash) == 1 {
			found = i
		}
	}
	return found
}

// Claim gives the open seat of the game to a new player: it returns the
// seat's fresh token (shown once, stored hashed), or why not: codes
// not_found (no such seat), seat_not_open, seat_taken, game_over, internal.
func (r *Room) Claim(ctx context.Context, seat int) (string, *Refusal) {
	var tok string
	var ref *Refusal
	if !r.call(func() { tok, ref = r.claim(seat) }) {
		return "", &Refusal{Code: "internal", Message: "the game's room closed: retry"}
	}
	return tok, ref
}

func (r *Room) claim(seat int) (string, *Refusal) {
	tok := NewToken()
	err := r.seatAct(seat, Action{Kind: ActClaim, TokenHash: HashToken(tok)})
	switch {
	case err == nil:
		return tok, nil
	case raced(err) || r.failed: // by another server instance
		return "", &Refusal{Code: "seat_taken", Message: fmt.Sprintf("seat %d of game %s is already taken", seat, r.id)}
	}
	return "", asRefusal(err)
}

// seatAct decides and commits seat action a of seat (ActJoin, ActClaim,
// ActAccount), deciding again after a race lost to another instance (the
// room has caught up).
func (r *Room) seatAct(seat int, a Action) error {
	for try := 0; ; try++ {
		a.Time = time.Now().UTC()
		d, err := Decide(r.play, seat, a)
		if err != nil {
			return err
		}
		if err = r.commit(r.ctx, d); !raced(err) || r.failed || try == maxRaces {
			if err == nil {
				r.kickAI()
			}
			return err
		}
	}
}

// asRefusal returns err's refusal, or an internal one.
func asRefusal(err error) *Refusal {
	var ref *Refusal
	if !errors.As(err, &ref) {
		ref = &Refusal{Code: "internal", Message: err.Error()}
	}
	return ref
}
