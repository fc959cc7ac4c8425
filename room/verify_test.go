package room_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"plateau/dice"
	"plateau/game"
	"plateau/games"
	"plateau/room"
	"plateau/store"
)

// finishedExport plays gameID to its end with random moves from seed and
// the rolls the dice seed derives, and returns the game's export.
func finishedExport(t *testing.T, gameID string, seed uint64) room.Export {
	t.Helper()
	reg := games.Registry()
	g, err := reg.Lookup(gameID)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.NewConfig(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	diceSeed := bytes.Repeat([]byte{byte(seed)}, 32)
	rec := &store.Game{ID: fmt.Sprintf("%s%d", gameID, seed), Game: gameID, Variant: cfg, DiceSeed: diceSeed,
		Status: store.StatusLive, Created: t0, Updated: t0}
	for range st.Players() {
		rec.Seats = append(rec.Seats, store.Seat{Kind: store.Human, Joined: true})
	}
	p, err := room.Replay(reg, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var evs []store.Event
	for !p.Over() {
		if len(evs) > 20000 {
			t.Fatalf("%s seed %d: no end after %d events", gameID, seed, len(evs))
		}
		e := store.Event{Seq: p.Version + 1, Kind: room.KindMove, Player: int(p.State.ToMove()), Time: t0}
		if p.State.ToMove() == game.Chance {
			m, err := dice.Roll(diceSeed, p.Rolls+1, p.State.ChanceMoves(nil))
			if err != nil {
				t.Fatal(err)
			}
			e.Kind, e.Notation = room.KindRoll, p.State.FormatMove(m)
		} else {
			ms := p.State.Moves(nil)
			e.Notation = p.State.FormatMove(ms[rng.IntN(len(ms))])
		}
		if err := p.Apply(e); err != nil {
			t.Fatalf("%s seed %d: %v", gameID, seed, err)
		}
		evs = append(evs, e)
	}
	result, _ := json.Marshal(p.Outcome())
	data, _ := json.Marshal(map[string]any{"result": json.RawMessage(result), "seed": hex.EncodeToString(diceSeed)})
	end := store.Event{Seq: p.Version + 1, Kind: room.KindEnd, Player: room.NoPlayer, Data: data, Time: t0}
	if err := p.Apply(end); err != nil {
		t.Fatal(err)
	}
	evs = append(evs, end)
	rec.Version, rec.Status, rec.Result = p.Version, store.StatusFinished, result
	return room.ExportOf(rec, evs)
}

// swapped returns a result other than raw's: the results rotated by one
// seat, or the first seat winning if that changes nothing.
func swapped(t *testing.T, raw json.RawMessage) json.RawMessage {
	t.Helper()
	o, err := room.ParseOutcome(raw)
	if err != nil {
		t.Fatal(err)
	}
	n := len(o.Results)
	rot := slices.Clone(o.Results)
	for i := range rot {
		rot[i] = o.Results[(i+1)%n]
	}
	if slices.Equal(rot, o.Results) {
		rot = game.Finished(n, o.Reason, 0).Results
	}
	o.Results = rot
	b, _ := json.Marshal(o)
	return b
}

func TestVerify(t *testing.T) {
	reg := games.Registry()
	for _, id := range reg.IDs() {
		t.Run(id, func(t *testing.T) {
			x := finishedExport(t, id, 3)
			endSeq := x.Events[len(x.Events)-1].Seq
			if _, err := room.Verify(reg, x); err != nil {
				t.Fatalf("a good export of %d events: %v", len(x.Events), err)
			}
			clone := func() room.Export {
				y := x
				y.Events = slices.Clone(x.Events)
				return y
			}
			tests := []struct {
				name   string
				tamper func(*room.Export)
				seq    int64 // the event the error must name
				kind   string
			}{
				{"record result swapped", func(y *room.Export) { y.Result = swapped(t, y.Result) }, endSeq, room.KindEnd},
				{"end result swapped", func(y *room.Export) {
					e := &y.Events[len(y.Events)-1]
					e.Result = swapped(t, e.Result)
				}, endSeq, room.KindEnd},
				{"both results swapped", func(y *room.Export) {
					y.Result = swapped(t, y.Result)
					y.Events[len(y.Events)-1].Result = y.Result
				}, endSeq, room.KindEnd},
				{"cut in half", func(y *room.Export) { y.Events = y.Events[:len(y.Events)/2] },
					x.Events[len(x.Events)/2-1].Seq, x.Events[len(x.Events)/2-1].Kind},
				{"cut in half, version lowered", func(y *room.Export) {
					y.Events = y.Events[:len(y.Events)/2]
					y.Version = int64(len(y.Events))
				}, x.Events[len(x.Events)/2-1].Seq, x.Events[len(x.Events)/2-1].Kind},
				{"end removed", func(y *room.Export) {
					y.Events = y.Events[:len(y.Events)-1]
					y.Version--
				}, endSeq - 1, x.Events[len(x.Events)-2].Kind},
				{"an event missing", func(y *room.Export) { y.Events = slices.Delete(y.Events, 1, 2) }, 3, x.Events[2].Kind},
				{"status not finished", func(y *room.Export) { y.Status = store.StatusLive }, endSeq, room.KindEnd},
				{"no version", func(y *room.Export) { y.Version = 0 }, 0, ""},
			}
			for _, tt := range tests {
				y := clone()
				tt.tamper(&y)
				_, err := room.Verify(reg, y)
				t.Logf("%s: %v", tt.name, err)
				var mm *room.Mismatch
				if !errors.As(err, &mm) || mm.Seq != tt.seq || mm.Kind != tt.kind {
					t.Errorf("%s: Verify = %v, want a mismatch naming event %d (%s)", tt.name, err, tt.seq, tt.kind)
				}
			}
		})
	}
}
