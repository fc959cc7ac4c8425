package room

import (
	"encoding/json"
	"fmt"
	"time"

	"plateau/game"
	"plateau/store"
)

// EventOf is the stored event of an exported one, the inverse of ToJSON.
func EventOf(e EventJSON) (store.Event, error) {
	data, err := json.Marshal(eventData{Result: e.Result, RematchID: e.RematchID, Seat: e.Seat, Seed: e.Seed, Auto: e.Auto, Aborted: e.Aborted, Name: e.Name})
	if err != nil {
		return store.Event{}, fmt.Errorf("event %d: %w", e.Seq, err)
	}
	return store.Event{Seq: e.Seq, Kind: e.Kind, Player: e.Player, Notation: e.Notation, Time: e.Time, Data: data}, nil
}

// clocks are the clocks of an export's time control, nil when untimed.
func (x Export) clocks() *Clocks {
	c := x.Clock
	if c == nil {
		return nil
	}
	kinds := make([]string, len(x.Seats))
	for i, st := range x.Seats {
		kinds[i] = st.Kind
	}
	return NewClocks(store.Clock{Initial: time.Duration(c.InitialMS) * time.Millisecond,
		Increment: time.Duration(c.IncrementMS) * time.Millisecond, PerMove: time.Duration(c.PerMoveMS) * time.Millisecond, Berserk: c.Berserk}, kinds)
}

// PlayOf replays an export's events (undos, resignations and timeouts
// included) and returns the play they lead to. Unlike Verify it checks
// neither the dice seed nor that the export is complete: it is for
// reading a game (plateau review), not for trusting its rolls.
func PlayOf(games *game.Registry, x Export) (*Play, error) {
	if x.Format != ExportFormat {
		return nil, fmt.Errorf("format %q is not %s", x.Format, ExportFormat)
	}
	g, err := games.Lookup(x.Game)
	if err != nil {
		return nil, err
	}
	cfg, err := game.NewConfig(g, x.Variant)
	if err != nil {
		return nil, err
	}
	p, err := NewPlay(g, cfg)
	if err != nil {
		return nil, err
	}
	p.Clock = x.clocks()
	for _, e := range x.Events {
		se, err := EventOf(e)
		if err != nil {
			return nil, err
		}
		if err := p.Apply(se); err != nil {
			return nil, &Mismatch{Seq: e.Seq, Kind: e.Kind, What: fmt.Sprintf("%q does not replay: %v", e.Notation, err)}
		}
	}
	return p, nil
}
