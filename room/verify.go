package room

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

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

// Mismatch is the error of Verify when the export disagrees with its own
// replay: Seq and Kind name the event concerned (Seq 0 and Kind "" for the
// game record itself).
type Mismatch struct {
	Seq  int64
	Kind string
	What string
}

func (e *Mismatch) Error() string {
	if e.Seq == 0 && e.Kind == "" {
		return "game record: " + e.What
	}
	return fmt.Sprintf("event %d (%s): %s", e.Seq, e.Kind, e.What)
}

func mismatch(seq int64, kind, format string, args ...any) error {
	return &Mismatch{Seq: seq, Kind: kind, What: fmt.Sprintf(format, args...)}
}

// Verify checks a game export: the revealed seed matches the commitment,
// the export is complete (events numbered 1 to its version without a gap,
// the end event present when the record says finished), every event
// replays, every roll is the one the seed derives, and the result of the
// record and of the end event are the replay's. It returns the number of
// rolls checked. A disagreement is a *RollMismatch or a *Mismatch naming
// the event.
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
	if err := checkComplete(x); err != nil {
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
	p.Clock = x.clocks()
	rolls := 0
	var end *EventJSON
	for i, e := range x.Events {
		if e.Kind == KindRoll {
			if p.State.ToMove() != game.Chance {
				return rolls, mismatch(e.Seq, e.Kind, "a roll but %s is to move", p.State.ToMove())
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
		if e.Kind == KindEnd {
			end = &x.Events[i]
			if e.Seed != "" && e.Seed != x.Dice.Seed {
				return rolls, mismatch(e.Seq, e.Kind, "reveals seed %q, the export %s", e.Seed, x.Dice.Seed)
			}
			// Apply checks that the game is over; the result must be the replay's.
			if err := sameOutcome(e.Result, p.Outcome()); err != nil {
				return rolls, mismatch(e.Seq, e.Kind, "result: %v", err)
			}
		}
		se, err := EventOf(e)
		if err != nil {
			return rolls, err
		}
		if err := p.Apply(se); err != nil {
			return rolls, &Mismatch{Seq: e.Seq, Kind: e.Kind, What: fmt.Sprintf("%q does not replay: %v", e.Notation, err)}
		}
	}
	if end == nil {
		last, lastKind := lastEvent(x)
		if p.Over() {
			return rolls, mismatch(last, lastKind, "the game is over after this event but the export has no end event after it")
		}
		return rolls, mismatch(last, lastKind, "is the last event and the game is not over (the record says %q): the export is cut short", x.Status)
	}
	if x.Status != store.StatusFinished {
		return rolls, mismatch(end.Seq, end.Kind, "the game ended but the record's status is %q, not %q", x.Status, store.StatusFinished)
	}
	if err := sameOutcome(x.Result, p.Outcome()); err != nil {
		return rolls, mismatch(end.Seq, end.Kind, "the record's result: %v", err)
	}
	return rolls, nil
}

// checkComplete checks that the export's events are numbered 1, 2, 3, ...
// up to its version.
func checkComplete(x Export) error {
	for i, e := range x.Events {
		if want := int64(i + 1); e.Seq != want {
			if i > 0 && e.Seq < want {
				return mismatch(e.Seq, e.Kind, "follows event %d (%s): the events are repeated or out of order", x.Events[i-1].Seq, x.Events[i-1].Kind)
			}
			if i > 0 {
				prev := x.Events[i-1]
				return mismatch(e.Seq, e.Kind, "follows event %d (%s): %s missing", prev.Seq, prev.Kind, seqRange(want, e.Seq-1))
			}
			return mismatch(e.Seq, e.Kind, "is the first event, want event 1")
		}
	}
	if n := int64(len(x.Events)); n != x.Version {
		last, kind := lastEvent(x)
		if x.Version == 0 {
			return &Mismatch{What: fmt.Sprintf("the export has %d events but no version, so its completeness cannot be checked: export the game again", n)}
		}
		if n < x.Version {
			return mismatch(last, kind, "is the last event, but the game's version is %d: %s missing", x.Version, seqRange(n+1, x.Version))
		}
		return mismatch(last, kind, "is beyond the game's version %d", x.Version)
	}
	return nil
}

// lastEvent names the export's last event (0, "" if it has none).
func lastEvent(x Export) (int64, string) {
	if len(x.Events) == 0 {
		return 0, ""
	}
	e := x.Events[len(x.Events)-1]
	return e.Seq, e.Kind
}

// sameOutcome reports how a recorded result differs from the replay's.
func sameOutcome(recorded json.RawMessage, replay game.Outcome) error {
	want, err := json.Marshal(replay)
	if err != nil {
		return fmt.Errorf("encoding the replay's result: %w", err)
	}
	if len(recorded) == 0 {
		return fmt.Errorf("missing, the replay gives %s", want)
	}
	o, err := ParseOutcome(recorded)
	if err != nil {
		return err
	}
	got, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("encoding the recorded result: %w", err)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("recorded %s, the replay gives %s", got, want)
	}
	return nil
}

// seqRange names the events from a to b.
func seqRange(a, b int64) string {
	if a == b {
		return fmt.Sprintf("event %d is", a)
	}
	return fmt.Sprintf("events %d to %d are", a, b)
}
