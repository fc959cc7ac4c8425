package room

import (
	"errors"
	"slices"
	"testing"

	"plateau/games"
)

// TestPlayOf replays an export with an accepted undo: the move list is the
// game's after it.
func TestPlayOf(t *testing.T) {
	one := 1
	x := Export{Format: ExportFormat, Game: "dames", Events: []EventJSON{
		{Seq: 1, Kind: KindMove, Player: 0, Notation: "32-28"},
		{Seq: 2, Kind: KindMove, Player: 1, Notation: "19-23"},
		{Seq: 3, Kind: KindUndoRequest, Player: 1},
		{Seq: 4, Kind: KindUndoAccept, Player: 0, Seat: &one},
		{Seq: 5, Kind: KindMove, Player: 1, Notation: "18-23"},
	}}
	p, err := PlayOf(games.Registry(), x)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range p.Moves {
		got = append(got, m.Notation)
	}
	if want := []string{"32-28", "18-23"}; !slices.Equal(got, want) {
		t.Errorf("moves %q, want %q", got, want)
	}
	x.Events[4].Notation = "18-24"
	var mm *Mismatch
	if _, err := PlayOf(games.Registry(), x); !errors.As(err, &mm) || mm.Seq != 5 {
		t.Errorf("an illegal move: error %v, want a mismatch at event 5", err)
	}
	x.Format = "other/1"
	if _, err := PlayOf(games.Registry(), x); err == nil {
		t.Error("a wrong format is accepted")
	}
}
