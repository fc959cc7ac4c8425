package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"plateau/games"
	"plateau/record"
	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
)

// TestRecordKeysServed: a server with keys serves them at
// /.well-known/plateau-key, and the export of a game it finished verifies
// with what it serves; a server without keys answers 404.
func TestRecordKeysServed(t *testing.T) {
	k, err := record.Generate(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, func(o *server.Options) { o.Keys = k })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var set record.KeySet
	if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/.well-known/plateau-key", &set); err != nil {
		t.Fatal(err)
	}
	if set.Current != k.ID() || len(set.Keys) != 1 {
		t.Fatalf("served key set %+v, want key %s", set, k.ID())
	}
	g := ts.create(t, "shutbox", nil, "aa", false)
	var x room.Export
	for x.Status != "finished" { // the AI seats play it to the end
		if ctx.Err() != nil {
			t.Fatalf("game %s not over: %+v", g.ID, x)
		}
		time.Sleep(20 * time.Millisecond)
		if err := wsclient.GetJSON(ctx, ts.HTTP, ts.URL, "/api/games/"+g.ID+"/export", &x); err != nil {
			t.Fatal(err)
		}
	}
	if err := room.VerifySignature(x, set); err != nil {
		t.Errorf("the export of a game the server finished: %v", err)
	}
	if _, err := room.Verify(games.Registry(), x); err != nil {
		t.Error(err)
	}

	bare := newTestServer(t, nil)
	resp, err := bare.HTTP.Get(bare.URL + "/.well-known/plateau-key")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct{ Error struct{ Code string } }
	json.NewDecoder(resp.Body).Decode(&body)
	if resp.StatusCode != http.StatusNotFound || body.Error.Code != "not_found" {
		t.Errorf("a server without keys: %d %+v, want 404 not_found", resp.StatusCode, body)
	}
}
