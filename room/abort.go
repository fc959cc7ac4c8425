package room

import (
	"context"
	"errors"
	"slices"

	"plateau/game"
)

// A rated game counts only once both players have played: as on lichess,
// a rated game that ends by a resignation, a time-out or an agreed draw
// before each side made MinRatedMoves moves is aborted. It ends with no
// winner (its result's reason is AbortedReason, with no results) and
// changes no rating. Without this rule two accounts that resign at once
// farm a rating at a game a few milliseconds (issue 66). A game that ends
// by its own rules is rated as it ends: its moves were played.
//
// The abort is decided when the ending action is (Decide marks its event
// aborted) and Apply reads the mark, so a log replays as it was written:
// the games stored before the rule keep their results.
const (
	MinRatedMoves = 2
	AbortedReason = "aborted"
)

// abortsNow reports whether a resignation, time-out or agreed draw in p
// now aborts the game: it is rated and a seat has made fewer than
// MinRatedMoves moves.
func abortsNow(p *Play) bool {
	if p.Rec == nil || !p.Rec.Rated {
		return false
	}
	made := make([]int, p.State.Players())
	for _, m := range p.Moves {
		if m.Player >= 0 && m.Player < len(made) {
			made[m.Player]++
		}
	}
	for _, n := range made {
		if n < MinRatedMoves {
			return true
		}
	}
	return false
}

// abortedOr is the outcome of an ending event with data d: aborted when d
// says so, else o.
func abortedOr(d eventData, o game.Outcome) *game.Outcome {
	if d.Aborted {
		return &game.Outcome{Over: true, Reason: AbortedReason}
	}
	return &o
}

// playerMoved reports whether a player (not the dice) has moved in p.
func (p *Play) playerMoved() bool {
	return slices.ContainsFunc(p.Moves, func(m MoveRec) bool { return m.Player >= 0 })
}

// movesOf is the number of moves seat has made in p.
func (p *Play) movesOf(seat int) int {
	n := 0
	for _, m := range p.Moves {
		if m.Player == seat {
			n++
		}
	}
	return n
}

// ErrStarted is Abort's error for a game a player has moved in.
var ErrStarted = errors.New("room: the game has started")

// Abort ends the game as aborted (AbortedReason, no winner, no rating
// change) if no player has moved in it yet, as a tournament does with a
// paired game nobody started in time: the game cannot then be played
// after the tournament counted it void. It returns ErrStarted when a
// player has moved (the game goes on), nil when the game is aborted or
// was already over without a player's move.
func (r *Room) Abort(ctx context.Context) error {
	var err error
	if !r.call(func() { err = r.abort() }) {
		return errors.New("room: the game's room closed")
	}
	return err
}

func (r *Room) abort() error {
	for try := 0; ; try++ {
		if r.play.playerMoved() {
			return ErrStarted
		}
		if r.play.Over() {
			return nil
		}
		d, err := Decide(r.play, NoPlayer, Action{Kind: ActAbort, Time: r.m.now()})
		if err != nil {
			return err
		}
		if err = r.commit(r.ctx, d); !raced(err) || r.failed || try == maxRaces {
			return err
		}
	}
}
