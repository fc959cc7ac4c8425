package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"plateau/games"
	"plateau/room"
	"plateau/server"
	"plateau/server/wsclient"
	"plateau/store/sqlite"
)

// TestVerifyCommand verifies the export of a game the server played, then
// the same export swapped and cut.
func TestVerifyCommand(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: st, Games: games.Registry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close(); st.Close() }()
	g, err := wsclient.Create(ctx, ts.Client(), ts.URL, wsclient.CreateRequest{Game: "shutbox",
		Seats: []wsclient.Seat{{Kind: "ai", Level: "easy"}, {Kind: "ai", Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	var x room.Export
	for x.Status != "finished" { // the AI seats play it to the end
		if ctx.Err() != nil {
			t.Fatalf("game %s not over: %+v", g.ID, x)
		}
		time.Sleep(20 * time.Millisecond)
		if err := wsclient.GetJSON(ctx, ts.Client(), ts.URL, "/api/games/"+g.ID+"/export", &x); err != nil {
			t.Fatal(err)
		}
	}
	verify := func(x room.Export) (int, string) {
		b, _ := json.Marshal(x)
		file := filepath.Join(t.TempDir(), "game.json")
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := cli("", "verify", file)
		return code, stdout + stderr
	}
	if code, out := verify(x); code != 0 || !strings.HasPrefix(out, "OK: game "+g.ID) {
		t.Fatalf("verify of the export: exit %d, %q", code, out)
	}
	cut := x
	cut.Events = x.Events[:len(x.Events)/2]
	last := cut.Events[len(cut.Events)-1]
	want := fmt.Sprintf("event %d (%s): is the last event, but the game's version is %d", last.Seq, last.Kind, x.Version)
	if code, out := verify(cut); code != 1 || !strings.Contains(out, want) {
		t.Errorf("verify of the export cut in half: exit %d, %q; want 1 and %q", code, out, want)
	}
	swapped := x
	o, _ := room.ParseOutcome(x.Result)
	o.Results[0], o.Results[1] = o.Results[1], o.Results[0]
	if o.Results[0] == o.Results[1] { // a tie: change the scores instead
		o.Scores[0]++
	}
	swapped.Result, _ = json.Marshal(o)
	if code, out := verify(swapped); code != 1 || !strings.Contains(out, "(end): the record's result: recorded") {
		t.Errorf("verify of the export with a swapped result: exit %d, %q", code, out)
	}
}
