package room

import (
	"encoding/json"
	"time"

	"plateau/dice"
	"plateau/protocol"
	"plateau/record"
	"plateau/store"
)

// The wire types, defined in package protocol.
type (
	SeatJSON  = protocol.Seat
	DiceJSON  = protocol.Dice
	Summary   = protocol.Summary
	ClockJSON = protocol.Clock
	EventJSON = protocol.Event
	MoveRec   = protocol.Move
	// Refusal is why an event or message was refused.
	Refusal = protocol.Refusal
)

// SummaryOf is the summary of a stored game, without moves or view.
func SummaryOf(rec *store.Game) Summary {
	s := Summary{ID: rec.ID, Game: rec.Game, Variant: rec.Variant, Casual: rec.Casual, Rated: rec.Rated, Status: rec.Status,
		Created: rec.Created, Updated: rec.Updated, Version: rec.Version, Result: rec.Result, RematchOf: rec.RematchOf,
		Dice: DiceJSON{Commitment: dice.Commitment(rec.DiceSeed)}, Clock: ClockConfigJSON(rec.Clock)}
	for i, st := range rec.Seats {
		s.Seats = append(s.Seats, SeatJSON{Seat: i, Kind: st.Kind, Level: st.Level, Joined: st.Joined, Open: st.Claimable(), Name: st.Name})
	}
	if rec.Status == store.StatusFinished {
		s.Dice.Seed = seedHex(rec.DiceSeed)
	}
	return s
}

// Export is the JSON record of a game that "plateau verify" checks.
type Export struct {
	Format    string            `json:"format"` // "plateau-game/1"
	ID        string            `json:"id"`
	Game      string            `json:"game"`
	Variant   map[string]string `json:"variant"`
	Casual    bool              `json:"casual"`
	Status    string            `json:"status"`
	Created   time.Time         `json:"created"`
	Seats     []SeatJSON        `json:"seats"`
	Result    json.RawMessage   `json:"result,omitempty"`
	RematchOf string            `json:"rematch_of,omitempty"`
	Dice      DiceJSON          `json:"dice"`
	Clock     *ClockJSON        `json:"clock,omitempty"` // the time control
	// Version is the seq of the game's last event: the number of events.
	Version int64       `json:"version"`
	Events  []EventJSON `json:"events"`
	// Rated: the game's end updated its players' ratings.
	Rated bool `json:"rated"`
	// Signature is the server's signature of the record, set once the
	// game is finished (see VerifySignature).
	Signature *record.Signature `json:"signature,omitempty"`
}

// ExportFormat names the export's format and version.
const ExportFormat = "plateau-game/1"

// ExportOf builds a game's export.
func ExportOf(rec *store.Game, events []store.Event) Export {
	s := SummaryOf(rec)
	x := Export{Format: ExportFormat, ID: s.ID, Game: s.Game, Variant: s.Variant, Casual: s.Casual, Status: s.Status,
		Created: s.Created, Seats: s.Seats, Result: s.Result, RematchOf: s.RematchOf, Dice: s.Dice, Clock: s.Clock, Version: rec.Version, Events: []EventJSON{},
		Rated: rec.Rated}
	if rec.Signature != nil {
		// A signature that does not decode is exported empty: it verifies
		// as no signature of this server.
		x.Signature = &record.Signature{}
		json.Unmarshal(rec.Signature, x.Signature)
	}
	for _, e := range events {
		if e.Seq > rec.Version { // appended after rec was read: not part of this snapshot
			break
		}
		x.Events = append(x.Events, ToJSON(e))
	}
	return x
}
