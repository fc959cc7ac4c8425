package room

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"plateau/dice"
	"plateau/game"
	"plateau/store"
)

// RollMismatch is the error of Verify when a recorded roll is not the one
// the seed derives.
type RollMismatch struct {
	K        uint64 // the roll's number in the game, from 1
	Seq      int64  // the event
	Recorded string
	Derived  string
}

func (e *RollMismatch) Error() string {
	return fmt.Sprintf("roll %d (event %d) differs: recorded %q, the seed derives %q", e.K, e.Seq, e.Recorded, e.Derived)
}

// Verify checks a game export: the revealed seed matches the commitment,
// every event replays, and every roll is the one the seed derives. It
// returns the number of rolls checked.
func Verify(games *game.Registry, x Export) (int, error) {
	if x.Format != ExportFormat {
		return 0, fmt.Errorf("format %q is not %s", x.Format, ExportFormat)
	}
	if x.Dice.Seed == "" {
		return 0, errors.New("the dice seed is not revealed: it is published when the game ends")
	}
	seed, err := hex.DecodeString(x.Dice.Seed)
	if err != nil {
		return 0, fmt.Errorf("dice seed %q: %w", x.Dice.Seed, err)
	}
	if err := dice.CheckCommitment(seed, x.Dice.Commitment); err != nil {
		return 0, err
	}
	g, err := games.Lookup(x.Game)
	if err != nil {
		return 0, err
	}
	cfg, err := game.NewConfig(g, x.Variant)
	if err != nil {
		return 0, err
	}
	p, err := NewPlay(g, cfg)
	if err != nil {
		return 0, err
	}
	if c := x.Clock; c != nil {
		kinds := make([]string, len(x.Seats))
		for i, st := range x.Seats {
			kinds[i] = st.Kind
		}
		p.Clock = NewClocks(store.Clock{Initial: time.Duration(c.InitialMS) * time.Millisecond,
			Increment: time.Duration(c.IncrementMS) * time.Millisecond}, kinds)
	}
	rolls := 0
	for _, e := range x.Events {
		if e.Kind == KindRoll {
			if p.State.ToMove() != game.Chance {
				return rolls, fmt.Errorf("event %d is a roll but %s is to move", e.Seq, p.State.ToMove())
			}
			m, err := dice.Roll(seed, p.Rolls+1, p.State.ChanceMoves(nil))
			if err != nil {
				return rolls, err
			}
			if derived := p.State.FormatMove(m); derived != e.Notation {
				return rolls, &RollMismatch{K: p.Rolls + 1, Seq: e.Seq, Recorded: e.Notation, Derived: derived}
			}
			rolls++
		}
		if e.Kind == KindEnd && e.Seed != "" && e.Seed != x.Dice.Seed {
			return rolls, fmt.Errorf("event %d reveals seed %s, the export %s", e.Seq, e.Seed, x.Dice.Seed)
		}
		data, err := json.Marshal(eventData{Result: e.Result, RematchID: e.RematchID, Seat: e.Seat, Seed: e.Seed, Auto: e.Auto})
		if err != nil {
			return rolls, fmt.Errorf("event %d: %w", e.Seq, err)
		}
		se := store.Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Notation: e.Notation, Time: e.Time, Data: data}
		if err := p.Apply(se); err != nil {
			return rolls, fmt.Errorf("event %d (%s %q) does not replay: %w", e.Seq, e.Kind, e.Notation, err)
		}
	}
	return rolls, nil
}
