package server_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"plateau/games"
	"plateau/room"
	"plateau/server/wsclient"
)

func TestExportVerifies(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	g := ts.create(t, "shutbox", nil, "hh", false)
	p := join(t, ts, g.ID, 0, g.Seats[0].Token, g.Seats[1].Token)
	var x room.Export
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+g.ID+"/export", &x); err != nil {
		t.Fatal(err)
	}
	if _, err := room.Verify(games.Registry(), x); err == nil || x.Dice.Seed != "" {
		t.Errorf("unfinished game: seed %q revealed, Verify = %v; want no seed and an error", x.Dice.Seed, err)
	}
	for !p.over() {
		if err := p.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+g.ID+"/export", &x); err != nil {
		t.Fatal(err)
	}
	rolls, err := room.Verify(games.Registry(), x)
	if err != nil || rolls == 0 || x.Dice.Commitment != g.DiceCommitment {
		t.Fatalf("Verify = %d rolls, %v; commitment %s, created with %s", rolls, err, x.Dice.Commitment, g.DiceCommitment)
	}
	// Change one roll: Verify names it.
	for i, e := range x.Events {
		if e.Kind == room.KindRoll {
			x.Events[i].Notation = map[bool]string{true: "1-1", false: "6-6"}[e.Notation != "1-1"]
			break
		}
	}
	var mm *room.RollMismatch
	if _, err := room.Verify(games.Registry(), x); !errors.As(err, &mm) || mm.K != 1 {
		t.Errorf("tampered roll: Verify = %v, want a mismatch at roll 1", err)
	}
}
