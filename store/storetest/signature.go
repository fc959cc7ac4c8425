package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"plateau/store"
)

// testSignature: an append's Update.Signature is stored with its events,
// kept by the appends without one, replaced by the next, and not written
// by an append that fails.
func testSignature(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, NewGame("sig"))
	check := func(when, want string) {
		t.Helper()
		g, err := s.Game(ctx, "sig")
		if err != nil {
			t.Fatal(err)
		}
		if string(g.Signature) != want {
			t.Errorf("%s: Game's signature %q, want %q", when, g.Signature, want)
		}
		gs, err := s.List(ctx, store.Filter{})
		if err != nil || len(gs) != 1 || string(gs[0].Signature) != want {
			t.Errorf("%s: List: %v, %d games; want the signature %q", when, err, len(gs), want)
		}
	}
	check("created", "")
	first := json.RawMessage(`{"key":"a","sig":"1"}`)
	if err := s.Append(ctx, "sig", events(1, 2), &store.Update{Status: store.StatusFinished, Result: json.RawMessage(`{"over":true}`), Signature: first}); err != nil {
		t.Fatal(err)
	}
	check("signed at the end", string(first))
	if err := s.Append(ctx, "sig", nil, &store.Update{Status: store.StatusFinished}); err != nil {
		t.Fatal(err)
	}
	check("after an update without a signature", string(first))
	second := json.RawMessage(`{"key":"a","sig":"2"}`)
	if err := s.Append(ctx, "sig", events(3, 1), &store.Update{Signature: second}); err != nil {
		t.Fatal(err)
	}
	check("signed again", string(second))
	err := s.Append(ctx, "sig", events(3, 1), &store.Update{Signature: json.RawMessage(`{"key":"a","sig":"3"}`)})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("append at a stale version: %v, want ErrConflict", err)
	}
	check("after a refused append", string(second))
}
